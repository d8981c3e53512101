"""What a seat may see (TT11) and one-sentence descriptions of actions.

Never in a view: another seat's hand, NPC hands, the deck, a hidden round-3 declaration
before the reveal, a round-2 declaration card before scoring, the seed.

View fields: ``round``, ``trick`` (1-8), ``phase`` (lead, sell, play, build, extra,
over), ``start_player``, ``leader``, ``to_move`` (people), ``acting_seat`` (whose
cards or blocks the pending decision uses), ``deciding_for`` (the computer seat a person
decides for, else None), ``seats`` (label, colour, computer, score, blocks, cards in
hand, lead declared / revealed lead, team), ``hand`` (the viewer's own, else None),
``board`` (16 squares: area, stack bottom to top, height, bonus still available,
printed bonus), ``areas`` (names and points), ``standings`` (per area, groups of tied
seats, strongest first), ``played`` (this trick), ``played_this_round``, ``adopted``,
``rights``, ``building``, ``last_built``, ``sell_order``, ``leads_revealed``, ``log``,
``scoring`` (lines of each finished round), ``adopted_this_round`` (the concept letter
adopted in each resolved trick of this round, in order: public, read from the log),
and ``teams`` in the 2-person game.
"""

from __future__ import annotations

from games.engines.base import gettext_lazy

from . import seats
from .board import AREA_OF, AREAS, BONUS, SQUARES
from .cards import parse_played
from .notation import PASS, normalize
from .rules import LABELS, NPC, acting_seat, deciding_for, n_blocks, n_points, to_move
from .scoring import area_standings
from .state import BUILD, EXTRA, SELL, State


def view(state: State, seat: int | None) -> dict:
    n = state.num_players
    npc = NPC[n]
    labels = LABELS[n]
    own = seat is not None and 0 <= seat < seats.NUM_SEATS and not npc[seat]
    seat_rows = []
    for s in range(seats.NUM_SEATS):
        declared = state.lead[s]
        row = {
            "seat": s,
            "label": labels[s],
            "colour": seats.COLOURS[s],
            "computer": npc[s],
            "score": state.scores[s],
            "blocks": state.blocks[s],
            "cards": len(state.hands[s]),
            "lead_declared": bool(declared),
            "lead": declared if state.lead_revealed or (own and s == seat) else None,
        }
        if n == 2:
            row["team"] = seats.TEAM_OF[s]
        seat_rows.append(row)
    rights = [
        {"seat": holder, "rank": rank, "right": i + 1}
        for i, (holder, rank) in enumerate(state.rights)
    ]
    data = {
        "game": "tritarea",
        "num_players": n,
        "round": state.round,
        "trick": state.trick_no,
        "phase": state.phase,
        "start_player": state.start_player,
        "leader": state.leader,
        "to_move": list(to_move(state)),
        "acting_seat": acting_seat(state),
        "deciding_for": deciding_for(state),
        "seats": seat_rows,
        "hand": list(state.hands[seat]) if own else None,
        "board": [
            {
                "square": SQUARES[i],
                "area": AREA_OF[i],
                "stack": list(stack),
                "height": len(stack),
                "bonus": BONUS[i] if not stack else 0,
                "printed_bonus": BONUS[i],
            }
            for i, stack in enumerate(state.board)
        ],
        "areas": {
            letter: {"name": name, "colour": colour, "first": p1, "second": p2}
            for letter, (name, colour, p1, p2) in AREAS.items()
        },
        "standings": {area: area_standings(state.board, area) for area in AREAS},
        "played": [{"seat": s, "card": card, "rank": rank} for s, card, rank in state.trick],
        "played_this_round": list(state.seen),
        "adopted": state.adopted or None,
        "rights": rights,
        "building": state.rights[state.builder][0] if state.phase in (BUILD, EXTRA) else None,
        "last_built": SQUARES[state.last_built] if state.phase == EXTRA else None,
        "sell_order": list(state.sell_order),
        "leads_revealed": state.lead_revealed,
        "log": list(state.log),
        "adopted_this_round": adopted_this_round(state),
        "scoring": [
            {"round": i + 1, "lines": list(lines)} for i, lines in enumerate(state.scoring)
        ],
    }
    if n == 2:
        data["teams"] = {
            letter: {
                "seats": list(members),
                "score": sum(state.scores[m] for m in members),
            }
            for letter, members in seats.TEAMS.items()
        }
    return data


