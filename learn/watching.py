"""Public games in play, for anyone to watch (issue 15, "Watching").

A row per game: the game, its players (who is to move), how many moves were made and
when the last one was, with each rated player's rating (``ratings`` app).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db.models import F, Max, Prefetch

from games import results
from games.models import Controller, Game, GameStatus, Seat
from ratings.services import ratings_of_games

PER_PAGE = 30

_SEATS = Seat.objects.select_related("user").only(
    "game_id",
    "index",
    "controller",
    "color",
    "bot_level",
    "is_due",
    "status",
    "invited_as",  # (Seat.name)
    "accepted",
    "user__username",
    "user__display_name",
    "user__is_bot",  # (User.name)
)


@dataclass(frozen=True)
class PlayerRow:
    name: str
    username: str | None  # for a link to the player's finished games
    computer: bool
    to_move: bool
    rating: int | None = None  # the displayed rating, in rated games
    # How the person left the game, if they did ("Resigned"): a computer plays on in
    # their seat, and its moves are not theirs (games.results).
    left: str = ""


@dataclass(frozen=True)
class WatchRow:
    game_id: int
    engine: str
    title: str
    players: tuple[PlayerRow, ...]
    moves: int
    last_move_at: datetime | None
    started_at: datetime | None


def games_in_play(*, engine: str | None = None):
    """Public games in play, the most recently moved first (games without a move yet by
    their start). Lists draw no boards: the snapshots are not loaded."""
    games = Game.objects.filter(status=GameStatus.ACTIVE, is_public=True)
    if engine:
        games = games.filter(engine=engine)
    return (
        games.defer("state", "options")
        .annotate(last_move_at=Max("moves__created_at"))
        # Games without a move yet last, on every database (PostgreSQL sorts NULL first).
        .order_by(F("last_move_at").desc(nulls_last=True), "-started_at", "-pk")
        .prefetch_related(Prefetch("seats", queryset=_SEATS.order_by("index")))
    )


def _left_words(seat) -> str:
    kind = results.LEFT_KINDS.get(seat.status)
    if kind is None:
        return ""
    return results.make(kind=kind, place=None, score=None, engine="", num_players=0).words


def rows(games) -> list[WatchRow]:
    out = []
    games = list(games)
    ratings = ratings_of_games(games)
    for game in games:
        players = tuple(
            PlayerRow(
                name=seat.name,
                username=seat.user.username if seat.user else None,
                computer=seat.controller != Controller.HUMAN,
                to_move=seat.is_due,
                rating=r.display if (r := ratings.get((game.pk, seat.index))) else None,
                left=_left_words(seat),
            )
            for seat in game.seats.all()
        )
        out.append(
            WatchRow(
                game_id=game.pk,
                engine=game.engine,
                title=game.title,
                players=players,
                moves=game.version,
                last_move_at=game.last_move_at,
                started_at=game.started_at,
            )
        )
    return out
