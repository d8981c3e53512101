"""No page, partial, poll or export shows a player's secrets to anyone else (TS16, TT11).

Each endpoint is fetched as the owner (the secret is there: the check can fail), as
the opponent and as a signed-out visitor (it is not). Below, for seats that change
hands, every endpoint and email (``endpoints``, ``emails``) is fetched by every kind of
viewer, the secrets are changed in the database, and nothing a viewer gets may change.
"""

import copy
import difflib
import hashlib
import re
from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.core.cache import cache
from django.db import transaction
from django.db.models import F
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from chat import services as chat
from games import services, table_rows
from games.engines.trias.cards import deck2_size
from games.engines.tritarea.rules import NPC as TRITAREA_NPC
from games.models import Controller, Game, Seat
from games.replay import load_state
from leaving.services import account_delete
from moderation import services as moderation
from tests.factories import UserFactory
from tests.web.helpers import play_random, start_game

pytestmark = pytest.mark.django_db


def signed_in(user):
    client = Client()
    client.force_login(user)
    return client


def pages(client, game):
    """Every endpoint that shows a running game."""
    return {
        "page": client.get(reverse("game_detail", args=[game.pk])),
        "live": client.get(reverse("game_live", args=[game.pk]), HTTP_HX_REQUEST="true"),
        "poll": client.get(
            reverse("game_poll", args=[game.pk]) + "?stamp=none", HTTP_HX_REQUEST="true"
        ),
        "my games": client.get(reverse("home")),
    }


def human_seats(game):
    return [s for s in game.seats.select_related("user").order_by("index") if s.user]


def test_tritarea_hands_reach_only_their_owner():
    game = start_game("tritarea", [UserFactory(), UserFactory()], num_players=2)
    # The owner is the player to move: their cards are drawn as playable ("p I1").
    owner = next(s for s in human_seats(game) if s.index in game.to_move)
    opponent = next(s for s in human_seats(game) if s != owner)
    hand = game.engine_module.view(load_state(game), owner.index)["hand"]
    assert len(hand) == 8

    def shows_hand(html):
        return [card for card in hand if re.search(rf"\b{card}\b", html)]

    owner_page = pages(signed_in(owner.user), game)["page"].content.decode()
    assert shows_hand(owner_page) == hand
    for who, client in (("opponent", signed_in(opponent.user)), ("visitor", Client())):
        for name, response in pages(client, game).items():
            assert response.status_code in (200, 302), (who, name)
            assert shows_hand(response.content.decode()) == [], (who, name)
    visitor_page = Client().get(reverse("game_detail", args=[game.pk])).content.decode()
    assert "Your hand" not in visitor_page


def test_a_secret_lead_declaration_shows_as_a_question_mark_to_others():
    game = start_game("tritarea", [UserFactory(), UserFactory()], num_players=2)
    game = play_random(game, stop=lambda g: g.moves.filter(action__startswith="lead ").exists())
    move = game.moves.get(action__startswith="lead ")
    declarer = game.seats.get(index=move.seat)
    other = next(s for s in human_seats(game) if s.index != move.seat)
    assert game.status == "active"

    own = signed_in(declarer.user).get(reverse("game_detail", args=[game.pk])).content.decode()
    assert move.action in own
    for client in (signed_in(other.user), Client()):
        for response in pages(client, game).values():
            # (the card's name may show from earlier rounds: cards are dealt anew)
            assert move.action not in response.content.decode()
        assert "lead ?" in client.get(reverse("game_detail", args=[game.pk])).content.decode()


def test_trias_hand_card_is_shown_only_to_its_holder():
    users = [UserFactory(), UserFactory(), UserFactory()]
    game = start_game("trias", users)
    state = load_state(game)
    for seat in human_seats(game):
        hand = game.engine_module.view(state, seat.index)["hand"]
        html = signed_in(seat.user).get(reverse("game_detail", args=[game.pk])).content.decode()
        assert re.findall(r'data-hand="([^"]*)"', html) == [hand]
    for response in pages(Client(), game).values():
        html = response.content.decode()
        assert "data-hand" not in html and "Your hand card" not in html


