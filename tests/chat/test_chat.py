"""In-game chat: players write, spectators of public games read, authors delete within
minutes, readers report, moderators hide and mute (audit log), notes stay private,
new messages ride in the next turn email."""

import re
from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.test import Client
from django.urls import reverse

from accounts.models import User
from chat import services
from chat.models import ChatMail, ChatSettings, Message, MessageReport, Note
from games.replay import load_state
from mail import tasks
from mail.models import Kind, Notification
from moderation.models import AuditLog
from tests.factories import PASSWORD, due_seat, play_first_legal, start_game
from tests.web.helpers import play_random
from tests.web.helpers import start_game as start_public_game

pytestmark = pytest.mark.django_db

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def signed_in(user) -> Client:
    client = Client()
    client.login(username=user.username, password=PASSWORD)
    return client


def post(client, game, text, htmx=True):
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(reverse("chat_post", args=[game.pk]), {"text": text}, headers=headers)


def test_the_game_page_loads_the_chat_panel(alice, bob):
    game = start_game(alice, bob)
    page = signed_in(alice).get(reverse("game_detail", args=[game.pk])).content.decode()
    assert reverse("chat_panel", args=[game.pk]) in page  # htmx loads it
    assert reverse("chat_page", args=[game.pk]) in page  # a link without JavaScript


def test_players_exchange_messages_tied_to_the_ply(alice, bob):
    game = start_game(alice, bob)
    play_first_legal(game)
    move = game.moves.get(ply=1)
    response = post(signed_in(alice), game, "Good luck!")
    assert response.status_code == 200
    assert "Good luck!" in response.content.decode()
    message = Message.objects.get()
    assert (message.author, message.ply) == (alice, 1)
    panel = signed_in(bob).get(reverse("chat_panel", args=[game.pk])).content.decode()
    assert "Good luck!" in panel and "Alice" in panel
    assert f"After move 1. {move.action}" in panel  # shown in the moves' timeline


def test_the_log_answers_204_until_something_changes(alice, bob):
    game = start_game(alice, bob)
    marker = services.marker(game)
    log = reverse("chat_log", args=[game.pk])
    assert signed_in(bob).get(log, {"marker": marker}).status_code == 204
    post(signed_in(alice), game, "Hello")
    fresh = signed_in(bob).get(log, {"marker": marker})
    assert fresh.status_code == 200 and "Hello" in fresh.content.decode()


def test_html_is_always_escaped(alice, bob):
    game = start_game(alice, bob)
    post(signed_in(alice), game, "<script>alert(1)</script><b>hi</b>")
    panel = signed_in(bob).get(reverse("chat_panel", args=[game.pk])).content.decode()
    assert "<script>alert(1)" not in panel and "<b>hi</b>" not in panel
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in panel


def test_a_message_has_a_length_limit(alice, bob):
    game = start_game(alice, bob)
    response = post(signed_in(alice), game, "x" * (services.MAX_LENGTH + 1))
    assert response.status_code == 400
    assert f"at most {services.MAX_LENGTH} characters" in response.content.decode()
    assert post(signed_in(alice), game, "   ").status_code == 400
    assert not Message.objects.exists()


@pytest.mark.parametrize(
    "text",
    [
        "\u200b",  # a zero-width space alone
        "\u200b\u200d\u2060 \u00ad",  # zero-width characters and a soft hyphen
        "\u3164\u3164",  # Hangul fillers, drawn as nothing
        "\u202egg",  # a right-to-left override first: the text after it reads backwards
        "well played \u2066Bob\u2069",  # a direction isolate
        "bell\x07",  # a control character
    ],
)
def test_a_message_that_shows_nothing_or_turns_text_around_is_refused(alice, bob, text):
    game = start_game(alice, bob)
    response = post(signed_in(alice), game, text)
    assert response.status_code == 400
    assert not Message.objects.exists()


@pytest.mark.parametrize(
    "text",
    [
        "שלום, good game",  # right-to-left letters need no control characters
        "👨\u200d👩\u200d👧 family",  # emoji joined by zero-width joiners
        "two\r\nlines",  # a text area's line break
    ],
)
def test_messages_in_any_script_and_with_emoji_are_taken(alice, bob, text):
    game = start_game(alice, bob)
    assert post(signed_in(alice), game, text).status_code == 200
    assert Message.objects.get().text == text


def test_a_player_is_rate_limited(alice, bob):
    game = start_game(alice, bob)
    client = signed_in(alice)
    with time_machine.travel(T0, tick=False):
        for i in range(services.MESSAGES_PER_MINUTE):
            assert post(client, game, f"line {i}").status_code == 200
        refused = post(client, game, "one too many")
        assert refused.status_code == 429 and "messages a minute" in refused.content.decode()
    with time_machine.travel(T0 + timedelta(seconds=61), tick=False):
        assert post(client, game, "later").status_code == 200
    assert Message.objects.count() == services.MESSAGES_PER_MINUTE + 1


