"""An opponent's hand card chosen on the analysis board (``engine.hands``): among the
cards of its deck of origin the viewer has not seen (TS16: a hand card is seen only
by its holder, which deck it came from and the cards left are public; TS12: the
Meteorite is revealed when drawn, so no hand holds it), swapped with the card that
was there so the deal stays whole."""

from collections import Counter
from dataclasses import replace

import pytest

from titles.trias import engine as trias
from titles.trias.engine import hands
from titles.trias.engine.state import ACTIONS, CARD

from .positions import BLUE, PURPLE, RED, build, line

BLACK = 3


def table(**changes):
    """Four seats, Blue to play its card: deck 1 has two mountains left, deck 2 its
    nine cards; Red holds a wood, Blue and Purple a steppe from deck 1, Black a wood
    from deck 2."""
    state = build(
        {**line(1, 0, 3, "M"), **line(1, 1, 3, "S")},
        [(RED, (1, 0), 2), (BLUE, (2, 0), 2), (PURPLE, (3, 0), 2), (BLACK, (1, 1), 2)],
        current=BLUE,
        phase=CARD,
        hands=("W", "S", "S", "W"),
        deck="MM" + "SSSWWWMMX",
    )
    return replace(state, hand_from=(1, 1, 1, 2), **changes)


def kinds(state, viewer, seat):
    return [card for card, _name in hands.hand_choices(state, viewer, seat)]


def test_the_choices_are_the_unseen_cards_of_the_seats_deck():
    state = table()
    # Red sees its own wood; Black's wood came from deck 2: deck 1 offers M and S.
    assert kinds(state, RED, BLUE) == ["M", "S"]
    # A spectator sees no hand: Red's wood (from deck 1) may be Blue's too.
    assert kinds(state, None, BLUE) == ["M", "S", "W"]
    # A card from deck 2: any of deck 2's cards left but the Meteorite, or Black's.
    assert kinds(replace(state, hand_from=(1, 2, 1, 2)), RED, BLUE) == ["M", "S", "W"]
    names = dict(hands.hand_choices(state, RED, BLUE))
    assert str(names["M"]) == "mountain"


def test_only_the_seat_to_move_with_a_hidden_card_is_offered():
    state = table()
    assert kinds(state, RED, PURPLE) == []  # not its turn
    assert kinds(state, BLUE, BLUE) == []  # one's own card is seen, not chosen
    assert kinds(replace(state, hands=("W", "", "S", "W")), RED, BLUE) == []  # none held
    assert kinds(replace(state, phase="over"), RED, BLUE) == []


def test_a_chosen_card_is_held_and_played_and_the_deal_stays_whole():
    state = table()
    chosen = hands.with_hand_card(state, RED, BLUE, "M")
    assert chosen.hands[BLUE] == "M"
    assert chosen.deck[:2] == ("M", "S")  # the steppe took the lower mountain's place
    assert Counter(chosen.deck) + Counter(chosen.hands) == Counter(state.deck) + Counter(
        state.hands
    )
    assert trias.view(chosen, RED) == trias.view(state, RED)  # Red's view is the same
    played = trias.apply(chosen, BLUE, "play")
    assert "plays the hand card: mountain" in played.log[-1]
    # From another unseen hand of the same deck: Purple's wood goes to Blue, Blue's
    # steppe to Purple.
    other = replace(state, hands=("W", "S", "W", "W"))
    swapped = hands.with_hand_card(other, RED, BLUE, "W")
    assert (swapped.hands[BLUE], swapped.hands[PURPLE], swapped.deck) == ("W", "S", other.deck)
    assert hands.with_hand_card(state, RED, BLUE, "S") == state  # already held


def test_a_card_the_viewer_holds_or_cannot_be_there_is_refused():
    state = table()
    for bad in ("W", "X", "Q", "", "MM"):  # Red's own wood; the Meteorite; not a card
        with pytest.raises(ValueError):
            hands.with_hand_card(state, RED, BLUE, bad)
    with pytest.raises(ValueError):
        hands.with_hand_card(state, RED, PURPLE, "M")  # not Purple's turn
    with pytest.raises(ValueError):
        hands.with_hand_card(replace(state, phase=ACTIONS, current=RED), RED, RED, "M")
