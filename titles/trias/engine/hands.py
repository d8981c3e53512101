"""An opponent's hand card, chosen (the analysis board, ``planning.chance``): where the
line reaches the turn of a seat whose hand card the viewer cannot see, they say which
card it holds, among those they could count from their own view (TS16), instead of
taking the sample's.

A hand card is seen only by its holder; which deck it came from is public (TS16), as
are the number of cards left in each deck and deck 2's composition. So the seat's
card is one of the cards of its deck of origin the viewer has not seen: that deck's
cards left (never the Meteorite, which is revealed as soon as it is drawn, TS12) and
the hand cards of the other seats the viewer cannot see that came from the same deck.
On an analysis state (itself sampled for the viewer) those are the deck's segment and
the other seats' sampled hands of that origin; choosing a card puts it in the seat's
hand and its sampled card where the chosen one was, so the deal stays a deal of the
same cards. The choices name kinds of cards the viewer could count themselves, never
the real hand.
"""

from __future__ import annotations

from dataclasses import replace

from .cards import CARD_NAMES, METEORITE, deck2_size
from .state import OVER


def _segment(state, origin: int) -> range:
    """The deck's positions holding the cards left of deck ``origin`` (deck 1 lies on
    deck 2)."""
    split = max(0, len(state.deck) - deck2_size(state.num_players))
    return range(split) if origin == 1 else range(split, len(state.deck))


def _others(state, viewer: int | None, seat: int) -> list[int]:
    """The other seats whose hand card the viewer cannot see, from ``seat``'s deck."""
    origin = state.hand_from[seat]
    return [
        s
        for s in range(state.num_players)
        if s not in (seat, viewer) and state.hands[s] and state.hand_from[s] == origin
    ]


def hand_choices(state, viewer: int | None, seat: int) -> list[tuple[str, str]]:
    """The cards ``seat``, to move, may hold as far as ``viewer`` can tell, as (card,
    its name) in a fixed order; [] where the viewer sees its card (their own), it holds
    none, or it is not its turn."""
    if (
        state.phase == OVER
        or seat == viewer
        or seat != state.current
        or not 0 <= seat < state.num_players
        or not state.hands[seat]
    ):
        return []
    cards = {state.hands[seat]}
    cards |= {state.deck[i] for i in _segment(state, state.hand_from[seat])}
    cards |= {state.hands[s] for s in _others(state, viewer, seat)}
    return [(card, CARD_NAMES[card]) for card in CARD_NAMES if card in cards and card != METEORITE]


def with_hand_card(state, viewer: int | None, seat: int, card: str):
    """``state`` with ``card`` as ``seat``'s hand card; ``ValueError`` unless it is one
    of ``hand_choices``. Its sampled card takes the chosen one's place: in its deck
    (the lowest such card, so the next draw stays as it was where it can) or in another
    unseen hand of the same deck."""
    if card not in {c for c, _name in hand_choices(state, viewer, seat)}:
        raise ValueError(card)
    held = state.hands[seat]
    if card == held:
        return state
    deck, hands = list(state.deck), list(state.hands)
    segment = _segment(state, state.hand_from[seat])
    at = next((i for i in reversed(segment) if deck[i] == card), None)
    if at is not None:
        deck[at] = held
    else:
        other = next(s for s in _others(state, viewer, seat) if hands[s] == card)
        hands[other] = held
    hands[seat] = card
    return replace(state, deck=tuple(deck), hands=tuple(hands))
