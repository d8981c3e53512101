"""The New game page offers computer players at a level, for every game."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from games.computer.levels import LEVELS
from games.models import Controller, Game, GameStatus
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice():
    return UserFactory(username="alice")


def create(user, **data):
    client = Client()
    client.force_login(user)
    form = {"days_per_move": "3", "is_public": "", "invite": "", **data}
    return client.post(reverse("game_new"), form)


def test_triad_against_the_computer_starts_at_once(
    alice, computer_queue, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        response = create(
            alice, engine="triad", triad__players="2", computers="1", computer_level="expert"
        )
    assert response.status_code == 302
    game = Game.objects.get()
    assert game.status == GameStatus.ACTIVE
    computer = game.seats.get(user=None)
    assert (computer.controller, computer.bot_level) == (Controller.BOT, "expert")
    # The computer moves first only through its task.
    assert computer_queue == ([game.pk] if computer.index in game.to_move else [])
    assert not game.moves.exists()
    page = Client()
    page.force_login(alice)
    assert "Computer (Expert)" in page.get(response.url).content.decode()


def test_trias_mixes_people_and_computers(alice, computer_queue):
    bob = UserFactory(username="bob")
    response = create(
        alice,
        engine="trias",
        trias__players="4",
        computers="2",
        computer_level="beginner",
        invite="bob",
    )
    assert response.status_code == 302
    game = Game.objects.get()
    assert game.status == GameStatus.OPEN  # bob has not accepted yet
    seats = game.seats.order_by("index")
    assert [(s.user, s.bot_level) for s in seats] == [
        (alice, ""),
        (bob, ""),
        (None, "beginner"),
        (None, "beginner"),
    ]


def test_tritarea_people_seats_may_be_computers_beside_the_rulebook_seats(alice):
    response = create(
        alice, engine="tritarea", tritarea__players="2", computers="1", computer_level="strong"
    )
    assert response.status_code == 302
    game = Game.objects.get()
    assert game.status == GameStatus.ACTIVE
    controllers = sorted(game.seats.values_list("controller", flat=True))
    assert controllers == ["bot", "human", "npc", "npc"]  # two rulebook seats unchanged


def test_more_computers_than_seats_is_refused_and_creates_nothing(alice):
    response = create(alice, engine="triad", triad__players="2", computers="2")
    assert response.status_code == 400
    assert "A game of 2 has 1 seat besides yours for computer players." in (
        response.content.decode()
    )
    assert not Game.objects.exists()


def test_a_forged_level_is_refused(alice):
    response = create(
        alice, engine="triad", triad__players="2", computers="1", computer_level="godlike"
    )
    assert response.status_code == 400
    assert not Game.objects.exists()


def test_the_page_offers_every_level(alice):
    client = Client()
    client.force_login(alice)
    html = client.get(reverse("game_new")).content.decode()
    for title in ("Beginner", "Casual", "Strong", "Expert"):
        assert f">{title}</option>" in html


def test_each_level_is_described_on_a_line_of_its_own(alice):
    client = Client()
    client.force_login(alice)
    html = client.get(reverse("game_new")).content.decode()
    listed = re.search(r'<ul class="help levels" id="computer-levels">(.*?)</ul>', html, re.S)
    assert listed, "the levels' list under the level field"
    items = re.findall(r"<li><strong>(.*?)</strong>: (.*?)</li>", listed.group(1))
    assert items == [(str(level.title), str(level.summary)) for level in LEVELS.values()]
    assert 'aria-describedby="computer-levels"' in html
