"""Who sits where: always four seats, clockwise 0 -> 1 -> 2 -> 3; people and computer seats.

Layouts (the people always get the lowest free seats of their pattern):

- 4 people: seats 0-3.
- 3 people: seats 0, 1, 2; the computer seat (NPC) is seat 3, between seat 2 and seat 0.
- 2 people: the rulebook's team order A, b, B, a: person A at seat 0, NPC b at 1,
  person B at 2, NPC a at 3. Each person's partner is the NPC on their right, i.e. the
  seat playing just before them: team A = seats 0 and 3, team B = seats 2 and 1.
- 1 person: seat 0; NPCs at seats 1, 2 and 3.

"Counter-clockwise" is decreasing seat number; "the player to the right" of seat s is
seat s - 1.
"""

from __future__ import annotations

from games.engines.base import gettext_lazy, join_texts, pgettext_lazy

NUM_SEATS = 4
COLOURS: tuple[str, ...] = (
    pgettext_lazy("Tri*T*Area colour", "Black"),
    pgettext_lazy("Tri*T*Area colour", "White"),
    pgettext_lazy("Tri*T*Area colour", "Orange"),
    pgettext_lazy("Tri*T*Area colour", "Purple"),
)

_PEOPLE: dict[int, tuple[int, ...]] = {
    1: (0,),
    2: (0, 2),
    3: (0, 1, 2),
    4: (0, 1, 2, 3),
}
# 2-person team game: team letter -> (person seat, NPC partner seat)
TEAMS: dict[str, tuple[int, int]] = {"A": (0, 3), "B": (2, 1)}
TEAM_OF: tuple[str, ...] = ("A", "B", "B", "A")
_TEAM_LETTERS: tuple[str, ...] = ("A", "b", "B", "a")


def people(num_players: int) -> tuple[int, ...]:
    return _PEOPLE[num_players]


def npcs(num_players: int) -> tuple[int, ...]:
    return tuple(s for s in range(NUM_SEATS) if s not in _PEOPLE[num_players])


def is_npc_table(num_players: int) -> tuple[bool, ...]:
    """One flag per seat: True where the seat is computer-run."""
    humans = _PEOPLE[num_players]
    return tuple(s not in humans for s in range(NUM_SEATS))


def labels(num_players: int) -> tuple[str, ...]:
    """Seat names for logs and pages, e.g. ``"White (b, computer)"`` in the team game."""
    flags = is_npc_table(num_players)
    result = []
    for s in range(NUM_SEATS):
        tags = []
        if num_players == 2:
            tags.append(_TEAM_LETTERS[s])
        if flags[s]:
            tags.append(pgettext_lazy("seat", "computer"))
        if tags:
            result.append(
                gettext_lazy("%(colour)s (%(tags)s)", colour=COLOURS[s], tags=join_texts(tags))
            )
        else:
            result.append(COLOURS[s])
    return tuple(result)


def partner(seat: int) -> int:
    """Team partner in the 2-person game."""
    a_person, a_npc = TEAMS["A"]
    b_person, b_npc = TEAMS["B"]
    return {a_person: a_npc, a_npc: a_person, b_person: b_npc, b_npc: b_person}[seat]
