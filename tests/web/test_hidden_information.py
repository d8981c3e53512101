"""No page, partial, poll or export shows a player's secrets to anyone else (TS16, TT11).

Each endpoint is fetched as the owner (the secret is there: the check can fail), as
the opponent and as a signed-out visitor (it is not). Below, for seats that change
hands, every endpoint and email (``endpoints``, ``emails``) is fetched by every kind of
viewer, the secrets are changed in the database, and nothing a viewer gets may change.
"""

import copy
import difflib
import hashlib
import json
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
from games import services
from games.models import Controller, Game, Seat
from games.replay import load_state
from leaving.services import account_delete
from moderation import services as moderation
from tests.factories import UserFactory
from tests.web.helpers import open_game, play_random, start_game
from titles.trias.engine.cards import deck2_size
from titles.tritarea.engine.rules import NPC as TRITAREA_NPC

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


# --- the replay and record of a running game (issue 36) -------------------------------

ENGINES = [("triad", 2), ("trias", 3), ("tritarea", 2)]


def replay(client, game, ply):
    return client.get(reverse("game_replay", args=[game.pk]), {"ply": ply})


def record(client, game):
    return client.get(reverse("game_record", args=[game.pk]))


def viewers(game):
    """(seat index or None, client): every player, and a signed-out spectator."""
    return [(s.index, signed_in(s.user)) for s in human_seats(game)] + [(None, Client())]


def played(game, plies: int):
    """The game after ``plies`` random moves, and what each viewer saw after each of
    them, read from the stored snapshot as the game page reads it (``seen[ply][seat]``)."""
    engine = game.engine_module
    seen = []
    for ply in range(plies + 1):
        if ply:
            game = play_random(game, stop=lambda g, v=game.version: g.version > v)
        assert game.status == "active" and game.version == ply
        state = load_state(game)
        seen.append({i: engine.view(state, i) for i, _ in viewers(game)})
    return game, seen


@pytest.mark.parametrize(("engine", "players"), ENGINES)
def test_a_running_games_replay_shows_each_viewer_what_they_saw_at_each_ply(engine, players):
    """Each step of the replay is the board the viewer had in front of them then (their
    own seat's view, no choices to make), never another seat's secrets."""
    from games.boards import render_svg

    game = start_game(engine, [UserFactory() for _ in range(players)], num_players=players)
    game, seen = played(game, 8)
    state_json = load_state(game)  # (the snapshot: it must not move while replaying)
    for seat, client in viewers(game):
        for ply in range(len(seen)):
            response = replay(client, game, ply)
            assert response.status_code == 200, (seat, ply)
            html = response.content.decode()
            board = render_svg(engine, seen[ply][seat], seat=seat, actions=())
            # (the move's marks, games.changes, are drawn over the viewer's own board)
            assert board.rpartition("</svg>")[0] in html, (seat, ply)
            assert 'name="action"' not in html  # a replay offers no move
            if engine == "trias":  # the hand card: its holder's own, or nothing
                own = seen[ply][seat]["hand"] if seat is not None else None
                assert re.findall(r'data-hand="([^"]*)"', html) == ([own] if own else [])
            assert str(game.seed) not in html
    assert load_state(game) == state_json


@pytest.mark.parametrize(("engine", "players"), ENGINES)
def test_a_running_games_record_is_the_viewers_side_and_no_seed(engine, players):
    game = start_game(engine, [UserFactory() for _ in range(players)], num_players=players)
    game, _ = played(game, 6)
    moves = list(game.moves.order_by("ply").values_list("seat", "action"))
    redact = getattr(game.engine_module, "redact_action", lambda action: None)
    for seat, client in viewers(game):
        response = record(client, game)
        assert response.status_code == 200
        data = response.json()
        assert "seed" not in data and str(game.seed) not in response.content.decode()
        assert (data["status"], data["seen_by_seat"]) == ("active", seat)
        expected = [a if s == seat else (redact(a) or a) for s, a in moves]
        assert [m["action"] for m in data["moves"]] == expected


def _secrets_mutated(game, viewer: int | None):
    """Change in the database every secret ``viewer`` cannot see: the seed, and in the
    snapshot the other hands and the deck (re-drawn as the engine's determinizer does
    for a seat that cannot tell the difference)."""
    import random

    engine = game.engine_module
    state = load_state(game)
    determinize = getattr(engine, "determinize", None)
    if determinize is not None and viewer is not None:
        state = determinize(state, viewer, random.Random(7))
    game.seed = game.seed ^ 0x5A5A5A5A
    game.state = engine.to_json(state)
    game.save(update_fields=["seed", "state"])


