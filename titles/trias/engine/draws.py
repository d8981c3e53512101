"""The next card drawn, chosen (the analysis board, ``planning.chance``): where a line's
next step draws a card the viewer has not seen, they choose which card comes among
those they could count from their own view (TS16), instead of taking the sample's.

Both Trias draws take the deck's top card (the Phase 1 draw and the new hand card after
a played one: ``rules._draw``). What the viewer can count: the cards of the deck the
next draw comes from (deck 1 while it lasts, then deck 2, which holds the Meteorite)
that they have not seen, i.e. that deck's cards left plus the hand cards of the other
seats that came from it (which deck a hand card came from is public). On an analysis
state (itself sampled for the viewer) those are the deck's segment and the other seats'
sampled hands of that origin; choosing a card puts it on top, swapping it with the
segment's card or with another seat's sampled hand card. The choices name kinds of
cards the viewer could count themselves, never the real deck.
"""

from __future__ import annotations

from dataclasses import replace

from .cards import CARD_NAMES, deck2_size


def _unseen(state, viewer: int | None) -> tuple[range, list[int]]:
    """Where the next drawn card may be, from the viewer's view: the deck's positions
    it is drawn from (top first) and the other seats whose hand came from that deck."""
    split = max(0, len(state.deck) - deck2_size(state.num_players))
    origin = 1 if split else 2
    segment = range(split or len(state.deck))
    seats = [
        s
        for s in range(state.num_players)
        if s != viewer and state.hands[s] and state.hand_from[s] == origin
    ]
    return segment, seats


def next_draw_choices(state, viewer: int | None) -> list[tuple[str, str]]:
    """The cards the next draw may bring, as (card, its name), in a fixed order; [] where
    nothing is drawn (an empty deck)."""
    if not state.deck:
        return []
    segment, seats = _unseen(state, viewer)
    cards = {state.deck[i] for i in segment} | {state.hands[s] for s in seats}
    return [(card, CARD_NAMES[card]) for card in CARD_NAMES if card in cards]


def with_next_draw(state, viewer: int | None, card: str):
    """``state`` with ``card`` on top of the deck; ``ValueError`` unless it is one of
    ``next_draw_choices``."""
    if card not in {c for c, _name in next_draw_choices(state, viewer)}:
        raise ValueError(card)
    deck, hands = list(state.deck), list(state.hands)
    segment, seats = _unseen(state, viewer)
    at = next((i for i in segment if deck[i] == card), None)
    if at is not None:
        deck[0], deck[at] = deck[at], deck[0]
    else:  # in another seat's sampled hand: it takes the top card instead (same deck)
        seat = next(s for s in seats if hands[s] == card)
        hands[seat], deck[0] = deck[0], card
    return replace(state, deck=tuple(deck), hands=tuple(hands))
