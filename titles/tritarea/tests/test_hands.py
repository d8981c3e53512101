"""Another seat's hidden card chosen on the analysis board (``engine.hands``): any card
the viewer has not seen (TT11: hands are seen only by their holder, computer hands by
nobody until played), put in the seat's hand or on top of a computer seat's deck,
which it plays next (TT8: "NPCs always play the top card of their deck"); the deal
stays a deal of the 36 (or 32) cards."""

import random
from collections import Counter

import pytest

from titles.tritarea import engine as tt
from titles.tritarea.engine import hands
from titles.tritarea.engine.cards import full_deck, sort_key
from titles.tritarea.engine.rules import NPC

from .helpers import random_game


def every_card(state):
    """Where every card is: the hands, this round's played cards, the declarations."""
    cards = [c for h in state.hands for c in h] + list(state.seen)
    cards += [c for _s, c, _r in state.trick] + [x.partition("=")[0] for x in state.lead if x]
    return Counter(cards)


def unseen_by(state, viewer):
    """What the viewer can count: the deck, less their hand, the cards played this
    round and the declarations they know."""
    known = set(state.seen) | {c for _s, c, _r in state.trick}
    if viewer is not None:
        known |= set(state.hands[viewer])
    for s, written in enumerate(state.lead):
        if written and (state.lead_revealed or s == viewer):
            known.add(written.partition("=")[0])
    return [c for c in full_deck(state.round >= 2) if c not in known]


def opponent_to_move(people, seed, viewer):
    """A trick of round 2 after its first, a person other than ``viewer`` to play."""
    return random_game(
        people,
        seed,
        stop=lambda s: (
            s.round == 2 and s.trick_no > 1 and s.phase == "play" and tt.to_move(s)[0] != viewer
        ),
    )


@pytest.mark.parametrize(("people", "viewer"), [(2, 0), (2, None), (4, 1), (1, None)])
def test_the_choices_are_exactly_the_cards_the_viewer_has_not_seen(people, viewer):
    s = opponent_to_move(people, 3, viewer)
    mover = tt.to_move(s)[0]
    npc = NPC[people]
    offered = {seat: [c for c, _n in hands.hand_choices(s, viewer, seat)] for seat in range(4)}
    for seat in range(4):
        if seat == viewer or not s.hands[seat]:
            assert offered[seat] == [], seat
        elif npc[seat] or seat == mover:
            assert offered[seat] == unseen_by(s, viewer), seat
        else:  # a person not to move: their card does not matter yet
            assert offered[seat] == [], seat
    names = dict(hands.hand_choices(s, viewer, mover))
    assert str(names[offered[mover][0]]).split()[0] in (
        "Intelligent",
        "Modern",
        "Ecology",
        "Happiness",
    )


def test_a_chosen_card_is_in_the_hand_and_can_be_played():
    s = opponent_to_move(4, 5, 0)
    mover = tt.to_move(s)[0]
    d = tt.determinize(s, 0, random.Random(2))  # what an analysis holds
    elsewhere = next(c for c in unseen_by(d, 0) if c not in d.hands[mover])
    chosen = hands.with_hand_card(d, 0, mover, elsewhere)
    assert elsewhere in chosen.hands[mover] and len(chosen.hands[mover]) == len(d.hands[mover])
    assert list(chosen.hands[mover]) == sorted(chosen.hands[mover], key=sort_key)
    assert every_card(chosen) == every_card(d)  # a swap: still the same cards, once each
    assert chosen.hands[0] == d.hands[0] and tt.view(chosen, 0) == tt.view(d, 0)
    after = tt.apply(chosen, mover, f"p {elsewhere}")
    assert any(seat == mover and card == elsewhere for seat, card, _r in after.trick) or (
        elsewhere in after.seen
    )
    # choosing a card already held changes nothing
    assert hands.with_hand_card(chosen, 0, mover, elsewhere) == chosen


def test_a_computer_seat_plays_the_card_chosen_for_the_top_of_its_deck():
    """Two people, team order A b B a: the computer seat 1 plays right after seat 0."""
    s = random_game(
        2, 7, stop=lambda s: s.phase == "play" and tt.to_move(s) == (0,) and not s.trick
    )
    d = tt.determinize(s, 2, random.Random(4))  # seat 2's analysis
    top = next(c for c in unseen_by(d, 2) if c not in d.hands[1] and c not in d.hands[0])
    chosen = hands.with_hand_card(d, 2, 1, top)
    assert chosen.hands[1][0] == top and every_card(chosen) == every_card(d)
    after = tt.apply(chosen, 0, tt.legal_actions(chosen, 0)[0])
    assert (1, top) in [(seat, card) for seat, card, _r in after.trick]
    # a card it already holds moves to the top of its deck
    deeper = d.hands[1][-1]
    assert hands.with_hand_card(d, 2, 1, deeper).hands[1] == (
        deeper,
        *(c for c in d.hands[1] if c != deeper),
    )


def test_a_card_the_viewer_holds_or_has_seen_is_refused():
    s = opponent_to_move(4, 5, 0)
    mover = tt.to_move(s)[0]
    played = s.seen[0]
    for bad in (s.hands[0][0], played, "Z9", "", "I5" if s.round == 1 else "X1"):
        with pytest.raises(ValueError):
            hands.with_hand_card(s, 0, mover, bad)
    with pytest.raises(ValueError):  # one's own hand is seen, not chosen
        hands.with_hand_card(s, 0, 0, s.hands[0][0])
    assert hands.hand_choices(s, 0, 0) == [] and hands.hand_choices(s, 0, 9) == []


def test_a_hidden_declaration_gives_up_its_card_and_takes_the_replaced_one():
    """Round 3's lead areas are declared in secret (TT10): a card under another seat's
    hidden declaration may be chosen, and the replaced card is declared instead."""
    s = random_game(1, 6, stop=lambda s: s.phase == "lead")
    d = tt.determinize(s, None, random.Random(3))
    declared = d.lead[1]  # a computer seat's hidden declaration
    chosen = hands.with_hand_card(d, None, 2, declared)
    assert chosen.hands[2][0] == declared and chosen.lead[1] == d.hands[2][0]
    assert every_card(chosen) == every_card(d)
