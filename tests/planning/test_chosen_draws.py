"""Chosen outcomes on the analysis board (planning.chance): where the line's next step
draws a Trias card, the viewer chooses which one comes, among exactly the cards they
have not seen; the choice sets the analysis deck only."""

import re
from dataclasses import replace

import pytest

from games.replay import load_state
from planning import analysis, chance
from tests.factories import UserFactory
from tests.planning.helpers import HTMX, analysis_page, token_of, url
from tests.web.helpers import play_random, start_game
from titles.trias.engine.cards import CARD_NAMES, deck2_size

pytestmark = pytest.mark.django_db


def offered(html):
    return set(re.findall(r'name="draw" value="(\w)"', html))


def unseen_kinds(state, viewer):
    """What the viewer can count in the real game: the cards left in the deck the next
    draw comes from, and the other seats' hand cards that came from that deck."""
    left1 = len(state.deck) - deck2_size(state.num_players)
    origin, pile = (1, state.deck[:left1]) if left1 > 0 else (2, state.deck)
    hands = [
        c for s, c in enumerate(state.hands) if s != viewer and c and state.hand_from[s] == origin
    ]
    return set(pile) | set(hands)


def trias_in_card_phase():
    game = start_game("trias", [UserFactory(), UserFactory(), UserFactory()])
    return play_random(game, stop=lambda g: load_state(g).phase == "card")


def test_the_choices_are_exactly_the_unseen_cards_and_the_chosen_one_is_drawn():
    game = trias_in_card_phase()
    real = load_state(game)
    mover = game.to_move[0]
    viewer = (mover + 1) % 3
    user, client, html = analysis_page(game, viewer)
    choices = offered(html)
    assert choices == unseen_kinds(real, viewer) and choices
    for card in sorted(choices):
        chosen = client.post(url(game), {"line": token_of(html), "draw": card}, **HTMX)
        page = chosen.content.decode()
        line = analysis.unsign(game, user, token_of(page))
        start = analysis.states(game, line)[0]
        assert start.deck[0] == card
        assert offered(page) == choices  # the same cards stay unseen, in another order
        drawn = client.post(url(game), {"line": token_of(page), "action": "draw"}, **HTMX)
        line = analysis.unsign(game, user, token_of(drawn.content.decode()))
        assert line.actions == [(mover, "draw")]
        described = str(game.engine_module.describe(start, mover, "draw"))
        name = "Meteorite" if card == "X" else str(CARD_NAMES[card])
        assert name in described and described in drawn.content.decode()
    game.refresh_from_db()
    assert load_state(game) == real  # the game's own deck is untouched


def test_a_card_that_cannot_come_is_refused_and_changes_nothing():
    game = trias_in_card_phase()
    viewer = (game.to_move[0] + 1) % 3
    user, client, html = analysis_page(game, viewer)
    before = analysis.unsign(game, user, token_of(html))
    for bad in ("Q", "MM", "X" if "X" not in offered(html) else "Z"):
        page = client.post(url(game), {"line": token_of(html), "draw": bad}, **HTMX)
        page = page.content.decode()
        assert "That card cannot come next from what you know." in page
        assert analysis.unsign(game, user, token_of(page)).start == before.start


def test_own_hand_is_seen_other_hands_of_that_deck_are_not_and_deck_two_holds_the_meteorite():
    game = trias_in_card_phase()
    state = load_state(game)
    d2 = state.deck[-deck2_size(3) :]
    mine = replace(state, deck=("M", "M", *d2), hands=("W", "S", "W"), hand_from=(1, 1, 2))
    # Seat 0's own wood is seen; seat 1's steppe (from deck 1) may come; seat 2's wood
    # came from deck 2, which is not the next draw's.
    assert {c for c, _ in chance.next_draw_choices("trias", mine, 0)} == {"M", "S"}
    assert {c for c, _ in chance.next_draw_choices("trias", mine, None)} == {"M", "S", "W"}
    swapped = chance.with_next_draw("trias", mine, 0, "S")
    assert (swapped.deck[0], swapped.hands[1]) == ("S", "M")
    assert sorted(swapped.deck) == sorted((*mine.deck[1:], "S"))
    late = replace(state, deck=tuple(d2), hands=("M", "S", "W"), hand_from=(2, 2, 1))
    late_choices = {c for c, _ in chance.next_draw_choices("trias", late, 0)}
    assert late_choices == set(d2) | {"S"} and "X" in late_choices
    with pytest.raises(ValueError):
        chance.with_next_draw("trias", mine, 0, "W")
    assert chance.next_draw_choices("triad", mine, 0) == []