def test_running_games_have_no_replay_or_record_for_anyone():
    alice, bob = UserFactory(), UserFactory()
    game = start_game("tritarea", [alice, bob], num_players=2)
    for client in (signed_in(alice), signed_in(bob), Client()):
        assert client.get(reverse("game_replay", args=[game.pk])).status_code == 404
        assert client.get(reverse("game_record", args=[game.pk])).status_code == 403


# --- seats that change hands (issue 42) ----------------------------------------------
#
# A person who resigns, times out, is timed out by a moderator or deletes their account
# keeps their seat row (``seat.user``) while a computer player may take the seat over
# and play on with its cards. Every such change, for every game, is checked from every
# viewer's side over every endpoint below: each is fetched, the secrets are changed in
# the database (the left seat's cards, the deck order, the seed: every public fact
# kept), and fetched again. What a viewer may not see cannot change what they get.

HX = {"HTTP_HX_REQUEST": "true"}


def endpoints(game, viewer) -> list[tuple[str, str, dict]]:
    """Every endpoint that can show ``game`` (or a trace of it) to ``viewer`` (None:
    signed out), as (name, URL, request headers). New endpoints go here."""
    pk = game.pk
    found = [
        ("page", reverse("game_detail", args=[pk]), {}),
        ("live part", reverse("game_live", args=[pk]), HX),
        ("poll", reverse("game_poll", args=[pk]) + "?stamp=none", HX),
        ("replay", reverse("game_replay", args=[pk]), {}),
        ("replay partial", reverse("game_replay", args=[pk]) + "?ply=1", HX),
        ("record", reverse("game_record", args=[pk]), {}),
        ("chat page", reverse("chat_page", args=[pk]), {}),
        ("chat panel", reverse("chat_panel", args=[pk]), HX),
        ("chat log", reverse("chat_log", args=[pk]), HX),
        ("watch", reverse("watch"), {}),
    ]
    for seat in game.seats.select_related("user").filter(user__isnull=False):
        page = reverse("player_history", args=[seat.user.username])
        found.append((f"player page of seat {seat.index}", page, {}))
    if viewer is not None:
        found += [
            ("my games", reverse("home"), {}),
            ("games in play", reverse("active_games"), {}),
            ("data export", reverse("data_download"), {}),
        ]
    return found


# What differs from one request to the next whatever the game holds.
VOLATILE = [
    (re.compile(r'(name="csrfmiddlewaretoken" value=")[^"]+'), r"\1"),
    (re.compile(r'("X-CSRFToken": ?")[^"]+'), r"\1"),
    (re.compile(r'(nonce=")[^"]+'), r"\1"),
    (re.compile(r"(cid:)[^\"'>]+"), r"\1"),  # an email picture's Content-ID
]


def normalised(content: bytes | str) -> str:
    text = content.decode(errors="replace") if isinstance(content, bytes) else content
    for pattern, kept in VOLATILE:
        text = pattern.sub(kept, text)
    return text


def emails(game, user) -> dict[str, str]:
    """What the site would email ``user`` about ``game`` now, and how it answers a
    move they send by email: the computer's own next move, if it is due."""
    if user is None or not user.is_active:
        return {}
    from mail import compose, inbound, tokens

    section = compose.game_section(game, user)
    found = {
        "email section": repr(
            (
                section.position,
                hashlib.sha256(section.board_png or b"").hexdigest(),  # (the picture)
                section.actions,
                section.too_many_actions,
                section.reply_address,
            )
        )
    }
    for name, message in (
        ("reply email", compose.reply_email(user, game, {"reason": "x"})),
        ("chat email", compose.chat_email(user, game)),
    ):
        if message is not None:
            text = message.body + "".join(part for part, _kind in message.alternatives)
            found[name] = normalised(text)
    game.refresh_from_db()
    seat = game.seats.filter(user=user).first()
    if game.status == "active" and seat is not None and seat.index in game.to_move:
        guess = game.engine_module.legal_actions(load_state(game), seat.index)[0]
        token = tokens.ReplyToken(game_id=game.pk, version=game.version, user_id=user.pk)
        with transaction.atomic():
            outcome = inbound._handle_player(game=game, user=user, token=token, text=guess)
            transaction.set_rollback(True)  # (nothing was played: no answer kept)
        found["move by email"] = repr(outcome)
    return found


