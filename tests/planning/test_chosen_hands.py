"""Another seat's hidden card, chosen on the analysis board (planning.chance): where the
seat to move holds cards the viewer cannot see (Trias TS16, Tri*T*Area TT11), or a
Tri*T*Area computer seat plays the top card of a deck nobody sees (TT8), the viewer
says which card it is, among exactly the cards they have not seen; the choice is
checked again on the server, and the pages and answers are the same whatever the
real hands, deck order and seed behind the viewer's view."""

import random
import re
from collections import Counter
from dataclasses import replace

import pytest

from games.models import Move
from games.replay import load_state
from planning import analysis
from tests.factories import UserFactory
from tests.planning.helpers import HTMX, analysis_page, signed_in, token_of, url
from tests.web.helpers import play_random, seat_user, start_game
from tests.web.test_hidden_information import _unstamped
from titles.trias.engine.cards import METEORITE, deck2_size
from titles.tritarea.engine.cards import full_deck

pytestmark = pytest.mark.django_db

REFUSED = "That card cannot be theirs from what you know."


def offered(html) -> dict[int, list[str]]:
    """The cards offered per seat, in the page's order."""
    found: dict[int, list[str]] = {}
    for seat, card in re.findall(r'name="hand" value="(\d+):(\w+)"', html):
        found.setdefault(int(seat), []).append(card)
    return found


def start_of(game, user, html):
    return analysis.states(game, analysis.unsign(game, user, token_of(html)))[0]


def post(client, game, html, **data):
    return client.post(url(game), {"line": token_of(html), **data}, **HTMX).content.decode()


# --- Trias ---------------------------------------------------------------------------


def trias_in_card_phase(seed=1):
    game = start_game("trias", [UserFactory(), UserFactory(), UserFactory()])
    return play_random(game, seed=seed, stop=lambda g: load_state(g).phase == "card")


def trias_unseen(state, viewer, seat):
    """What the viewer can count of ``seat``'s card in the real game (TS16): the cards
    left of the deck it came from and the others' hand cards from that deck."""
    split = max(0, len(state.deck) - deck2_size(state.num_players))
    origin = state.hand_from[seat]
    pile = state.deck[:split] if origin == 1 else state.deck[split:]
    hands = [
        c for s, c in enumerate(state.hands) if s != viewer and c and state.hand_from[s] == origin
    ]
    return (set(pile) | set(hands)) - {METEORITE}


def test_trias_offers_the_movers_possible_cards_and_the_chosen_one_is_played():
    game = trias_in_card_phase()
    real = load_state(game)
    mover = game.to_move[0]
    viewer = (mover + 1) % 3
    user, client, html = analysis_page(game, viewer)
    choices = offered(html)
    assert list(choices) == [mover]
    assert set(choices[mover]) == trias_unseen(real, viewer, mover) and choices[mover]
    mover_name = game.seats.get(index=mover).colour_shown
    assert f"Choose {mover_name}&#x27;s card" in html or f"Choose {mover_name}'s card" in html
    for card in choices[mover]:
        page = post(client, game, html, hand=f"{mover}:{card}")
        start = start_of(game, user, page)
        assert start.hands[mover] == card
        assert "In this analysis" in page and REFUSED not in page
        before = start_of(game, user, html)
        assert Counter(start.deck) + Counter(start.hands) == Counter(before.deck) + Counter(
            before.hands
        )
        assert offered(page) == choices  # the same cards are possible, whatever it holds
        played = post(client, game, page, action="play")
        line = analysis.unsign(game, user, token_of(played))
        assert line.actions == [(mover, "play")]
        assert str(game.engine_module.describe(start, mover, "play")) in played
    game.refresh_from_db()
    assert load_state(game) == real  # the game's own hands are untouched


def test_trias_offers_nothing_for_the_viewers_own_card():
    game = trias_in_card_phase()
    mover = game.to_move[0]
    html = signed_in(seat_user(game, mover)).get(url(game)).content.decode()
    assert offered(html) == {} and 'class="hand-choice"' not in html