def test_spectators_read_public_games_but_never_write(alice, bob, carol):
    game = start_public_game("triad", [alice, bob])
    post(signed_in(alice), game, "Hello Bob")
    for client in (Client(), signed_in(carol)):  # signed out, signed in but not playing
        panel = client.get(reverse("chat_panel", args=[game.pk])).content.decode()
        assert "Hello Bob" in panel and "you are watching" in panel
        assert 'id="chat-form"' not in panel and "My notes" not in panel
    assert post(signed_in(carol), game, "Let me in").status_code == 400
    assert Message.objects.count() == 1


def test_a_private_games_chat_is_for_its_players_only(alice, bob, carol):
    game = start_game(alice, bob)  # private
    post(signed_in(alice), game, "secret plan")
    assert signed_in(carol).get(reverse("chat_panel", args=[game.pk])).status_code == 404
    assert signed_in(carol).get(reverse("chat_log", args=[game.pk])).status_code == 404
    assert Client().get(reverse("chat_page", args=[game.pk])).status_code == 404


def test_the_chat_never_shows_hidden_information(alice, bob, carol):
    """A lead declaration is secret until all have chosen (TT10, TT11): the chat's
    timeline names the move as the move list does; hands never appear (text only)."""
    game = start_public_game("tritarea", [alice, bob], num_players=2)
    game = play_random(game, stop=lambda g: g.moves.filter(action__startswith="lead ").exists())
    move = game.moves.get(action__startswith="lead ")
    assert game.status == "active" and game.version == move.ply
    declarer = game.seats.get(index=move.seat).user
    other = bob if declarer == alice else alice
    services.message_post(game=game, user=other, text="Hmm, what did you pick?")
    hand = game.engine_module.view(load_state(game), move.seat)["hand"]

    def panel(client):
        html = client.get(reverse("chat_panel", args=[game.pk])).content.decode()
        assert "Hmm, what did you pick?" in html
        return html

    assert f"After move {move.ply}. {move.action}" in panel(signed_in(declarer))
    for client in (signed_in(other), signed_in(carol), Client()):
        html = panel(client)
        assert f"After move {move.ply}. lead ?" in html and move.action not in html
        assert not [card for card in hand if re.search(rf"\b{card}\b", html)]
        assert str(game.seed) not in html


def test_an_author_deletes_their_message_within_minutes(alice, bob):
    game = start_game(alice, bob)
    with time_machine.travel(T0, tick=False):
        post(signed_in(alice), game, "oops")
        message = Message.objects.get()
        url = reverse("chat_delete", args=[game.pk, message.pk])
        hx = {"HX-Request": "true"}
        assert signed_in(bob).post(url, headers=hx).status_code == 400  # not bob's
        assert (
            "Delete" in signed_in(alice).get(reverse("chat_panel", args=[game.pk])).content.decode()
        )
    with time_machine.travel(T0 + timedelta(minutes=services.DELETE_MINUTES + 1), tick=False):
        panel = signed_in(alice).get(reverse("chat_panel", args=[game.pk])).content.decode()
        assert ">Delete<" not in panel
        assert signed_in(alice).post(url, headers=hx).status_code == 400  # too late
    post(signed_in(alice), game, "second thoughts")
    second = Message.objects.latest("pk")
    signed_in(alice).post(reverse("chat_delete", args=[game.pk, second.pk]))
    panel = signed_in(bob).get(reverse("chat_panel", args=[game.pk])).content.decode()
    assert "second thoughts" not in panel and "oops" in panel
    second.refresh_from_db()
    assert second.deleted_at is not None  # kept for the moderators


def test_a_reader_reports_a_message_from_a_confirm_page(alice, bob):
    game = start_game(alice, bob)
    post(signed_in(alice), game, "you are bad")
    message = Message.objects.get()
    url = reverse("chat_report", args=[game.pk, message.pk])
    client = signed_in(bob)
    page = client.get(url)
    assert page.status_code == 200 and "you are bad" in page.content.decode()
    assert not MessageReport.objects.exists()  # a GET changes nothing
    client.post(url, {"reason": "insult"})
    report = MessageReport.objects.get()
    assert (report.reporter, report.message, report.reason) == (bob, message, "insult")
    signed_in(alice).post(url, {"reason": "self"})
    assert MessageReport.objects.count() == 1  # not one's own


@pytest.fixture
def admin_client(db):
    User.objects.create_superuser("mod", "mod@example.com", PASSWORD)
    return signed_in(User.objects.get(username="mod"))


