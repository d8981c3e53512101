"""The meeting phase: which concept is adopted and who gets the building rights.

Rules (rulebook, "Determination of building rights"):

- The concept with the most cards played is adopted.
- 2-2: the concept whose two cards have the larger rank difference is adopted; if the
  differences are equal, the leader's concept.
- All four different: the leader's concept; the leader is the only rights holder.
- Among the adopted concept's supporters, the lowest rank gets the first right (and
  leads the next trick), the highest rank the second right. Ranks are the played
  ranks, a 5 counted as the 0 or 10 bought for it (TT3). Ranks within a concept never
  tie: each concept has one card per rank and one 5.
"""

from __future__ import annotations


def adopt_concept(trick: tuple[tuple[int, str, int], ...], leader: int) -> str:
    """The adopted concept of a complete trick of ``(seat, card, rank)`` entries."""
    by_suit: dict[str, list[int]] = {}
    leader_suit = ""
    for seat, card, rank in trick:
        by_suit.setdefault(card[0], []).append(rank)
        if seat == leader:
            leader_suit = card[0]
    most = max(len(ranks) for ranks in by_suit.values())
    top = [suit for suit, ranks in by_suit.items() if len(ranks) == most]
    if len(top) == 1:
        return top[0]
    if most == 2:  # 2-2: larger rank spread, then the leader's concept
        spreads = {suit: max(by_suit[suit]) - min(by_suit[suit]) for suit in top}
        widest = max(spreads.values())
        top = [suit for suit in top if spreads[suit] == widest]
        if len(top) == 1:
            return top[0]
    # all different, or a 2-2 with equal spreads: the leader's concept
    return leader_suit


def building_rights(
    trick: tuple[tuple[int, str, int], ...], adopted: str
) -> tuple[tuple[int, int], ...]:
    """``((seat, rank), ...)``: the first right (lowest rank), then the second (highest)."""
    supporters = sorted((rank, seat) for seat, card, rank in trick if card[0] == adopted)
    first_rank, first_seat = supporters[0]
    if len(supporters) == 1:
        return ((first_seat, first_rank),)
    last_rank, last_seat = supporters[-1]
    return ((first_seat, first_rank), (last_seat, last_rank))