# --- Tri*T*Area ----------------------------------------------------------------------


def tritarea_game(people=2):
    """Round 1 after the first trick, in play, a person to move."""
    users = [UserFactory() for _ in range(people)]
    game = start_game("tritarea", users, num_players=people)
    return play_random(
        game, stop=lambda g: load_state(g).trick_no > 1 and load_state(g).phase == "play"
    )


def tritarea_unseen(state, viewer):
    known = set(state.seen) | {c for _s, c, _r in state.trick}
    if viewer is not None:
        known |= set(state.hands[viewer])
    return [c for c in full_deck(state.round >= 2) if c not in known]


def test_tritarea_offers_the_opponent_to_move_and_the_computer_seats_their_unseen_cards():
    game = tritarea_game(2)  # seats A b B a: people 0 and 2, computer seats 1 and 3
    real = load_state(game)
    mover = game.to_move[0]
    viewer = 2 - mover
    _user, _client, html = analysis_page(game, viewer)
    choices = offered(html)
    unseen = tritarea_unseen(real, viewer)
    expected = {s: unseen for s in (mover, 1, 3) if real.hands[s]}
    assert choices == dict(sorted(expected.items()))
    assert 'class="card-picture"' in html  # the cards as the game page draws them
    summaries = re.findall(r"<summary>(Choose [^<]*)</summary>", html)
    said = {
        s.index: s.colour_shown for s in game.seats.all() if s.index in expected
    }  # a person's card; a computer seat's next card (the top of its deck, TT8)
    assert summaries == [
        f"Choose {said[s]}'s {'card' if s == mover else 'next card'}"
        for s in sorted(expected, key=lambda s: (s != mover, s))  # the seat to move first
    ]
    assert not set(real.hands[viewer]) & {c for cards in choices.values() for c in cards}


def test_tritarea_a_chosen_card_is_played_by_the_person_and_by_the_computer_seat():
    game = tritarea_game(2)
    mover = game.to_move[0]
    viewer = 2 - mover
    after = (mover + 1) % 4  # the computer seat that plays right after the mover
    user, client, html = analysis_page(game, viewer)
    start = start_of(game, user, html)
    theirs = next(c for c in offered(html)[mover] if c not in start.hands[mover])
    page = post(client, game, html, hand=f"{mover}:{theirs}")
    assert theirs in start_of(game, user, page).hands[mover]
    nxt = next(c for c in offered(page)[after] if c != theirs)
    page = post(client, game, page, hand=f"{after}:{nxt}")
    chosen = start_of(game, user, page)
    assert theirs in chosen.hands[mover] and chosen.hands[after][0] == nxt
    played = post(client, game, page, action=f"p {theirs}")
    state = analysis.states(game, analysis.unsign(game, user, token_of(played)))[-1]
    trick = [(seat, card) for seat, card, _r in state.trick] + [(None, c) for c in state.seen]
    assert (mover, theirs) in trick or theirs in state.seen
    assert (after, nxt) in trick or nxt in state.seen
    assert Move.objects.filter(game=game).count() == game.version


def test_tritarea_a_card_the_viewer_holds_or_has_seen_or_a_forged_choice_is_refused():
    game = tritarea_game(2)
    real = load_state(game)
    mover = game.to_move[0]
    viewer = 2 - mover
    user, client, html = analysis_page(game, viewer)
    before = analysis.unsign(game, user, token_of(html)).start
    own, seen = real.hands[viewer][0], real.seen[0]
    for bad in (
        f"{mover}:{own}",  # the viewer's own card
        f"{mover}:{seen}",  # played in the first trick, face up
        f"{viewer}:{own}",  # their own hand is seen, not chosen
        f"{mover}:Q7",
        f"9:{seen}",
        "x:y",
        f"{mover}",
        f"-1:{own}",
    ):
        page = post(client, game, html, hand=bad)
        assert REFUSED in page, bad
        assert analysis.unsign(game, user, token_of(page)).start == before, bad


