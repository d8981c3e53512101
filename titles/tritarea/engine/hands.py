"""Another seat's hidden card, chosen (the analysis board, ``planning.chance``): where
the line reaches a card the viewer cannot see, they say which card it is, among those
they could count from their own view (TT11), instead of taking the sample's.

Two such places:

- the seat to move is a person whose hand the viewer does not hold (the rulebook,
  Preparation: "Each player holds the cards dealt to them so that only they can see
  them"): the viewer says which card is in that hand, and may then play it for them;
- a computer seat (NPC) "always plays the top card of its deck" (TT8, rulebook 3-, 2-
  and 1-player rules), a deck nobody sees until its cards are played (TT11): this
  is Tri*T*Area's chance in the middle of a round, the deck's order. The viewer says
  which card lies on top, the one it plays next.

Nothing constrains which unseen card a seat holds (any card may be played at any
time), so each of these may be any card the viewer has not seen: not in their own
hand or own declaration, not played this round, not a revealed declaration
(``determinize.unseen``; each card is unique, so counts are kept by swapping). On an
analysis state (itself sampled for the viewer) the chosen card is taken from where
the sample put it (another hand, a hidden round-3 declaration) and one of the seat's
sampled cards goes there instead, so the deal stays a deal of the same cards.
"""

from __future__ import annotations

from dataclasses import replace

from games.engines.base import pgettext_lazy

from .board import AREAS
from .cards import sorted_cards
from .determinize import own_seat, unseen
from .rules import NPC, to_move
from .state import OVER, State


def card_name(card: str):
    """``"E3"`` -> "Ecology 3", as the game page names a card (in the reader's
    language)."""
    return pgettext_lazy(
        "Tri*T*Area card", "%(concept)s %(rank)s", concept=AREAS[card[0]][0], rank=card[1:]
    )


def hand_choices(state: State, viewer: int | None, seat: int) -> list[tuple[str, str]]:
    """The cards ``seat`` may hold as far as ``viewer`` can tell (a computer seat: the
    card on top of its deck), as (card, its name) in the deck's fixed order; [] where
    there is nothing to choose: the viewer's own hand, an empty hand, a person who is
    not to move, the game over."""
    if state.phase == OVER or not isinstance(seat, int) or not 0 <= seat < len(state.hands):
        return []
    if seat == own_seat(state, viewer) or not state.hands[seat]:
        return []
    if not NPC[state.num_players][seat] and seat not in to_move(state):
        return []
    cards, _hidden_leads = unseen(state, viewer)
    return [(card, card_name(card)) for card in cards]


def with_hand_card(state: State, viewer: int | None, seat: int, card: str) -> State:
    """``state`` with ``card`` in ``seat``'s hand (a computer seat: on top of its deck);
    ``ValueError`` unless it is one of ``hand_choices``. The card it replaces (a
    computer seat's top card, a person's last) goes where the chosen one was."""
    if card not in {c for c, _name in hand_choices(state, viewer, seat)}:
        raise ValueError(card)
    npc = NPC[state.num_players]
    hands, lead = list(state.hands), list(state.lead)
    hand = hands[seat]
    if card in hand:
        if not npc[seat]:
            return state
        hands[seat] = (card, *(c for c in hand if c != card))
        return replace(state, hands=tuple(hands))
    evicted = hand[0] if npc[seat] else hand[-1]
    rest = tuple(c for c in hand if c != evicted)
    hands[seat] = (card, *rest) if npc[seat] else sorted_cards((*rest, card))
    holder = next((s for s in range(len(hands)) if s != seat and card in hands[s]), None)
    if holder is not None:
        theirs = hands[holder]
        swapped = tuple(evicted if c == card else c for c in theirs)
        hands[holder] = swapped if npc[holder] else sorted_cards(swapped)
    else:  # a hidden round-3 declaration (a re-drawn hidden 5 counts as 5)
        declarer = next(s for s, written in enumerate(lead) if written.partition("=")[0] == card)
        lead[declarer] = evicted
    return replace(state, hands=tuple(hands), lead=tuple(lead))
