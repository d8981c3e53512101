"""Demo data for a laptop: four players and games of every kind at interesting points.

    DEBUG=1 .venv/bin/python manage.py demo            # once; skips if the players exist
    DEBUG=1 .venv/bin/python manage.py demo --reset    # delete the demo players' games, redo

``bin/serve`` runs it with ``--if-empty`` on a database without any user.

Every move goes through ``games.services`` (the same flow as a click on the site), so
snapshots, seats, clocks and results are exactly what real play leaves behind. Moves
come from the seeded random bot; the games' own seeds are drawn as for any new game.
Nobody is emailed about the seeding (``mail.sending.outbox.silenced``): a newcomer's terminal
shows one line of what was made, not the results of games nobody played.
"""

from __future__ import annotations

from allauth.account.models import EmailAddress
from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from accounts.models import User
from games import services
from games.computer.players import RandomBot
from games.models import Game, GameStatus
from games.replay import load_state
from mail.sending.outbox import silenced

PASSWORD = "tripost-demo"
PLAYERS = ("alice", "bob", "carol", "dave")
MAX_ACTIONS = 5000  # a safety net: every engine ends far sooner


class Command(BaseCommand):
    help = "Create demo players (alice, bob, carol, dave) and games of every kind."

    def add_arguments(self, parser):
        parser.add_argument(
            "--reset",
            action="store_true",
            help="Delete the demo players and their games first, then create them anew.",
        )
        parser.add_argument(
            "--force",
            action="store_true",
            help="Run even with DEBUG off (the demo players have a published password).",
        )
        parser.add_argument(
            "--if-empty",
            action="store_true",
            help="Do nothing unless the database has no user at all (bin/serve's first run).",
        )
        parser.add_argument("--seed", type=int, default=2026, help="Seed of the bots' moves.")

    def handle(self, *args, reset: bool, force: bool, if_empty: bool, seed: int, **options):
        if not settings.DEBUG and not force:
            raise CommandError(
                "The demo players share a published password: run with DEBUG=1 "
                "(a development site), or pass --force."
            )
        if if_empty and User.objects.exists():
            return
        existing = User.objects.filter(username__in=PLAYERS)
        if existing.exists() and not reset:
            self.stdout.write(
                "The demo players already exist; nothing changed (--reset recreates them)."
            )
            self._print_sign_in()
            return
        with transaction.atomic():
            if reset:
                games = Game.objects.filter(seats__user__in=existing).distinct()
                count = games.count()
                Game.objects.filter(pk__in=list(games.values_list("pk", flat=True))).delete()
                # Games they created but no longer sit in (e.g. declined invitations).
                Game.objects.filter(created_by__in=existing).delete()
                existing.delete()
                self.stdout.write(f"Deleted the demo players and {count} of their games.")
            users = {name: self._player(name) for name in PLAYERS}
        self.bot = RandomBot(seed)
        with silenced():
            self._games(users)
        made = Game.objects.filter(seats__user__in=users.values()).distinct()
        count = {status: made.filter(status=status).count() for status in GameStatus.values}
        self.stdout.write(
            self.style.SUCCESS(
                f"Demo: {len(made)} games ({count[GameStatus.ACTIVE]} in play, "
                f"{count[GameStatus.FINISHED]} finished, {count[GameStatus.OPEN]} waiting "
                f"for players) of {', '.join(PLAYERS)}; sign in at /accounts/login/ as "
                f"any of them with the password {PASSWORD!r}."
            )
        )

    # --- players -----------------------------------------------------------------------

    def _player(self, name: str) -> User:
        user = User(username=name, email=f"{name}@example.com", display_name=name.capitalize())
        user.set_password(PASSWORD)
        user.save()
        EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
        return user

    def _print_sign_in(self) -> None:
        self.stdout.write(
            self.style.SUCCESS(
                f"Sign in at /accounts/login/ as {', '.join(PLAYERS)} "
                f"with the password {PASSWORD!r}."
            )
        )

    # --- games -------------------------------------------------------------------------

    def _games(self, u: dict[str, User]) -> None:
        alice, bob, carol, dave = (u[n] for n in PLAYERS)
        # Alice's turn in a Triad game a dozen moves in.
        self._midgame("triad", alice, [bob], moves=12, due=alice)
        # A finished Triad game.
        self._play(self._start("triad", carol, [dave]), moves=None)
        # Trias for three, well into the first rounds; Alice to act.
        self._midgame("trias", alice, [bob, carol], moves=25, due=alice)
        # A finished two-player Trias.
        self._play(self._start("trias", bob, [dave]), moves=None)
        # Tri*T*Area: Alice alone against three computer seats, a few tricks in.
        self._midgame("tritarea", alice, [], moves=10, due=alice)
        # A finished Tri*T*Area for two people (two computer seats).
        self._play(self._start("tritarea", carol, [alice]), moves=None)
        # Dave's invitation, waiting for Alice's answer.
        self._start("triad", dave, [alice], accept=False)
        # An open public Trias in the lobby, one seat free.
        self._start("trias", bob, [carol], num_players=3)

    def _midgame(
        self, engine: str, creator: User, invitees: list[User], *, moves: int, due: User
    ) -> Game:
        """A game in play ``moves`` moves in, with ``due`` to act. Its moves never end
        it while another move is legal; should one end it all the same, it stays as a
        finished game and another one is started."""
        for _ in range(5):
            game = self._play(self._start(engine, creator, invitees), moves=moves, until_due=due)
            if game.status == GameStatus.ACTIVE:
                break
        return game

    def _start(
        self,
        engine: str,
        creator: User,
        invitees: list[User],
        *,
        num_players: int | None = None,
        accept: bool = True,
    ) -> Game:
        game = services.game_create(
            creator=creator,
            engine=engine,
            num_players=num_players or len(invitees) + 1,
            options={},
            days_per_move=3,
            invitees=invitees,
            is_public=True,
        )
        if accept:
            for invitee in invitees:
                game = services.invitation_accept(game_id=game.pk, user=invitee)
        return game

    def _choose(self, engine, state, seat: int, *, keep_going: bool) -> str:
        """The bot's random action; in a game meant to stay in play, one that does not
        end it where there is such (so the demo makes the same games every run)."""
        if keep_going:
            going = [
                action
                for action in engine.legal_actions(state, seat)
                if engine.outcome(engine.apply(state, seat, action)) is None
            ]
            if going:
                return self.bot.rng.choice(going)
        return self.bot.choose(engine, state, seat)

    def _play(self, game: Game, *, moves: int | None, until_due: User | None = None) -> Game:
        """Random moves through the services: ``moves`` of them (then on until
        ``until_due`` is to move), or to the end of the game when ``moves`` is None."""
        game.refresh_from_db()
        for played in range(MAX_ACTIONS):
            if game.status != GameStatus.ACTIVE:
                break
            seats = {s.index: s for s in game.seats.select_related("user")}
            if moves is not None and played >= moves:
                due_users = {seats[i].user_id for i in game.to_move}
                if until_due is None or until_due.pk in due_users:
                    break
            seat = seats[game.to_move[0]]
            engine = game.engine_module
            state = load_state(game)
            action = self._choose(engine, state, seat.index, keep_going=moves is not None)
            game = services.move_play(
                game_id=game.pk, user=seat.user, action=action, expected_version=game.version
            ).game
        return game