def test_the_choice_is_german_for_a_german_player():
    game = tritarea_game(2)
    viewer = 2 - game.to_move[0]
    user = seat_user(game, viewer)
    user.language = "de"
    user.save(update_fields=["language"])
    client = signed_in(user)
    html = client.get(url(game)).content.decode()
    assert "Karte von" in html and "wählen" in html
    assert re.search(r'aria-label="(Intelligenz|Moderne|Ökologie|Glück)[^"]* \d"', html)
    seat, cards = next(iter(offered(html).items()))
    page = post(client, game, html, hand=f"{seat}:{cards[0]}")
    assert "In dieser Analyse spielt" in page or "In dieser Analyse hält" in page
    page = post(client, game, html, hand=f"{seat}:Q9")
    assert "Diese Karte kann nach deinem Wissen nicht auf dieser Hand sein." in page


# --- nothing the viewer may not see --------------------------------------------------


def other_truth(game, viewer):
    """The game's position with every secret the viewer cannot see dealt otherwise
    (other hands, deck order, seed): a game they could not tell from this one."""
    engine = game.engine_module
    real = load_state(game)
    for k in range(20):
        other = engine.determinize(real, viewer, random.Random(1000 + k))
        other = replace(other, seed=real.seed ^ 0x5A5A5A5A)
        if other.hands != real.hands:
            break
    assert engine.view(other, viewer) == engine.view(real, viewer)
    assert other.hands != real.hands
    return other


def everything_seen(client, game):
    """The analysis page, and each answer to choosing a card for every seat offered
    (the first and last card), a draw, a re-deal and a refused choice."""
    html = client.get(url(game)).content.decode()
    answers = [html]
    for seat, cards in offered(html).items():
        for card in (cards[0], cards[-1]):
            answers.append(post(client, game, html, hand=f"{seat}:{card}"))
    for card in re.findall(r'name="draw" value="(\w)"', html)[:2]:
        answers.append(post(client, game, html, draw=card))
    answers.append(post(client, game, html, redeal="1"))
    answers.append(post(client, game, html, hand="0:Q9"))
    return [_unstamped(answer) for answer in answers]


@pytest.mark.parametrize(("engine", "people"), [("trias", 3), ("tritarea", 2), ("tritarea", 1)])
def test_the_choices_and_answers_are_the_same_whatever_the_real_secrets(
    engine, people, monkeypatch
):
    """With the analysis's own random draw fixed, a viewer gets the same bytes from a
    game and from one with other hands, another deck order and another seed behind
    the same view: the choices come from what they can count, never the truth."""
    monkeypatch.setattr(analysis.secrets, "randbits", lambda bits: 424242)
    game = trias_in_card_phase() if engine == "trias" else tritarea_game(people)
    mover = game.to_move[0]
    if engine == "trias":
        seats = [(mover + 1) % 3, None]
    else:
        seats = [0 if people == 1 else 2 - mover, None]
    for viewer in seats:
        client = (
            signed_in(seat_user(game, viewer)) if viewer is not None else signed_in(UserFactory())
        )
        game.refresh_from_db()
        real_json, real_seed = game.state, game.seed
        before = everything_seen(client, game)
        assert offered(before[0])  # there is something to choose
        game.state = game.engine_module.to_json(other_truth(game, viewer))
        game.seed = real_seed ^ 0x2B2B2B2B
        game.save(update_fields=["state", "seed"])
        after = everything_seen(client, game)
        assert after == before, viewer
        game.state, game.seed = real_json, real_seed
        game.save(update_fields=["state", "seed"])


def test_trias_card_names_are_german_for_a_german_player():
    """The drawn card's and the hand card's choices name the cards in the player's
    language, as the game page does."""
    game = trias_in_card_phase()
    viewer = (game.to_move[0] + 1) % 3
    user = seat_user(game, viewer)
    user.language = "de"
    user.save(update_fields=["language"])
    html = signed_in(user).get(url(game)).content.decode()
    names = re.findall(r'name="(?:draw|hand)" value="[\d:]*\w"[^>]*>([^<]+)</button>', html)
    assert names and set(names) <= {"Gebirge", "Steppe", "Wald", "Meteoriteneinschlag"}
