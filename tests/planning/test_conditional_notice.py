"""A conditional move's player is told at once (planning.notices): one email row in the
mail outbox and a push row per device, written with the opponent's move, in the
player's language, once per reply; nothing when no conditional move is played."""

import pytest
from django.utils import timezone, translation

from accounts.models import EmailPreference
from games import services
from games.models import Move
from mail import tasks
from mail.models import Kind, Notification
from mail.sending import game_texts
from planning import conditional
from push import keys
from push import messages as push_messages
from push.models import Device, Preferences, PushMessage
from tests.factories import UserFactory
from tests.web.helpers import play_random, seat_user, start_game

from .test_conditional import play

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def push_on(settings):
    settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY = keys.generate()
    settings.SITE_URL = "https://tripost.test"


def planned(language=""):
    """A Triad game where ``me`` waits with a reply set to the opponent's move ``x``:
    (game, me, them, x, y)."""
    game = start_game("triad", [UserFactory(), UserFactory()])
    game = play_random(game, stop=lambda g: g.version >= 3)
    game.refresh_from_db()
    mover = game.to_move[0]
    me, them = seat_user(game, 1 - mover), seat_user(game, mover)
    me.language = language
    me.save(update_fields=["language"])
    engine = game.engine_module
    state = engine.from_json(game.state)
    for x in engine.legal_actions(state, mover):
        after = engine.apply(state, mover, x)
        if engine.to_move(after) == (1 - mover,):
            y = engine.legal_actions(after, 1 - mover)[0]
            break
    conditional.tree_save(
        game=game,
        seat=game.seats.get(index=1 - mover),
        version=game.version,
        actions=[(mover, x), (1 - mover, y)],
    )
    return game, me, them, x, y


def described(game, ply):
    return game_texts.move_description(Move.objects.get(game=game, ply=ply))


def test_the_player_is_emailed_at_once_and_once_with_both_moves():
    game, me, them, x, y = planned()
    version = game.version
    play(game, them, x)
    assert Move.objects.get(game=game, ply=version + 2).action == y
    rows = list(Notification.objects.filter(kind=Kind.CONDITIONAL))
    assert [(r.user, r.game) for r in rows] == [(me, game)]
    assert rows[0].send_after <= timezone.now()  # not held back like a turn email
    # A repeat of their move (double click) writes nothing more.
    services.move_play(game_id=game.pk, user=them, action=x, expected_version=version)
    assert Notification.objects.filter(kind=Kind.CONDITIONAL).count() == 1
    email = tasks._message(rows, me)
    theirs, mine = described(game, version + 1), described(game, version + 2)
    assert email.subject == f"Your conditional move was played in {game.title} #{game.pk}"
    lines = email.body.splitlines()
    assert f"{them.name} played: {theirs}" in lines
    assert f"Your conditional move, played for you at once: {mine}" in lines
    assert f"Now it is {them.name}'s turn again." in lines
    assert f"See the game: https://tripost.test{game.get_absolute_url()}" in lines
    html = email.alternatives[0][0]
    assert "Your conditional move, played for you at once:" in html
    assert game.get_absolute_url() in html


def test_the_email_is_in_the_players_language():
    game, me, them, x, _y = planned(language="de")
    version = game.version
    play(game, them, x)
    row = Notification.objects.get(kind=Kind.CONDITIONAL, user=me)
    email = tasks._message([row], me)
    assert email.subject == f"Dein bedingter Zug in {game.title} #{game.pk} wurde gespielt"
    with translation.override("de"):
        theirs, mine = described(game, version + 1), described(game, version + 2)
    lines = email.body.splitlines()
    assert f"{them.name} hat gespielt: {theirs}" in lines
    assert f"Dein bedingter Zug, sofort für dich gespielt: {mine}" in lines
    assert f"Jetzt ist wieder {them.name} am Zug." in lines
    assert "played" not in email.body


def test_nothing_is_written_when_no_conditional_move_is_played():
    game, me, them, x, _y = planned()
    device = Device.objects.create(user=me, endpoint="https://push.test/a", p256dh="k", auth="a")
    engine = game.engine_module
    other = next(
        a for a in engine.legal_actions(engine.from_json(game.state), game.to_move[0]) if a != x
    )
    play(game, them, other)
    assert not Notification.objects.filter(kind=Kind.CONDITIONAL).exists()
    assert not PushMessage.objects.filter(device=device).exclude(kind="turn").exists()


def test_a_push_says_the_same_words_and_can_be_switched_off():
    game, me, them, x, _y = planned()
    device = Device.objects.create(user=me, endpoint="https://push.test/a", p256dh="k", auth="a")
    version = game.version
    play(game, them, x)
    row = PushMessage.objects.get(device=device, kind="conditional")
    shown = push_messages.payload(row)
    assert shown["title"] == f"Your conditional move was played in {game.title} #{game.pk}"
    assert shown["body"].splitlines() == [
        f"{them.name} played: {described(game, version + 1)}",
        f"Your conditional move, played for you at once: {described(game, version + 2)}",
        f"Now it is {them.name}'s turn again.",
    ]
    # Switched off: the next conditional move writes no push (the email still goes).
    game2, me2, them2, x2, _ = planned()
    Preferences.objects.create(user=me2, conditional=False)
    Device.objects.create(user=me2, endpoint="https://push.test/b", p256dh="k", auth="a")
    play(game2, them2, x2)
    assert not PushMessage.objects.filter(user=me2, kind="conditional").exists()
    assert Notification.objects.filter(user=me2, kind=Kind.CONDITIONAL).count() == 1


def test_a_digest_player_gets_no_email_of_it():
    game, me, them, x, _y = planned()
    me.email_preference = EmailPreference.DAILY_DIGEST
    me.save()
    play(game, them, x)
    assert not Notification.objects.filter(kind=Kind.CONDITIONAL).exists()
    assert Move.objects.filter(game=game, played_automatically="conditional").exists()
