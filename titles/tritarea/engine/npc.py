"""Computer-run seats (NPCs) and the person who decides for them (TT8).

An NPC plays the top card of its hand (its "deck"), never pays for a 5, declares its
top card as its lead area in round 3, and keeps its last card as its round-2
declaration of intent.

Decisions the rules give to a person:

- 1 person: the person decides everything for every NPC (building and block sale).
- 2 people: each NPC's team partner decides for it (building and block sale).
- 3 people: when the NPC holds the second right, the first rights holder decides;
  when it holds the first (or only) right, the winner of the previous trick, i.e. the
  leader of this trick. Site rule where the rulebook is silent: if that leader is the
  NPC itself (it won the previous trick, or starts the round), the person seated next
  clockwise after the NPC decides. The NPC sells 4 blocks for 12 points by itself.

When an NPC holds a building right and has blocks, the decider must place at least
one block for it (TT8); the additional block stays optional.
"""

from __future__ import annotations

from . import seats

NPC_SALE_THREE_PEOPLE = 4


def npc_card(hand: tuple[str, ...]) -> str:
    """The NPC plays (and declares) the top card of its deck."""
    return hand[0]


def build_decider(
    num_players: int, npc_seat: int, rights: tuple[tuple[int, int], ...], builder: int, leader: int
) -> int:
    """The person who decides where ``npc_seat`` builds with its current right."""
    if num_players == 1:
        return 0
    if num_players == 2:
        return seats.partner(npc_seat)
    # 3 people
    if builder == 1:
        return rights[0][0]
    if leader != npc_seat:
        return leader
    return (npc_seat + 1) % seats.NUM_SEATS


def sale_decider(num_players: int, npc_seat: int) -> int | None:
    """Who decides the NPC's block sale; ``None``: the NPC sells 4 by itself (3 people)."""
    if num_players == 1:
        return 0
    if num_players == 2:
        return seats.partner(npc_seat)
    return None
