"""The signed-out front page, the games to watch, the favicon and the shared-link
picture (issue 12; "Watching" of issue 15)."""

import re

import pytest
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import timezone

from games import boards
from games.engines import ENGINES, get_engine
from games.models import Game, GameStatus
from learn import showcase
from tests.factories import UserFactory, play_first_legal, start_game


@pytest.mark.django_db
def test_the_signed_out_front_page_shows_every_game_on_a_real_board():
    html = Client().get("/").content.decode()
    for engine, card in showcase.GAMES.items():
        state = showcase.demo_state(engine)
        module = get_engine(engine)
        assert module.to_move(state), "the demo is a game in play"
        svg = boards.render_svg(engine, module.view(state, None), seat=None)
        assert svg in html  # drawn by the board code from the demo position
        assert card.pitch in html
        assert card.players in html
        assert reverse("game_help", args=[engine]) in html
    assert "Reply with your move" in html and "vacation" in html and "reminder" in html
    assert reverse("account_signup") in html and reverse("watch") in html
    assert 'property="og:image"' in html and 'property="og:title"' in html


@pytest.mark.django_db
def test_signed_in_the_front_page_is_still_my_games(client):
    client.force_login(UserFactory(username="alice"))
    html = client.get("/").content.decode()
    assert "My games" in html and "Board games at your own pace" not in html


@pytest.mark.django_db
def test_a_demo_board_never_shows_a_hand():
    """Spectators' view: the Tri*T*Area demo is drawn for nobody's seat."""
    view = get_engine("tritarea").view(showcase.demo_state("tritarea"), None)
    assert view["hand"] is None


@pytest.fixture
def games_in_play():
    alice, bob, carol = (UserFactory(username=n) for n in ("alice", "bob", "carol"))
    public = start_game(alice, bob)
    Game.objects.filter(pk=public.pk).update(is_public=True)
    play_first_legal(public)
    private = start_game(bob, carol)  # start_game makes private games
    play_first_legal(private)
    trias = start_game(alice, bob, carol, engine="trias")
    Game.objects.filter(pk=trias.pk).update(is_public=True)
    return public, private, trias


@pytest.mark.django_db
def test_the_watch_list_shows_public_games_in_play_signed_out(games_in_play):
    public, private, trias = games_in_play
    response = Client().get(reverse("watch"))
    assert response.status_code == 200
    html = response.content.decode()
    assert reverse("game_detail", args=[public.pk]) in html
    assert reverse("game_detail", args=[trias.pk]) in html
    assert reverse("game_detail", args=[private.pk]) not in html
    assert "alice" in html.lower() and "to move" in html
    # The most recently moved first: the Triad game has a move, Trias none yet.
    assert html.index(f"#{public.pk}<") < html.index(f"#{trias.pk}<")
    only = Client().get(reverse("watch"), {"game": "trias"}).content.decode()
    assert reverse("game_detail", args=[trias.pk]) in only
    assert reverse("game_detail", args=[public.pk]) not in only


@pytest.mark.django_db
def test_finished_games_are_not_listed_and_a_spectator_can_open_a_listed_game(games_in_play):
    public, _private, trias = games_in_play
    Game.objects.filter(pk=trias.pk).update(status=GameStatus.FINISHED, finished_at=timezone.now())
    html = Client().get(reverse("watch")).content.decode()
    assert reverse("game_detail", args=[trias.pk]) not in html
    spectator = Client().get(reverse("game_detail", args=[public.pk]))
    assert spectator.status_code == 200 and "<svg" in spectator.content.decode()


@pytest.mark.django_db
def test_the_watch_list_counts_its_queries(games_in_play, django_assert_max_num_queries):
    for _ in range(5):
        game = start_game(UserFactory(), UserFactory())
        Game.objects.filter(pk=game.pk).update(is_public=True)
    with django_assert_max_num_queries(6):
        assert Client().get(reverse("watch")).status_code == 200


@pytest.mark.django_db
@override_settings(WHITENOISE_USE_FINDERS=True, WHITENOISE_AUTOREFRESH=True)
def test_the_favicon_answers_with_an_icon():
    client = Client()
    ico = client.get("/favicon.ico")
    assert ico.status_code == 200
    assert ico["Content-Type"] in ("image/x-icon", "image/vnd.microsoft.icon")
    assert b"".join(ico.streaming_content)[:4] == b"\x00\x00\x01\x00"  # ICONDIR
    html = client.get(reverse("rules_index")).content.decode()
    for href in re.findall(r'<link rel="(?:icon|apple-touch-icon)" href="([^"]+)"', html):
        icon = client.get(href)
        assert icon.status_code == 200, href
        assert icon["Content-Type"] in ("image/svg+xml", "image/png"), href


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["tripost", *sorted(ENGINES)])
def test_the_social_preview_is_a_png_of_a_board(name):
    response = Client().get(reverse("social_image", args=[name]))
    assert response.status_code == 200
    assert response["Content-Type"] == "image/png"
    assert response.content[:8] == b"\x89PNG\r\n\x1a\n"
    assert "max-age" in response["Cache-Control"]


@pytest.mark.django_db
def test_public_pages_name_their_preview_and_title():
    urls = ("/", reverse("watch"), reverse("rules_index"), reverse("game_help", args=["trias"]))
    for url in urls:
        html = Client().get(url).content.decode()
        image = re.search(r'<meta property="og:image" content="([^"]+)"', html).group(1)
        assert image.startswith("http") and "/social/" in image, url
        assert re.search(r'<meta property="og:title" content="[^"]+"', html), url
        assert re.search(r'<meta property="og:description" content="[^"]+"', html), url
    assert Client().get("/social/chess.png").status_code == 404
