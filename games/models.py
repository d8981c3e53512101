"""A game at the site: which engine, who sits where, every move, and the snapshot.

The snapshot (``Game.state``) is a cache: it always equals the replay of the seed and
the ``Move`` rows (``games.replay``), and a test replays finished games to prove it.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.functional import lazy
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from games import registry
from games.computer.levels import LEVELS
from games.engines import get_engine
from games.i18n import from_stored, localize, seat_colour


def _days_now(d: int) -> str:
    return ngettext("%(n)d day", "%(n)d days", d) % {"n": d}


_days = lazy(_days_now, str)  # choices are built at import, shown in the reader's language


DAYS_PER_MOVE_CHOICES = [(d, _days(d)) for d in (1, 2, 3, 5, 7, 10, 14)]
BANK_DAYS_CHOICES = [(d, _days(d)) for d in (1, 2, 3, 5, 7, 10, 14, 21, 30)]
BANK_INCREMENT_CHOICES = [(0, _("nothing"))] + [(d, _days(d)) for d in (1, 2, 3)]


class TimeControl(models.TextChoices):
    PER_MOVE = "per_move", _("Days per move")
    BANK = "bank", _("Time bank")


class GameStatus(models.TextChoices):
    OPEN = "open", _("Waiting for players")
    ACTIVE = "active", _("In play")
    FINISHED = "finished", _("Finished")
    ABORTED = "aborted", _("Aborted")


class Game(models.Model):
    engine = models.CharField(max_length=20, help_text="Engine name (games.engines.ENGINES).")
    num_players = models.PositiveSmallIntegerField(help_text="People at the table.")
    options = models.JSONField(default=dict, blank=True)
    seed = models.BigIntegerField()
    status = models.CharField(
        max_length=10, choices=GameStatus.choices, default=GameStatus.OPEN, db_index=True
    )
    state = models.JSONField(null=True, blank=True, help_text="Engine snapshot (to_json).")
    version = models.PositiveIntegerField(default=0, help_text="Actions applied so far.")
    # An undo brings the version back, so (version, taken_back) names one position: a
    # page or poll that saw version 12 must not take a replaced action 12 for the same.
    taken_back = models.PositiveIntegerField(default=0, help_text="Actions taken back so far.")
    to_move = models.JSONField(default=list, blank=True, help_text="Seat indexes due now.")
    days_per_move = models.PositiveSmallIntegerField(choices=DAYS_PER_MOVE_CHOICES, default=3)
    # Time bank (games.clocks): each seat starts with ``bank_start_days``, gains
    # ``bank_increment_days`` per move made, and never holds more than ``bank_cap_days``.
    time_control = models.CharField(
        max_length=10, choices=TimeControl.choices, default=TimeControl.PER_MOVE
    )
    bank_start_days = models.PositiveSmallIntegerField(null=True, blank=True)
    bank_increment_days = models.PositiveSmallIntegerField(null=True, blank=True)
    bank_cap_days = models.PositiveSmallIntegerField(null=True, blank=True)
    deadline = models.DateTimeField(null=True, blank=True, help_text="Earliest due deadline.")
    # Clock options (games.clocks): no clock runs on Saturday and Sunday in each
    # player's own time zone; and whether players may let the site spend their
    # vacation days instead of timing out (never in a rated game: games.clocks).
    weekends_off = models.BooleanField(default=False)
    auto_vacation_allowed = models.BooleanField(default=True)
    is_public = models.BooleanField(
        default=True, help_text="Listed in the lobby and open to spectators."
    )
    rated = models.BooleanField(
        default=True, help_text="The result moves the players' ratings (else casual)."
    )
    # Bot accounts (api.bots) may take a seat: its creator allowed them. Such a game is
    # casual (services.game_create): bots are not rated.
    bots_allowed = models.BooleanField(default=False)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    result_reason = models.CharField(max_length=300, blank=True)
    # result_reason's message id and parameters (games.i18n), to show it translated
    result_text = models.JSONField(default=dict, blank=True)
    draw_offered_by = models.PositiveSmallIntegerField(null=True, blank=True)
    # The new game one of the players offered from this finished one (services.
    # game_rematch): kept on this row, so this game's page shows it at once.
    rematch = models.OneToOneField(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="rematch_of"
    )
    # The seat whose draw offer was declined: told on its page and in My games until
    # it plays its next action or offers again (issue 34).
    draw_declined_for = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        indexes = [
            # The lobby: open games of kind X.
            models.Index(
                fields=["engine", "created_at"],
                name="game_open_by_engine",
                condition=Q(status="open"),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.title} #{self.pk}"

    def get_absolute_url(self) -> str:
        return reverse("game_detail", args=[self.pk])

    @property
    def result_shown(self) -> str:
        """Why the game ended, in the active language."""
        return from_stored(self.result_reason, self.result_text)

    @property
    def engine_module(self):
        return get_engine(self.engine)

    @property
    def spec(self):
        """What the game is and can do (``games.registry.GameSpec``)."""
        return registry.get(self.engine)

    @property
    def title(self) -> str:
        return self.engine_module.title

    @property
    def is_over(self) -> bool:
        return self.status in (GameStatus.FINISHED, GameStatus.ABORTED)


class Controller(models.TextChoices):
    HUMAN = "human", _("Person")
    NPC = "npc", _("Computer-run seat (the rules' own)")
    BOT = "bot", _("Computer player (chosen at New game, or replacing a person)")


class SeatStatus(models.TextChoices):
    PLAYING = "playing", _("Playing")
    RESIGNED = "resigned", _("Resigned")
    TIMED_OUT = "timed_out", _("Timed out")
    LEFT = "left", _("Left")


def seat_name(player: str | None, controller: str, color: str, bot_level: str = "") -> str:
    """What a seat is called: its player's name, the rules' computer player, a computer
    player chosen at New game ("Computer (Strong)"), or open."""
    if player is not None:
        return player
    if controller == Controller.NPC:
        if not color:
            return gettext("Computer")
        if "computer" in color.lower():  # Tri*T*Area's labels say so themselves
            return seat_colour(color)
        return gettext("%(colour)s (computer)") % {"colour": seat_colour(color)}
    if controller == Controller.BOT:
        level = LEVELS.get(bot_level)
        if level:
            return gettext("Computer (%(level)s)") % {"level": localize(level.title)}
        return gettext("Computer")
    return gettext("Open seat")


class ResultKind(models.TextChoices):
    """How a game ended for a seat (games.results decides it and says it in words)."""

    WIN = "win", _("Won")
    SHARED_WIN = "shared_win", _("Shared win")
    DRAW = "draw", _("Draw")
    LOSS = "loss", _("Lost")
    RESIGNED = "resigned", _("Resigned")
    TIMED_OUT = "timed_out", _("Ran out of time")
    LEFT = "left", _("Left the game")
    ABORTED = "aborted", _("Aborted")


class Seat(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="seats",
    )
    controller = models.CharField(
        max_length=8, choices=Controller.choices, default=Controller.HUMAN
    )
    # The computer player's strength (games.computer.levels.LEVELS) when controller is
    # "bot": chosen at New game, or the site's COMPUTER_TAKEOVER_LEVEL for a seat a
    # person left. Computer levels are rated players of their own (issue 14).
    bot_level = models.CharField(
        max_length=12, blank=True, choices=[(k, v.title) for k, v in LEVELS.items()]
    )
    accepted = models.BooleanField(
        default=False, help_text="The invited player has accepted (or joined)."
    )
    # The address an invitation by email went to (games.invitations): the seat is kept
    # for it, and shown as this address until accepted, whether or not it belongs to a
    # player (the inviter does not learn which).
    invited_as = models.EmailField(blank=True)
    color = models.CharField(max_length=30, blank=True)
    status = models.CharField(max_length=10, choices=SeatStatus.choices, default=SeatStatus.PLAYING)
    is_due = models.BooleanField(default=False, help_text="This seat must act now.")
    due_since = models.DateTimeField(null=True, blank=True)
    deadline = models.DateTimeField(null=True, blank=True)
    score = models.FloatField(null=True, blank=True)
    rank = models.PositiveSmallIntegerField(null=True, blank=True)
    is_winner = models.BooleanField(default=False)
    # Set when the game ends (games.results): "" while it runs and for the rules' own
    # computer-run seats.
    result = models.CharField(max_length=10, choices=ResultKind.choices, blank=True)
    last_seen_version = models.PositiveIntegerField(default=0)
    last_seen_at = models.DateTimeField(
        null=True, blank=True, help_text="When the player last opened the game page."
    )
    # Clocks (games.clocks): the time given for the current turn, the reminder's time
    # (cleared once sent) and, in time-bank games, the bank left outside this turn.
    turn_seconds = models.PositiveIntegerField(null=True, blank=True)
    remind_at = models.DateTimeField(null=True, blank=True)
    bank_seconds = models.PositiveIntegerField(null=True, blank=True)
    # The player is on vacation (games.clocks keeps it in step with User.on_vacation for
    # due seats), so the sweep's partial indexes leave the seat out without reading users.
    clock_stopped = models.BooleanField(default=False)
    # What the player's night hours added to this turn's deadline (games.clocks).
    night_seconds = models.PositiveIntegerField(default=0)
    # The clock sweep handed this overdue seat to a settling task (games.timeouts).
    timeout_claimed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["game", "index"]
        constraints = [
            models.UniqueConstraint(fields=["game", "index"], name="seat_unique_index"),
            models.UniqueConstraint(
                fields=["game", "user"],
                condition=Q(user__isnull=False),
                name="seat_one_per_user",
            ),
        ]
        indexes = [
            # "Games where it is my turn" and the header's count.
            models.Index(
                fields=["user", "deadline"], name="seat_due_by_user", condition=Q(is_due=True)
            ),
            # The timeout sweep: overdue seats of players not on vacation, oldest first.
            models.Index(
                fields=["deadline"],
                name="seat_due_deadline",
                condition=Q(is_due=True, clock_stopped=False),
            ),
            # The reminder sweep: due seats whose 80% point has passed.
            models.Index(
                fields=["remind_at"],
                name="seat_due_remind",
                condition=Q(is_due=True, clock_stopped=False),
            ),
        ]

    def __str__(self) -> str:
        who = self.user.name if self.user else self.get_controller_display()
        return f"{self.game} seat {self.index} ({who})"

    @property
    def colour_shown(self) -> str:
        """The seat's colour or role in the active language."""
        return seat_colour(self.color)

    @property
    def name(self) -> str:
        if self.invited_as and not self.accepted:
            # (the address itself only on the game page, to its players)
            return gettext("Invited by email")
        return seat_name(
            self.user.name if self.user else None, self.controller, self.color, self.bot_level
        )

    @property
    def own_view(self) -> int | None:
        """The seat whose secrets (hand, declarations) its person may see: this one's
        index while they still play it themselves, else None (the public view).

        A seat keeps its ``user`` when its person resigns, times out, is banned or
        deletes their account, and a computer player may take it over and play on
        with its hand: from then on its former occupant is a spectator of it."""
        if (
            self.user_id is not None
            and self.controller == Controller.HUMAN
            and self.status == SeatStatus.PLAYING
        ):
            return self.index
        return None

    @property
    def is_active_human(self) -> bool:
        return (
            self.user_id is not None
            and self.controller == Controller.HUMAN
            and self.status == SeatStatus.PLAYING
        )


