"""The 36 planning cards: four concepts (suits) I, M, E, H, ranks 1-9.

A card is written suit letter + rank: ``H7``, ``I5``. Rank-5 cards are special (TT3):
when played (or declared) in rounds 2 and 3 a 5 may stay 5, or become 0 for 1 point,
or 10 for 2 points, only with enough points; written ``I5=0`` / ``I5=10``.
"""

from __future__ import annotations

from .board import AREAS

SUITS: tuple[str, ...] = tuple(AREAS)  # I, M, E, H: also the area order everywhere
SUIT_ORDER = {suit: i for i, suit in enumerate(SUITS)}
FIVE_COSTS: dict[int, int] = {5: 0, 0: 1, 10: 2}  # chosen rank -> points paid


def full_deck(with_fives: bool) -> tuple[str, ...]:
    """All cards in a fixed order; round 1 plays without the four 5s."""
    return tuple(
        f"{suit}{rank}" for suit in SUITS for rank in range(1, 10) if with_fives or rank != 5
    )


def sort_key(card: str) -> tuple[int, int]:
    return SUIT_ORDER[card[0]], int(card[1:])


def sorted_cards(cards) -> tuple[str, ...]:
    return tuple(sorted(cards, key=sort_key))


def card_choices(card: str, score: int, fives_allowed: bool) -> list[tuple[str, int, int]]:
    """``(written, rank, cost)`` for each way ``card`` may be played (TT3).

    A 5 also offers ``=0`` (1 point) and ``=10`` (2 points) when the player can pay.
    """
    rank = int(card[1:])
    choices = [(card, rank, 0)]
    if rank == 5 and fives_allowed:
        if score >= 1:
            choices.append((f"{card}=0", 0, 1))
        if score >= 2:
            choices.append((f"{card}=10", 10, 2))
    return choices


def parse_played(text: str) -> tuple[str, int, int]:
    """``"I5=10"`` -> ``("I5", 10, 2)``; ``"H7"`` -> ``("H7", 7, 0)``."""
    card, _, chosen = text.partition("=")
    if not chosen:
        return card, int(card[1:]), 0
    rank = int(chosen)
    return card, rank, FIVE_COSTS[rank]