_CONCEPT_OF_NAME = {name: letter for letter, (name, *_rest) in AREAS.items()}


def adopted_this_round(state: State) -> list[str]:
    """The concept adopted in each resolved trick of the current round, from the public
    log (``rules.start_round`` opens a round with "Round N: ...", ``rules.resolve_trick``
    writes "Trick N: <name> adopted; ...")."""
    found: list[str] = []
    opening = f"Round {state.round}: "
    for line in reversed(state.log):
        if line.startswith(opening):
            break
        if line.startswith("Trick ") and " adopted;" in line:
            name = line.partition(": ")[2].partition(" adopted;")[0]
            if name in _CONCEPT_OF_NAME:
                found.append(_CONCEPT_OF_NAME[name])
    return found[::-1]


def describe(state: State, seat: int, action: str) -> str:
    """One plain sentence about ``action`` taken by ``seat`` in ``state`` (before it)."""
    labels = LABELS[state.num_players]
    text = normalize(action) if isinstance(action, str) else ""
    words = text.split()
    if isinstance(seat, int) and 0 <= seat < seats.NUM_SEATS:
        who = labels[seat]
    else:
        who = gettext_lazy("Someone")
    for_npc = deciding_for(state)
    if for_npc is not None and state.phase in (BUILD, EXTRA, SELL):
        who = gettext_lazy("%(who)s, deciding for %(npc)s,", who=who, npc=labels[for_npc])
    if not words:
        return gettext_lazy("%(who)s does nothing.", who=who)
    verb = words[0]
    if verb == "p" and len(words) == 2:
        card, rank, cost = parse_played(words[1]) if _valid_card(words[1]) else (words[1], 0, 0)
        if cost:
            return gettext_lazy(
                "%(who)s plays %(card)s as %(rank)s, paying %(points)s.",
                who=who,
                card=card,
                rank=rank,
                points=n_points(cost),
            )
        return gettext_lazy("%(who)s plays %(card)s.", who=who, card=card)
    if verb == "lead":
        return gettext_lazy("%(who)s chooses a lead area in secret.", who=who)
    if verb == "sell" and len(words) == 2 and words[1].isdigit():
        count = int(words[1])
        return gettext_lazy(
            "%(who)s sells %(blocks)s for %(points)s.",
            who=who,
            blocks=n_blocks(count),
            points=n_points(3 * count),
        )
    if verb == "b" and len(words) in (2, 3):
        if len(words) == 3:
            return gettext_lazy(
                "%(who)s builds two blocks on %(square)s.", who=who, square=words[1]
            )
        return gettext_lazy("%(who)s builds on %(square)s.", who=who, square=words[1])
    if verb == "x" and len(words) == 2:
        return gettext_lazy(
            "%(who)s places an additional block on %(square)s.", who=who, square=words[1]
        )
    if verb == PASS:
        if state.phase == EXTRA:
            return gettext_lazy("%(who)s places no additional block.", who=who)
        if state.phase == BUILD and state.rights:
            rank = state.rights[state.builder][1]
            return gettext_lazy(
                "%(who)s does not build and loses %(points)s.", who=who, points=n_points(rank)
            )
        return gettext_lazy("%(who)s passes.", who=who)
    return gettext_lazy("%(who)s plays %(action)s.", who=who, action=f"'{text}'")


def _valid_card(token: str) -> bool:
    card, _, chosen = token.partition("=")
    return (
        len(card) == 2
        and card[0] in AREAS
        and card[1].isdigit()
        and (not chosen or chosen in ("0", "10"))
    )
