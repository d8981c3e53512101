"""``manage.py demo``: players who can sign in, games of every kind at telling points."""

from dataclasses import dataclass
from io import StringIO

import pytest
from allauth.account.models import EmailAddress
from django.core import mail
from django.core.management import CommandError, call_command
from django.test import override_settings

from accounts.models import User
from games.engines import ENGINES
from games.management.commands.demo import PASSWORD, PLAYERS
from games.models import Game, GameStatus
from games.replay import game_states

pytestmark = pytest.mark.django_db
FAST_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # as conftest sets per test


def demo(*args: str) -> str:
    out = StringIO()
    call_command("demo", "--force", *args, stdout=out)
    return out.getvalue()


@dataclass
class Seeding:
    output: str  # what the command printed
    sent: list  # the emails sent while it ran


@pytest.fixture(scope="class")
def seeding(django_db_setup, django_db_blocker):
    """One run of the command for the tests of a class, which look at what it made (each
    test's own changes are rolled back as usual); emptied again after the class."""
    with django_db_blocker.unblock(), override_settings(PASSWORD_HASHERS=FAST_HASHERS):
        mail.outbox = []
        output = demo()
    yield Seeding(output, list(mail.outbox))
    with django_db_blocker.unblock():
        call_command("flush", interactive=False, verbosity=0)


@pytest.mark.usefixtures("seeding")
class TestOneSeeding:
    def test_it_creates_verified_players_who_can_sign_in(self, client, seeding):
        assert PASSWORD in seeding.output
        for name in PLAYERS:
            user = User.objects.get(username=name)
            assert user.check_password(PASSWORD)
            assert EmailAddress.objects.get(user=user, email=user.email).verified
        response = client.post("/accounts/login/", {"login": "alice", "password": PASSWORD})
        assert response.status_code == 302
        assert client.get("/").status_code == 200

    def test_it_creates_games_of_every_engine_in_play_finished_and_open(self):
        games = Game.objects.all()
        assert {g.engine for g in games} == set(ENGINES)
        for engine in ENGINES:
            statuses = {g.status for g in games if g.engine == engine}
            assert {GameStatus.ACTIVE, GameStatus.FINISHED} <= statuses, engine
        assert games.filter(status=GameStatus.OPEN).exists()
        alice = User.objects.get(username="alice")
        # Something waits for Alice in each kind of game, and an invitation to answer.
        due = {s.game.engine for s in alice.seats.filter(is_due=True)}
        assert due == set(ENGINES)
        assert alice.seats.filter(accepted=False, game__status=GameStatus.OPEN).exists()

    def test_every_snapshot_equals_the_replay_of_its_moves(self):
        for game in Game.objects.exclude(state=None):
            engine = game.engine_module
            assert game.moves.count() == game.version
            assert engine.to_json(game_states(game)[-1]) == game.state, game
            finished = engine.outcome(engine.from_json(game.state)) is not None
            assert finished == (game.status == GameStatus.FINISHED), game

    def test_running_it_twice_changes_nothing_and_reset_starts_over(self):
        count = Game.objects.count()
        assert "already exist" in demo()
        assert Game.objects.count() == count
        demo("--reset")
        assert User.objects.filter(username__in=PLAYERS).count() == len(PLAYERS)
        assert Game.objects.count() == count

    def test_the_seeding_emails_nobody_and_says_in_one_line_what_it_made(self, seeding):
        """Issue 35: a fresh bin/serve printed six "game over" emails for the demo games."""
        from mail.models import Notification

        assert Notification.objects.count() == 0
        assert seeding.sent == []
        lines = seeding.output.strip().splitlines()
        assert len(lines) == 1
        assert lines[0].startswith("Demo: 8 games (3 in play, 3 finished, 2 waiting for players)")
        assert PASSWORD in lines[0]

    def test_after_the_seeding_the_demo_players_hear_of_real_moves(self):
        from games import services
        from mail.models import Kind, Notification

        alice = User.objects.get(username="alice")
        invitation = Game.objects.get(status=GameStatus.OPEN, created_by__username="dave")
        game = services.invitation_accept(game_id=invitation.pk, user=alice)
        assert game.status == GameStatus.ACTIVE
        due = game.seats.get(index=game.to_move[0]).user
        assert Notification.objects.filter(user=due, kind=Kind.TURN, game=game).exists()


def test_if_empty_leaves_a_database_with_users_alone():
    User.objects.create_user("someone", "someone@example.com", "x")
    demo("--if-empty")
    assert not Game.objects.exists()


def test_it_refuses_to_run_without_debug_unless_forced(settings):
    settings.DEBUG = False
    with pytest.raises(CommandError, match="DEBUG=1"):
        call_command("demo", stdout=StringIO())
    assert not User.objects.exists()