def everything(game, viewer) -> dict[str, str]:
    """Every endpoint and email as ``viewer`` gets them, drawn afresh."""
    cache.clear()  # pages are cached under the rows they show, not the snapshot
    client = Client()
    if viewer is not None:
        client.force_login(viewer)
    got = {}
    for name, url, headers in endpoints(game, viewer):
        response = client.get(url, **headers)
        got[name] = f"{response.status_code} {normalised(response.content)}"
    got.update(emails(game, viewer))
    return got


def change_secrets(game, seat_index: int | None = None) -> None:
    """In the database: give ``seat_index`` other cards (if given), reorder what nobody
    sees and change the seed. Every public fact stays: how many cards each holds,
    which deck each came from, what was played."""
    data = copy.deepcopy(table_rows.snapshot(game))
    if game.engine == "trias":
        deck = list(data["deck"])
        split = len(deck) - deck2_size(data["num_players"])
        if seat_index is not None:
            hand = data["hands"][seat_index]
            part = range(split) if data["hand_from"][seat_index] == 1 else range(split, len(deck))
            other = next(i for i in part if deck[i] != hand)
            data["hands"][seat_index], deck[other] = deck[other], hand
        data["deck"] = "".join(deck[:split][::-1] + deck[split:][::-1])
    elif game.engine == "tritarea" and seat_index is not None:
        # A card traded with the rules' computer seat, whose hand nobody sees either.
        hand = data["hands"][seat_index]
        npc = TRITAREA_NPC[data["num_players"]].index(True)
        theirs = data["hands"][npc]
        i, j = next((i, j) for i, c in enumerate(hand) for j, d in enumerate(theirs) if c != d)
        hand[i], theirs[j] = theirs[j], hand[i]
    if "seed" in data:
        data["seed"] += 1
    Game.objects.filter(pk=game.pk).update(state=data, seed=F("seed") + 7919)
    game.refresh_from_db()


def staff():
    return UserFactory(username="moderator", is_staff=True)


def leave_by_resigning(game, seat):
    services.game_resign(game_id=game.pk, user=seat.user)


def leave_by_timing_out(game, seat):
    Seat.objects.filter(pk=seat.pk).update(deadline=timezone.now() - timedelta(minutes=1))
    assert services.seat_time_out(seat_id=seat.pk)


def leave_by_a_moderators_timeout(game, seat):
    moderation.force_timeout(game_id=game.pk, actor=staff(), reason="gone quiet")


def leave_by_a_ban(game, seat):
    moderation.user_ban(user=seat.user, actor=staff(), reason="cheating")


def leave_by_deleting_the_account(game, seat):
    account_delete(user=seat.user, actor=seat.user, reason="leaving the site")


SEAT_CHANGES = {
    "resignation": leave_by_resigning,
    "timeout": leave_by_timing_out,
    "moderator's timeout": leave_by_a_moderators_timeout,
    "ban": leave_by_a_ban,
    "account deletion": leave_by_deleting_the_account,
}
# Each game with a table where a computer takes a left seat over, and how many people
# sit at it (Triad is for two: a seat left ends it; ``test_the_seed_changes_nothing``
# covers its one secret).
TABLES = {"trias": 4, "tritarea": 3}


def table(engine: str, people: int):
    users = [UserFactory(username=f"player{i}") for i in range(people)]
    game = start_game(engine, users)
    Game.objects.filter(pk=game.pk).update(auto_vacation_allowed=False)  # (times out)
    game.refresh_from_db()
    return game


@pytest.fixture
def still():
    """Time stands still: what a page says of it is the same at each fetch."""
    with time_machine.travel(datetime(2026, 3, 2, 9, 0, tzinfo=UTC), tick=False):
        yield


def differences(before: dict, after: dict) -> list[str]:
    """The endpoints whose answers differ, each printed as a diff."""
    changed = [name for name in before if before[name] != after.get(name)]
    for name in changed:
        diff = difflib.unified_diff(
            before[name].splitlines(), after.get(name, "").splitlines(), lineterm="", n=0
        )
        print(name, *list(diff)[:12], sep="\n")
    return changed