class Move(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="moves")
    ply = models.PositiveIntegerField(help_text="1 for the first action of the game.")
    seat = models.PositiveSmallIntegerField()
    action = models.CharField(max_length=200)
    description = models.CharField(max_length=500, blank=True)
    # description's message id and parameters (games.i18n), to show it translated
    description_text = models.JSONField(default=dict, blank=True)
    by_computer = models.BooleanField(default=False)
    # Played for its person without their click (planning): "forced", the step's only
    # legal action, or "conditional", the reply they had planned to the move before.
    played_automatically = models.CharField(
        max_length=12,
        blank=True,
        default="",
        choices=[("forced", "the only legal action"), ("conditional", "a conditional move")],
    )
    reversible = models.BooleanField(
        default=False, help_text="Revealed nothing: may be taken back while the turn goes on."
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "ply"]
        constraints = [
            models.UniqueConstraint(fields=["game", "ply"], name="move_unique_ply"),
        ]

    def __str__(self) -> str:
        return f"{self.game} {self.ply}. {self.action}"

    @property
    def description_shown(self) -> str:
        """The sentence describing this action, in the active language."""
        return from_stored(self.description, self.description_text)


class WorkerHeartbeat(models.Model):
    """A Celery worker's last sign of life, written by the worker itself every
    ``config.celery.HEARTBEAT_SECONDS`` (one row per worker name): ``/healthz`` reads
    it from the database, the same on a laptop and in production."""

    name = models.CharField(max_length=200, primary_key=True)
    queues = models.CharField(max_length=500, help_text="The queues it takes, comma-separated.")
    seen_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"{self.name}: {self.seen_at}"