@pytest.mark.parametrize(("engine", "players"), ENGINES)
def test_the_running_record_does_not_change_when_unseen_secrets_do(engine, players):
    """The record is the same whatever the secrets the viewer cannot see are: it is
    built from nothing else."""
    game = start_game(engine, [UserFactory() for _ in range(players)], num_players=players)
    game, _ = played(game, 6)
    for seat, client in viewers(game):
        before = record(client, game).content
        saved = (game.seed, game.state)
        _secrets_mutated(game, seat)
        assert record(client, game).content == before, seat
        game.seed, game.state = saved
        game.save(update_fields=["seed", "state"])


@pytest.mark.parametrize(("engine", "players"), [("trias", 3), ("tritarea", 2)])
def test_the_running_replay_does_not_change_when_unseen_secrets_in_the_snapshot_do(engine, players):
    """The stored snapshot holds every secret (other hands, the deck): re-drawn where
    the viewer cannot see, each step of their replay stays exactly the same."""
    import random

    game = start_game(engine, [UserFactory() for _ in range(players)], num_players=players)
    game, seen = played(game, 6)
    engine_module = game.engine_module

    def steps(client):
        pages = [replay(client, game, ply).content.decode() for ply in range(len(seen))]
        return [re.sub(r"[A-Za-z0-9]{64}", "", html) for html in pages]  # (CSRF tokens)

    for seat, client in viewers(game):
        if seat is None:
            continue
        before = steps(client)
        saved = game.state
        state = engine_module.determinize(load_state(game), seat, random.Random(11))
        game.state = engine_module.to_json(state)
        game.save(update_fields=["state"])
        assert game.state != saved  # something the viewer cannot see did change
        assert steps(client) == before, seat
        game.state = saved
        game.save(update_fields=["state"])


def test_a_secret_lead_stays_redacted_in_the_replay_of_a_running_game():
    game = start_game("tritarea", [UserFactory(), UserFactory()], num_players=2)
    game = play_random(game, stop=lambda g: g.moves.filter(action__startswith="lead ").exists())
    move = game.moves.get(action__startswith="lead ")
    declarer = game.seats.get(index=move.seat)
    other = next(s for s in human_seats(game) if s.index != move.seat)
    own = replay(signed_in(declarer.user), game, move.ply).content.decode()
    assert f"<code>{move.action}</code>" in own
    for client in (signed_in(other.user), Client()):
        html = replay(client, game, move.ply).content.decode()
        assert f"<code>{move.action}</code>" not in html and "<code>lead ?</code>" in html


def test_a_private_games_replay_and_record_are_for_its_players_only():
    alice, bob, carol = UserFactory(), UserFactory(), UserFactory()
    game = start_game("triad", [alice, bob], is_public=False)
    game = play_random(game, stop=lambda g: g.version >= 2)
    for user in (alice, bob):
        assert replay(signed_in(user), game, 1).status_code == 200
        assert record(signed_in(user), game).status_code == 200
    for client in (signed_in(carol), Client()):
        assert replay(client, game, 1).status_code == 404
        assert record(client, game).status_code == 404


def test_a_running_games_replay_and_record_are_never_kept_by_a_browser():
    """They change with each move and may hold the viewer's own hand."""
    alice, bob = UserFactory(), UserFactory()
    game = play_random(start_game("triad", [alice, bob]), stop=lambda g: g.version >= 1)
    for response in (replay(signed_in(alice), game, 1), record(signed_in(alice), game)):
        assert "no-store" in response["Cache-Control"] and "private" in response["Cache-Control"]
    later = play_random(game, stop=lambda g: g.version >= 2)
    assert "After move 2 of 2" in replay(signed_in(alice), later, 2).content.decode()


def test_an_unstarted_game_has_no_replay_or_record():
    alice = UserFactory()
    game = open_game(alice, "triad", 2)  # its second seat still open
    for client in (signed_in(alice), Client()):
        assert replay(client, game, 0).status_code == 403
        response = record(client, game)
        assert response.status_code == 403
        assert "This game has not started yet" in response.content.decode()


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
    from mail.replies import inbound
    from mail.sending import compose, tokens

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


# A running game's replay rebuilds each step from the seed and the moves: a changed seed
# is another game, whose recorded moves need not even be legal in it. The tests below
# that change the seed leave these out; the replay's own tests above change the unseen
# secrets of the snapshot instead, as the viewer could not tell.
REBUILT_FROM_THE_SEED = ("replay", "replay partial")


def everything(game, viewer, *, without=REBUILT_FROM_THE_SEED) -> dict[str, str]:
    """Every endpoint and email as ``viewer`` gets them, drawn afresh (but ``without``)."""
    cache.clear()  # pages are cached under the rows they show, not the snapshot
    client = Client()
    if viewer is not None:
        client.force_login(viewer)
    got = {}
    for name, url, headers in endpoints(game, viewer):
        if name in without:
            continue
        response = client.get(url, **headers)
        got[name] = f"{response.status_code} {normalised(response.content)}"
    got.update(emails(game, viewer))
    return got