@pytest.mark.parametrize("change", SEAT_CHANGES)
@pytest.mark.parametrize("engine", TABLES)
def test_a_left_seat_hides_its_computers_cards_from_everyone(engine, change, still):
    game = table(engine, TABLES[engine])
    leaver = game.seats.select_related("user").get(index=game.to_move[0])
    former = leaver.user
    SEAT_CHANGES[change](game, leaver)
    leaver.refresh_from_db()
    assert leaver.controller == Controller.BOT and leaver.user == former  # taken over
    services.computer_turns_play(game_id=game.pk)  # it plays on, with the seat's cards
    game.refresh_from_db()
    assert game.status == "active" and game.moves.filter(by_computer=True).exists()
    staying = game.seats.select_related("user").exclude(pk=leaver.pk).filter(user__isnull=False)
    staying = next(s for s in staying if s.status == "playing")
    chat.message_post(game=game, user=staying.user, text="still here")
    former.refresh_from_db()
    viewers = {
        "former occupant": former,
        "a player": staying.user,
        "a spectator": UserFactory(username="spectator"),
        "signed out": None,
    }
    seen = {who: everything(game, viewer) for who, viewer in viewers.items()}
    for who in ("former occupant", "a spectator", "signed out"):
        assert "Your hand" not in seen[who]["page"], who
    change_secrets(game, leaver.index)
    for who, viewer in viewers.items():
        assert differences(seen[who], everything(game, viewer)) == [], who

    # The check can fail: a player still in the game sees their own cards change.
    change_secrets(game, staying.index)
    assert "page" in differences(seen["a player"], everything(game, staying.user))


@pytest.mark.parametrize("engine", ["triad", *TABLES])
def test_the_seed_and_the_deck_order_change_nothing_anyone_gets(engine, still):
    """Not even the poll's stamp, which once was digested over the game's row with its
    seed (issue 42, item 9)."""
    game = table(engine, 2)
    viewers = [*(s.user for s in game.seats.filter(user__isnull=False)), UserFactory(), None]
    seen = [everything(game, viewer) for viewer in viewers]
    change_secrets(game)
    for viewer, before in zip(viewers, seen, strict=True):
        assert differences(before, everything(game, viewer)) == [], viewer


def test_a_computers_secret_declaration_stays_hidden_from_the_seats_former_occupant():
    """Tri*T*Area's round-3 lead declarations are secret until all are made (TT10): the
    computer that took a seat over declares for it, and the person who left the seat
    reads it nowhere (page, chat, their data export), nor learns it by sending a guess
    as a repeat of "their" move."""
    game = table("tritarea", 3)
    game = play_random(game, stop=lambda g: load_state(g).phase == "lead")
    leaver = game.seats.select_related("user").get(index=game.to_move[0])
    former = leaver.user
    services.game_resign(game_id=game.pk, user=former)
    services.computer_turns_play(game_id=game.pk)
    move = game.moves.get(action__startswith="lead ", by_computer=True)
    game.refresh_from_db()
    assert move.seat == leaver.index and not load_state(game).lead_revealed
    staying = game.seats.filter(user__isnull=False, status="playing").select_related("user")
    chat.message_post(game=game, user=staying.first().user, text="declared?")

    client = signed_in(former)
    page = client.get(reverse("game_detail", args=[game.pk])).content.decode()
    assert move.action not in page and "lead ?" in page
    panel = client.get(reverse("chat_panel", args=[game.pk]), **HX).content.decode()
    assert "declared?" in panel and move.action not in panel
    export = client.get(reverse("data_download")).content.decode()
    assert move.action not in export

    def answer(action):
        try:
            services.move_play(
                game_id=game.pk, user=former, action=action, expected_version=move.ply - 1
            )
        except services.GameError as exc:
            return type(exc)
        return "taken as a repeat"

    wrong = next(a for a in ("lead M4", "lead I5", "lead K3", "lead P2") if a != move.action)
    assert answer(move.action) == answer(wrong) == services.StaleMove
