"""Issue 13, point 7: reply tokens survive a mail server that changes case, and the
reply address stays within RFC 5321's 64 characters before the @ for ids in the
billions; tokens of the earlier format keep working until they expire."""

from datetime import timedelta

import pytest
import time_machine
from django.utils import timezone

from mail.replies.inbound import handle_message
from mail.sending import tokens
from tests.factories import due_seat, start_game
from tests.mail.test_inbound import legal, mime

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(alice, bob):
    return start_game(alice, bob)


def address_for(game, make=tokens.reply_token):
    seat = due_seat(game)
    token = make(game_id=game.pk, version=game.version, user_id=seat.user.pk)
    return seat, tokens.reply_address(token)


@pytest.mark.parametrize("change", [str.lower, str.upper])
def test_a_reply_address_whose_case_was_changed_still_plays(game, change):
    seat, address = address_for(game)
    local, _, domain = address.partition("@")
    outcome = handle_message(
        mime(sender=seat.user.email, to=f"{change(local)}@{domain}", text=legal(game)[0])
    )
    assert outcome.played, outcome.reason


@pytest.mark.parametrize(
    "game_id, version, user_id",
    [(1, 0, 1), (1500, 40, 800), (4_000_000_000, 1_000_000, 3_000_000_000)],
)
def test_the_local_part_stays_within_64_characters(game_id, version, user_id):
    token = tokens.reply_token(game_id=game_id, version=version, user_id=user_id)
    address = tokens.reply_address(token)
    assert len(address.partition("@")[0]) <= 64
    assert tokens.find_reply_token([address.upper()]) == token.upper()
    assert tokens.read_reply_token(token.upper()) == tokens.ReplyToken(game_id, version, user_id)


def test_tokens_of_the_earlier_format_still_play(game):
    seat, address = address_for(game, make=tokens.old_reply_token)
    assert "." in address  # the earlier format
    assert handle_message(mime(sender=seat.user.email, to=address, text=legal(game)[0])).played


def test_a_token_expires_after_its_days(game, settings):
    settings.MAIL_REPLY_TOKEN_DAYS = 30
    token = tokens.reply_token(game_id=1, version=2, user_id=3)
    with time_machine.travel(timezone.now() + timedelta(days=29)):
        assert tokens.read_reply_token(token).version == 2
    with (
        time_machine.travel(timezone.now() + timedelta(days=32)),
        pytest.raises(tokens.BadToken, match="too old"),
    ):
        tokens.read_reply_token(token)


def test_another_sites_token_is_refused(settings):
    token = tokens.reply_token(game_id=1, version=2, user_id=3)
    settings.SECRET_KEY = "another-site-" + "x" * 50
    with pytest.raises(tokens.BadToken, match="forged"):
        tokens.read_reply_token(token)