def change_secrets(game, seat_index: int | None = None, *, seed: bool = True) -> None:
    """In the database: give ``seat_index`` other cards (if given), reorder what nobody
    sees and change the seed (unless ``seed=False``). Every public fact stays: how many
    cards each holds, which deck each came from, what was played.

    A page that tells what changed since a viewer's last turn (``games.changes``)
    replays the moves from the seed: with another seed they are another game's, so a
    game with moves keeps its seed here."""
    data = copy.deepcopy(game.state)
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
    if not seed:
        Game.objects.filter(pk=game.pk).update(state=data)
        game.refresh_from_db()
        return
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
        replayed = everything(game, viewers[who], without=())
        assert "Your hand" not in replayed["replay"] + replayed["replay partial"], who
    change_secrets(game, leaver.index, seed=False)
    for who, viewer in viewers.items():
        assert differences(seen[who], everything(game, viewer)) == [], who

    # The check can fail: a player still in the game sees their own cards change.
    change_secrets(game, staying.index, seed=False)
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


# --- the analysis board (planning.analysis) -----------------------------------------


def analysis(client, game):
    return client.get(reverse("planning_analyse", args=[game.pk]))


def analysis_start(game, seat, html):
    """The start state the analysis page's signed line holds (as its viewer's token)."""
    from planning.analysis import unsign

    user = game.seats.get(index=seat).user if seat is not None else None
    token = re.search(r'name="line" value="([^"]+)"', html).group(1)
    return game.engine_module.from_json(unsign(game, user, token).start)


@pytest.mark.parametrize(("engine", "players"), ENGINES)
def test_the_analysis_keeps_what_its_viewer_knows_and_never_the_seed(engine, players):
    """Each viewer's analysis starts from a position that looks to them exactly as the
    game does (their own view), with neither the game's seed nor anything derived
    from it; the page, its board and its signed line alike."""
    game = start_game(engine, [UserFactory() for _ in range(players)], num_players=players)
    game, seen = played(game, 6)
    state_json = game.state
    for seat, client in viewers(game):
        response = analysis(client, game)
        assert response.status_code == 200, seat
        html = response.content.decode()
        assert str(game.seed) not in html
        start = analysis_start(game, seat, html)
        assert game.engine_module.view(start, seat) == seen[-1][seat], seat
        assert str(game.seed) not in json.dumps(game.engine_module.to_json(start))
    game.refresh_from_db()
    assert game.state == state_json


@pytest.mark.parametrize(("engine", "players"), [("trias", 3), ("tritarea", 2)])
def test_the_analysis_redraws_what_its_viewer_cannot_see(engine, players):
    """The other hands in an analysis are drawn afresh from what the viewer knows: over
    a few openings they differ, as they would not if the real ones were used; the
    viewer's own hand is the real one."""
    game = start_game(engine, [UserFactory() for _ in range(players)], num_players=players)
    game, _ = played(game, 6)
    real = load_state(game)
    for seat, client in viewers(game):
        others = [s for s in range(len(real.hands)) if s != seat and real.hands[s]]
        starts = [
            analysis_start(game, seat, analysis(client, game).content.decode()) for _ in range(12)
        ]
        if seat is not None:
            assert all(start.hands[seat] == real.hands[seat] for start in starts)
        drawn = {tuple(start.hands[s] for s in others) for start in starts}
        assert len(drawn) > 1, seat  # re-drawn each time, not the real hands


@pytest.mark.parametrize(("engine", "players"), ENGINES)
def test_the_analysis_page_does_not_change_when_the_seed_does(engine, players, monkeypatch):
    """With the analysis's own random draw fixed, the page depends on nothing the
    viewer cannot see of the seed: changing it changes nothing they get."""
    from planning import analysis as planning_analysis

    monkeypatch.setattr(planning_analysis.secrets, "randbits", lambda bits: 12345)
    game = start_game(engine, [UserFactory() for _ in range(players)], num_players=players)
    game, _ = played(game, 6)
    for seat, client in viewers(game):
        before = _unstamped(analysis(client, game).content.decode())
        game.seed ^= 0x5A5A5A5A
        game.save(update_fields=["seed"])
        after = _unstamped(analysis(client, game).content.decode())
        assert after == before, seat


# A signed line is ``payload:time:signature``: the payload (readable by whoever holds
# the page) is compared, its time and signature differ from one second to the next.
_SIGNED = re.compile(r"([A-Za-z0-9_\-.]+):[A-Za-z0-9]+:[A-Za-z0-9_\-]{43}\b")


def _unstamped(page: str) -> str:
    return re.sub(r"[A-Za-z0-9]{64}", "", _SIGNED.sub(r"\1", page))
