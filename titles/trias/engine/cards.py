"""Trias cards, tiles and herds per player count (rulebook "Components", TS15).

Cards are one-letter codes: ``M`` mountain, ``S`` steppe, ``W`` wood, ``X`` the
Meteorite Impact. Deck 1 lies face down on deck 2; the deck is a tuple, top first.
"""

from __future__ import annotations

from games.engines.base import pgettext_lazy

from .board import MOUNTAIN, STEPPE, WOOD

METEORITE = "X"
CARD_NAMES = {
    MOUNTAIN: pgettext_lazy("Trias card", "mountain"),
    STEPPE: pgettext_lazy("Trias card", "steppe"),
    WOOD: pgettext_lazy("Trias card", "wood"),
    METEORITE: pgettext_lazy("Trias card", "Meteorite Impact"),
}


def herds_per_player(num_players: int) -> int:
    """15 herds each, 10 in the two-player game (TS15)."""
    return 10 if num_players == 2 else 15


def land_tiles(num_players: int) -> dict[str, int]:
    """The land tiles besides the South Pole (TS15); water tiles are separate."""
    if num_players == 2:
        return {MOUNTAIN: 5, STEPPE: 7, WOOD: 6}
    return {MOUNTAIN: 9, STEPPE: 15, WOOD: 12}


def water_tiles(num_players: int) -> int:
    return 0 if num_players == 2 else 2


def deck1(num_players: int, shorter: bool = False) -> dict[str, int]:
    """Deck 1's composition (TS15): three players remove one card of each landscape,
    two of each with the "shorter game" option."""
    if num_players == 2:
        return {MOUNTAIN: 5, STEPPE: 6, WOOD: 5}
    cards = {MOUNTAIN: 7, STEPPE: 13, WOOD: 10}
    if num_players == 3:
        removed = 2 if shorter else 1
        cards = {kind: n - removed for kind, n in cards.items()}
    return cards


def deck2(num_players: int) -> dict[str, int]:
    """Deck 2's composition, the Meteorite included (public, TS16)."""
    if num_players == 2:
        return {MOUNTAIN: 1, STEPPE: 2, WOOD: 1, METEORITE: 1}
    return {MOUNTAIN: 2, STEPPE: 3, WOOD: 3, METEORITE: 1}


def deck2_size(num_players: int) -> int:
    return sum(deck2(num_players).values())


def expand(counts: dict[str, int]) -> list[str]:
    return [kind for kind, n in counts.items() for _ in range(n)]