class ClockHeartbeat(models.Model):
    """The last run of the clock sweep (one row), to detect outages and pause clocks."""

    name = models.CharField(max_length=40, primary_key=True)
    last_run_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"{self.name}: {self.last_run_at}"


class EmailInvitation(models.Model):
    """A seat of an open game kept for an email address (``games.invitations``).

    An address that belongs to a player invites that player (``Seat.user``; they answer
    as any invitation). Any other address gets an email (``mail.sending.guests``) whose link,
    carrying a token bound to this row (game, seat, address), leads through sign-up
    into the seat. The row is also that email's outbox row: claimed, sent and marked
    as ``mail.Notification`` rows are.
    """

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="email_invitations")
    place = models.PositiveSmallIntegerField(help_text="The seat's index before the game starts.")
    email = models.EmailField(help_text="Lower case.")
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    # Set at once when the address belongs to a player; else whoever took the seat.
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    nonce = models.CharField(max_length=32, help_text="Random; part of the link's token.")
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    answered_at = models.DateTimeField(null=True, blank=True)
    # The email (none when the address belongs to a player: they hear as players do).
    sent_at = models.DateTimeField(null=True, blank=True)
    claim = models.CharField(max_length=32, blank=True)
    claimed_until = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    outcome = models.CharField(max_length=40, blank=True)
    message_id = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            # One invitation, so one email at most, per address and game.
            models.UniqueConstraint(fields=["game", "email"], name="email_invitation_once"),
        ]
        indexes = [
            models.Index(fields=["invited_by", "created_at"], name="email_invitation_by"),
            models.Index(fields=["email", "created_at"], name="email_invitation_to"),
            models.Index(
                fields=["created_at"],
                name="email_invitation_unsent",
                condition=Q(sent_at=None, user=None),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.email} to {self.game}"


class InvitationOptOut(models.Model):
    """An address that asked for no more invitations by email (its unsubscribe link):
    no one can invite it by address any more, whether or not it has an account."""

    email = models.EmailField(unique=True, help_text="Lower case.")
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return self.email


class Visit(models.Model):
    """A signed-in spectator's look at a game page (games.changes): the page marks
    what changed since their last visit, the moves after ``since_version``.

    A visit that finds new moves (``game.version`` past ``seen_version``) moves
    ``since_version`` up to what they had seen, so reloading the page keeps telling
    the same changes until more moves come. Players need no row: their changes are
    those since their own last turn, read from the move list."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="visits")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    seen_version = models.PositiveIntegerField(default=0)
    since_version = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "user"], name="visit_unique_viewer"),
        ]

    def __str__(self) -> str:
        return f"{self.user} watched {self.game} at {self.seen_version}"