def test_moderators_hide_a_reported_message_with_a_reason(admin_client, alice, bob):
    game = start_game(alice, bob)
    post(signed_in(alice), game, "rude words")
    message = Message.objects.get()
    services.message_report(message=message, user=bob, reason="rude")
    url = reverse("admin:chat_messagereport_changelist")
    assert "rude words" in admin_client.get(url).content.decode()
    report = MessageReport.objects.get()
    data = {"action": "hide", ACTION_CHECKBOX_NAME: [str(report.pk)]}
    asks = admin_client.post(url, data)
    assert b"Why" in asks.content
    admin_client.post(url, {**data, "apply": "1", "reason": "Insult"}, follow=True)
    message.refresh_from_db()
    assert message.hidden_at is not None
    report.refresh_from_db()
    assert report.resolved
    entry = AuditLog.objects.get(action="chat_hide")
    assert entry.reason == "Insult" and entry.target_user == alice and entry.game == game
    panel = signed_in(bob).get(reverse("chat_panel", args=[game.pk])).content.decode()
    assert "rude words" not in panel


def test_a_muted_player_cannot_post_until_the_mute_ends(admin_client, alice, bob):
    game = start_game(alice, bob)
    with time_machine.travel(T0, tick=False):
        post(signed_in(alice), game, "spam")
        url = reverse("admin:chat_message_changelist")
        data = {"action": "mute", ACTION_CHECKBOX_NAME: [str(Message.objects.get().pk)]}
        admin_client.post(url, {**data, "apply": "1", "reason": "Spam", "days": "2"})
        entry = AuditLog.objects.get(action="chat_mute")
        assert entry.target_user == alice and entry.details["days"] == 2
        refused = post(signed_in(alice), game, "more spam")
        assert refused.status_code == 400 and "muted you" in refused.content.decode()
        panel = signed_in(alice).get(reverse("chat_panel", args=[game.pk])).content.decode()
        assert "muted you" in panel and 'id="chat-form"' not in panel
    with time_machine.travel(T0 + timedelta(days=2, minutes=1), tick=False):
        assert post(signed_in(alice), game, "I behave").status_code == 200


def test_a_player_turns_chat_off_for_themselves(alice, bob):
    game = start_game(alice, bob)
    post(signed_in(bob), game, "can you read me")
    client = signed_in(alice)
    panel = client.post(reverse("chat_toggle", args=[game.pk]), headers={"HX-Request": "true"})
    text = panel.content.decode()
    assert "Your chat is off" in text and "can you read me" not in text
    assert post(client, game, "hi").status_code == 400
    assert not ChatSettings.objects.get(user=alice).enabled


def test_notes_are_private_to_their_author(alice, bob):
    game = start_game(alice, bob)
    client = signed_in(alice)
    saved = client.post(
        reverse("chat_note_save", args=[game.pk]),
        {"text": "Bob bluffs"},
        headers={"HX-Request": "true"},
    )
    assert saved.status_code == 200 and "Saved" in saved.content.decode()
    assert Note.objects.get(user=alice).text == "Bob bluffs"
    assert "Bob bluffs" in client.get(reverse("chat_panel", args=[game.pk])).content.decode()
    assert (
        "Bob bluffs"
        not in signed_in(bob).get(reverse("chat_panel", args=[game.pk])).content.decode()
    )


def test_it_works_without_javascript(alice, bob):
    game = start_game(alice, bob)
    client = signed_in(alice)
    response = post(client, game, "plain form", htmx=False)
    assert response.status_code == 302 and response["Location"].endswith("/chat/#chat")
    page = client.get(reverse("chat_page", args=[game.pk])).content.decode()
    assert "plain form" in page and "<h1>Chat" in page


def test_a_new_message_rides_in_the_next_turn_email(alice, bob, mailoutbox):
    with time_machine.travel(T0, tick=False):
        game = start_game(alice, bob)
        mover = due_seat(game).user
        other = bob if mover == alice else alice
        services.message_post(game=game, user=other, text="Take your time, friend")
        assert not Notification.objects.filter(user=mover).exclude(kind=Kind.TURN).exists()
    with time_machine.travel(T0 + timedelta(seconds=301), tick=False):
        tasks.deliver_now(mover.pk)
    [mail] = mailoutbox
    assert f"{other.name} wrote: Take your time, friend" in mail.body
    assert f"{other.name} wrote: Take your time, friend" in mail.alternatives[0][0]


def test_no_chat_in_emails_when_the_player_chose_so(alice, bob, mailoutbox):
    with time_machine.travel(T0, tick=False):
        game = start_game(alice, bob)
        mover = due_seat(game).user
        other = bob if mover == alice else alice
        services.settings_update(user=mover, enabled=True, mail=ChatMail.NONE)
        services.message_post(game=game, user=other, text="Psst")
    with time_machine.travel(T0 + timedelta(seconds=301), tick=False):
        tasks.deliver_now(mover.pk)
    [mail] = mailoutbox
    assert "Psst" not in mail.body


