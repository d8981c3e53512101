"""Issue 19 in the browser: deadlines with their reasons, weekends off, night hours and
automatic vacation, as players see them on a phone (390x844) and a desktop (1280x900)."""

from __future__ import annotations

from datetime import timedelta
from zoneinfo import ZoneInfo

import pytest
from django.conf import settings
from django.test import Client
from django.utils import timezone
from playwright.sync_api import expect

from games import services
from games.models import Game, Seat
from tests.factories import UserFactory, due_seat, play_first_legal

pytestmark = pytest.mark.django_db(transaction=True)

SIZES = {"phone": (390, 844), "desktop": (1280, 900)}


def signed_in(new_context, live_server, user, size):
    client = Client()
    client.force_login(user)
    width, height = SIZES[size]
    context = new_context(base_url=live_server.url, viewport={"width": width, "height": height})
    context.add_cookies(
        [
            {
                "name": settings.SESSION_COOKIE_NAME,
                "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
                "url": live_server.url,
            }
        ]
    )
    return context.new_page()


@pytest.fixture
def cast(db):
    owl = UserFactory(username="owl", display_name="Owl", time_zone="Europe/Berlin")
    owl.night_start_hour, owl.night_end_hour = 23, 7
    owl.save()
    lark = UserFactory(username="lark", display_name="Lark", time_zone="America/New_York")
    sleeper = UserFactory(username="sleeper", display_name="Sleeper", auto_vacation=True)
    game = services.game_create(
        creator=lark,
        engine="triad",
        num_players=2,
        options={},
        days_per_move=3,
        invitees=[owl],
        is_public=False,
        weekends_off=True,
    )
    services.invitation_accept(game_id=game.pk, user=owl)
    if due_seat(game).user != owl:
        play_first_legal(game)
    # The owl's deadline fell in the night and was moved to 07:00 Berlin time.
    morning = (timezone.now() + timedelta(days=3)).astimezone(ZoneInfo("Europe/Berlin"))
    morning = morning.replace(hour=7, minute=0, second=0, microsecond=0)
    Seat.objects.filter(pk=due_seat(game).pk).update(deadline=morning, night_seconds=3 * 3600)
    # The sleeper ran out of time and is on automatic vacation.
    other = services.game_create(
        creator=lark,
        engine="triad",
        num_players=2,
        options={},
        days_per_move=3,
        invitees=[sleeper],
        is_public=False,
    )
    services.invitation_accept(game_id=other.pk, user=sleeper)
    if due_seat(other).user != sleeper:
        play_first_legal(other)
    Seat.objects.filter(pk=due_seat(other).pk).update(deadline=timezone.now() - timedelta(hours=1))
    sleeper.on_vacation, sleeper.vacation_automatic = True, True
    sleeper.vacation_started_at = timezone.now()
    sleeper.save()
    # An open game with weekends off for the lobby.
    services.game_create(
        creator=owl,
        engine="triad",
        num_players=2,
        options={},
        days_per_move=5,
        invitees=[],
        is_public=True,
        weekends_off=True,
    )
    return {"owl": owl, "lark": lark, "sleeper": sleeper, "game": game, "other": other}


@pytest.mark.parametrize("size", SIZES)
def test_deadlines_show_their_reasons_in_the_viewers_zone(
    cast, new_context, live_server, screenshots, size
):
    game: Game = cast["game"]
    page = signed_in(new_context, live_server, cast["lark"], size)
    page.goto(f"/games/{game.pk}/")
    deadline = page.locator(".turn .deadline")
    expect(deadline).to_contain_text("The deadline was moved to the end of Owl's night hours.")
    expect(deadline).to_contain_text(
        "The clock does not run on Saturday and Sunday in Owl's time zone."
    )
    expect(deadline).to_contain_text("01:00 EST")  # 07:00 in Berlin, in the viewer's zone
    page.screenshot(path=screenshots / f"clocks-game-opponent-{size}.png", full_page=True)

    page.goto(f"/games/{cast['other'].pk}/")
    expect(page.locator(".turn .deadline")).to_contain_text(
        "The clock stands still: Sleeper is on vacation (automatic)."
    )
    page.screenshot(path=screenshots / f"clocks-game-vacation-{size}.png", full_page=True)

    owl = signed_in(new_context, live_server, cast["owl"], size)
    owl.goto("/")
    expect(owl.locator(".deadline-note").first).to_contain_text(
        "The deadline was moved to the end of your night hours."
    )
    owl.screenshot(path=screenshots / f"clocks-my-games-{size}.png", full_page=True)
    page.goto("/lobby/")  # the owl's open game, seen by the lark
    expect(page.get_by_text("5 days per move, weekends off")).to_be_visible()
    page.screenshot(path=screenshots / f"clocks-lobby-{size}.png", full_page=True)


@pytest.mark.parametrize("size", SIZES)
def test_settings_and_new_game_offer_the_clock_options(
    cast, new_context, live_server, screenshots, size
):
    page = signed_in(new_context, live_server, cast["sleeper"], size)
    page.goto("/settings/")
    expect(page.get_by_text("today is its day 1")).to_be_visible()
    expect(page.get_by_label("Automatic vacation")).to_be_checked()
    page.select_option("select[name=night_start_hour]", "22")
    page.select_option("select[name=night_end_hour]", "6")
    page.select_option("select[name=digest_hour]", "8")
    page.screenshot(path=screenshots / f"clocks-settings-{size}.png", full_page=True)
    page.get_by_role("button", name="Save settings").click()
    expect(page.get_by_text("Your settings are saved.")).to_be_visible()
    cast["sleeper"].refresh_from_db()
    assert (cast["sleeper"].night_start_hour, cast["sleeper"].night_end_hour) == (22, 6)
    assert cast["sleeper"].digest_hour == 8

    page.goto("/games/new/")
    expect(page.get_by_label("Weekends off")).not_to_be_checked()
    page.screenshot(path=screenshots / f"clocks-new-game-{size}.png", full_page=True)
