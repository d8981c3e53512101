"""A fair lobby: no creator fills it, and games nobody joins do not stay forever.

- A creator may have at most ``LOBBY_MAX_OPEN_GAMES`` unstarted public games at once
  (private games, by invitation only, are not listed and do not count).
- An unstarted game (public or private) that has not filled its seats within
  ``LOBBY_OPEN_DAYS`` of its creation expires: it is aborted and its players are told
  (``signals.game_expired``; the mail app writes the notice). The hourly task
  ``games.tasks.expire_open_games`` runs ``open_games_expire``.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from games import signals
from games.engines import base as text
from games.errors import GameError
from games.i18n import stored
from games.models import Game, GameStatus


def check_open_games(creator) -> None:
    limit = settings.LOBBY_MAX_OPEN_GAMES
    waiting = Game.objects.filter(
        created_by=creator, status=GameStatus.OPEN, is_public=True
    ).count()
    if waiting >= limit:
        raise GameError(
            f"You have {limit} public games waiting for players. Wait until one of them "
            "starts, or withdraw one, before you open another."
        )


def expires_at(game: Game) -> datetime:
    return game.created_at + timedelta(days=settings.LOBBY_OPEN_DAYS)


def open_games_expire(now: datetime | None = None) -> int:
    """Abort the unstarted games past their time; the number aborted. Each game is
    re-read under its row lock, so one that started meanwhile is left alone, and a
    second run finds nothing more to do."""
    now = now or timezone.now()
    cutoff = now - timedelta(days=settings.LOBBY_OPEN_DAYS)
    expired = 0
    for game_id in Game.objects.filter(status=GameStatus.OPEN, created_at__lt=cutoff).values_list(
        "pk", flat=True
    ):
        with transaction.atomic():
            game = Game.objects.select_for_update().get(pk=game_id)
            if game.status != GameStatus.OPEN:
                continue
            game.status = GameStatus.ABORTED
            game.finished_at = now
            reason = text.ngettext_lazy(
                "Expired: its seats were not all taken within %(n)s day.",
                "Expired: its seats were not all taken within %(n)s days.",
                settings.LOBBY_OPEN_DAYS,
            )
            game.result_reason, game.result_text = reason, stored(reason)
            game.save(update_fields=["status", "finished_at", "result_reason", "result_text"])
            signals.game_expired.send(sender=Game, game=game)
            expired += 1
    return expired
