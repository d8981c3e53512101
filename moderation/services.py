"""Moderation flows (the admin, the report view): each records who did it and why (AuditLog)."""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.utils.translation import gettext as _

from accounts.models import User
from games import services as game_services
from games import signals
from games.engines import Outcome
from games.errors import GameError
from games.models import Controller, Game, GameStatus, Seat, SeatStatus
from moderation.models import AuditLog, Report


def _log(actor, action: str, reason: str, *, game=None, target=None, **details) -> AuditLog:
    if not reason.strip():
        raise GameError(_("Say why: every moderation action is recorded with its reason."))
    return AuditLog.objects.create(
        actor=actor, action=action, reason=reason, game=game, target_user=target, details=details
    )


@transaction.atomic
def game_abort(*, game_id: int, actor: User, reason: str) -> Game:
    game = game_services.game_locked(game_id=game_id)
    if game.is_over:
        raise GameError(_("This game is already over."))
    _log(actor, "abort", reason, game=game)
    game_services.game_abort(game=game, result_reason=f"Aborted by a moderator: {reason}")
    return game


@transaction.atomic
def deadline_extend(*, game_id: int, actor: User, reason: str, days: float) -> Game:
    game = game_services.game_locked(game_id=game_id)
    if game.status != GameStatus.ACTIVE:
        raise GameError(_("Only a game in play has deadlines."))
    if not 0 < days <= 60:
        raise GameError(_("Extend by more than 0 and at most 60 days."))
    delta = timedelta(days=days)
    seats = list(game.seats.filter(is_due=True, deadline__isnull=False))
    for seat in seats:
        seat.deadline += delta
        if seat.remind_at is not None:
            seat.remind_at += delta
    Seat.objects.bulk_update(seats, ["deadline", "remind_at"])
    if game.deadline is not None:
        game.deadline += delta
        game.save(update_fields=["deadline"])
    _log(actor, "extend_deadline", reason, game=game, days=days, seats=[s.index for s in seats])
    return game


@transaction.atomic
def force_timeout(*, game_id: int, actor: User, reason: str) -> Game:
    """Apply the timeout rule now to every person due in the game (deadline or not)."""
    game = game_services.game_locked(game_id=game_id)
    if game.status != GameStatus.ACTIVE:
        raise GameError(_("This game is not in play."))
    due = list(
        game.seats.select_related("user").filter(
            is_due=True, controller=Controller.HUMAN, status=SeatStatus.PLAYING
        )
    )
    if not due:
        raise GameError(_("Nobody is due to move in this game."))
    _log(actor, "force_timeout", reason, game=game, seats=[s.index for s in due])
    for seat in due:
        seat.refresh_from_db()
        if game.status != GameStatus.ACTIVE or seat.status != SeatStatus.PLAYING:
            continue
        game_services.seat_drop(game=game, seat=seat, status=SeatStatus.TIMED_OUT)
        signals.seat_timed_out.send(sender=Seat, game=game, seat=seat)
    return game


@transaction.atomic
def game_adjudicate(
    *, game_id: int, actor: User, reason: str, winners: list[int], draw: bool = False
) -> Game:
    """End a running game with the result the moderator decides."""
    game = game_services.game_locked(game_id=game_id)
    if game.is_over:
        raise GameError(_("This game is already over."))
    seats = list(game.seats.order_by("index"))
    indexes = {s.index for s in seats}
    if draw:
        winners = sorted(indexes)
    if not winners or not set(winners) <= indexes:
        raise GameError(_("Choose the winning seat(s)."))
    _log(actor, "adjudicate", reason, game=game, winners=winners, draw=draw)
    scores = tuple(1.0 if s.index in winners else 0.0 for s in seats)
    game_services.game_finish(
        game=game,
        outcome=Outcome(
            scores=scores,
            winners=tuple(winners),
            reason=f"Adjudicated by a moderator: {reason}"[:300],
            draw=draw,
        ),
    )
    return game


def user_ban(*, user: User, actor: User, reason: str) -> int:
    """Deactivate the account and apply the timeout rule in each of their running games."""
    with transaction.atomic():
        _log(actor, "ban", reason, target=user)
        User.objects.filter(pk=user.pk).update(is_active=False)
    return timeout_running_games(user=user, actor=actor, reason=reason, log_action="ban_timeout")


def timeout_running_games(*, user: User, actor: User | None, reason: str, log_action: str) -> int:
    """The timeout rule in each of the player's running games (one transaction per game,
    under its row lock), each recorded as ``log_action``; the number of games."""
    dropped = 0
    for seat_id, game_id in Seat.objects.filter(
        user=user,
        status=SeatStatus.PLAYING,
        controller=Controller.HUMAN,
        game__status=GameStatus.ACTIVE,
    ).values_list("pk", "game_id"):
        with transaction.atomic():
            game = game_services.game_locked(game_id=game_id)
            seat = Seat.objects.select_related("user").get(pk=seat_id)
            if game.status != GameStatus.ACTIVE or seat.status != SeatStatus.PLAYING:
                continue
            game_services.seat_drop(game=game, seat=seat, status=SeatStatus.TIMED_OUT)
            signals.seat_timed_out.send(sender=Seat, game=game, seat=seat)
            _log(actor, log_action, reason, game=game, target=user, seat=seat.index)
            dropped += 1
    return dropped


def report_create(*, game: Game, reporter: User, reported_id: int, reason: str) -> Report:
    players = set(game.seats.filter(user__isnull=False).values_list("user_id", flat=True))
    if reporter.pk not in players:
        raise GameError(_("Only the players of this game can report someone in it."))
    if reported_id not in players or reported_id == reporter.pk:
        raise GameError(_("Choose another player of this game."))
    if not reason.strip():
        raise GameError(_("Say what happened."))
    return Report.objects.create(
        game=game, reporter=reporter, reported_id=reported_id, reason=reason.strip()[:2000]
    )


def record(actor, action: str, reason: str, *, game=None, target=None, **details) -> AuditLog:
    """An entry in the audit log for another app's moderation action (chat: hide, mute)."""
    return _log(actor, action, reason, game=game, target=target, **details)