def test_the_chat_settings_page(alice):
    client = signed_in(alice)
    assert client.get(reverse("chat_settings")).status_code == 200
    client.post(reverse("chat_settings"), {"mail": "none"})
    prefs = ChatSettings.objects.get(user=alice)
    assert (prefs.enabled, prefs.mail) == (False, "none")


def test_spectators_of_a_finished_game_stop_polling(alice, bob, carol):
    game = start_public_game("triad", [alice, bob])
    services.message_post(game=game, user=alice, text="gg")
    from games import services as games

    games.game_resign(game_id=game.pk, user=bob)
    watching = Client().get(reverse("chat_panel", args=[game.pk])).content.decode()
    assert "gg" in watching and "hx-trigger" not in watching
    playing = signed_in(alice).get(reverse("chat_panel", args=[game.pk])).content.decode()
    assert "every 5s" in playing  # players may still talk after the end


def test_a_player_may_choose_an_email_of_its_own_for_chat(alice, bob, mailoutbox):
    with time_machine.travel(T0, tick=False):
        game = start_game(alice, bob)
        waiting = bob if due_seat(game).user == alice else alice  # not their turn
        writer = alice if waiting == bob else bob
        services.settings_update(user=waiting, enabled=True, mail=ChatMail.OWN_EMAIL)
        services.message_post(game=game, user=writer, text="Are you there?")
        services.message_post(game=game, user=writer, text="No hurry.")
        assert Notification.objects.filter(user=waiting, kind=Kind.CHAT).count() == 1  # per game
        assert tasks.deliver_now(waiting.pk) == 0  # held back
    with time_machine.travel(T0 + timedelta(seconds=301), tick=False):
        assert tasks.deliver_now(waiting.pk) == 1
    [mail] = [m for m in mailoutbox if m.to == [f"{waiting.name} <{waiting.email}>"]]
    assert mail.subject == f"2 new messages in Triad #{game.pk}"
    assert f"{writer.name} wrote: Are you there?" in mail.body
    assert f"{writer.name} wrote: No hurry." in mail.body


def test_no_chat_email_for_messages_already_read_on_the_page(alice, bob, mailoutbox):
    with time_machine.travel(T0, tick=False):
        game = start_game(alice, bob)
        services.settings_update(user=bob, enabled=True, mail=ChatMail.OWN_EMAIL)
        services.message_post(game=game, user=alice, text="Seen on the page")
    with time_machine.travel(T0 + timedelta(seconds=60), tick=False):
        signed_in(bob).get(reverse("chat_panel", args=[game.pk]))  # bob reads it
    with time_machine.travel(T0 + timedelta(seconds=301), tick=False):
        tasks.deliver_now(bob.pk)
    assert not [m for m in mailoutbox if "new message" in m.subject]
    row = Notification.objects.get(user=bob, kind=Kind.CHAT)
    assert row.outcome == "skipped: nothing waiting"


def test_an_email_quotes_only_what_came_after_the_players_own_message_and_reading(
    alice, bob, django_assert_num_queries
):
    game = start_game(alice, bob)
    seat = game.seats.get(user=alice)
    say = lambda who, text, minutes: Message.objects.create(  # noqa: E731
        game=game, author=who, text=text, ply=0, created_at=T0 + timedelta(minutes=minutes)
    )
    with django_assert_num_queries(1):  # no messages: one query, no settings read
        assert services.mail_lines(game=game, user=alice, seat=seat) == []
    say(bob, "before her answer", 1)
    say(alice, "her answer", 2)
    with django_assert_num_queries(2):  # nothing new to her: two, no settings read
        assert services.mail_lines(game=game, user=alice, seat=seat) == []
    say(bob, "after her answer", 3)
    assert services.mail_lines(game=game, user=alice, seat=seat) == ["Bob wrote: after her answer"]
    services.Reading.objects.create(game=game, user=alice, seen_at=T0 + timedelta(minutes=4))
    say(bob, "after her reading", 5)
    assert services.mail_lines(game=game, user=alice, seat=seat) == ["Bob wrote: after her reading"]
    seat.last_seen_at = T0 + timedelta(minutes=6)
    assert services.mail_lines(game=game, user=alice, seat=seat) == []
    say(bob, "after her look", 7)
    assert services.mail_lines(game=game, user=alice, seat=seat) == ["Bob wrote: after her look"]
    ChatSettings.objects.create(user=alice, enabled=True, mail=ChatMail.NONE)
    assert services.mail_lines(game=game, user=alice, seat=seat) == []
