"""Issue 13 point 9: plain-text emails show names as they are written; only the HTML
part escapes them."""

from datetime import UTC, datetime, timedelta

import pytest
import time_machine

from mail import tasks
from tests.factories import UserFactory, due_seat, play_first_legal, start_game

pytestmark = pytest.mark.django_db

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def test_a_name_with_an_apostrophe_is_not_html_escaped_in_the_text_part(mailoutbox):
    alice = UserFactory(username="alice", display_name="Alice")
    sean = UserFactory(username="sean", display_name="Seán O'Brien")
    with time_machine.travel(T0, tick=False):
        game = start_game(alice, sean)
        seat = due_seat(game)
        if seat.user == sean:  # the email to read is the one naming Seán
            play_first_legal(game)
            seat = due_seat(game)
    with time_machine.travel(T0 + timedelta(minutes=10), tick=False):
        assert tasks.deliver_now(alice.pk) == 1
    [mail] = mailoutbox
    assert "with Seán O'Brien" in mail.body
    assert "&#x27;" not in mail.body and "&amp;" not in mail.body
    [(html, _mime)] = mail.alternatives
    assert "Seán O&#x27;Brien" in html  # the HTML part is HTML


def test_a_players_markup_in_a_name_stays_inert_in_html_and_literal_in_text(mailoutbox):
    alice = UserFactory(username="alice", display_name="Alice")
    bob = UserFactory(username="bob", display_name="Bob <b>& Co</b>")
    with time_machine.travel(T0, tick=False):
        game = start_game(bob, alice)
        if due_seat(game).user != alice:
            play_first_legal(game)
    with time_machine.travel(T0 + timedelta(minutes=10), tick=False):
        assert tasks.deliver_now(alice.pk) == 1
    [mail] = mailoutbox
    assert "Bob <b>& Co</b>" in mail.body
    [(html, _mime)] = mail.alternatives
    assert "<b>" not in html and "Bob &lt;b&gt;&amp; Co&lt;/b&gt;" in html
