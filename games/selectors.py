"""Reads of games, their seats and moves, for pages, polls, moves and emails (HackSoft's
selectors: the ORM's querysets, returning model instances or rows named by their
lookups; reads only, nothing here imports a service).

- the game page's: its seats in order with their players and the game (its snapshot
  left for ``Game.state`` to read when the page is drawn, not when it is served from
  the cache), in one query;
- a move's: a locked game's seats with their players;
- a batch of emails': the seats of several games with their players, in one query;
- what a page draws from: the move list;
- My games': the player's seats in play (a light list in the page's order), their
  recent results, and the shown seats with their games and fellow players.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import F, Prefetch, Q, prefetch_related_objects

from games.models import Game, GameStatus, Seat

# --- a game's seats --------------------------------------------------------------------


def game_page_seats(game_id: int) -> list[Seat]:
    """The game's seats in order, each with its ``user`` and ``game`` (one instance,
    shared, its snapshot deferred); empty when the game has no seats or does not
    exist."""
    seats = list(
        Seat.objects.filter(game_id=game_id)
        .select_related("game", "user")
        .defer("game__state")
        .order_by("index")
    )
    for seat in seats[1:]:  # (one game for the page: what a seat changes, all see)
        seat.game = seats[0].game
    return seats


def seats_of(game: Game) -> list[Seat]:
    """``game``'s seats in order, each with its ``user`` and ``game`` (this one) set."""
    # (a related manager's rows come with their ``game`` set to this instance)
    return list(game.seats.select_related("user").order_by("index"))


def with_seats(games: Iterable[Game]) -> None:
    """Each of ``games`` given its seats in order, with their players
    (``game.seats.all()``): one query for all of them."""
    players = Seat.objects.select_related("user").order_by("index")
    prefetch_related_objects(list(games), Prefetch("seats", queryset=players))


# --- what a game page draws from --------------------------------------------------------

MOVE_FIELDS = ("ply", "seat", "action", "description", "description_text", "by_computer")


def move_list(game: Game) -> list[dict]:
    """Every move of ``game`` in order: ``MOVE_FIELDS`` and ``reversible``, as dicts."""
    return list(game.moves.order_by("ply").values(*MOVE_FIELDS, "reversible"))


# --- My games ------------------------------------------------------------------------

# What My games keys its cached page on and picks the shown seats by (the names are the
# ORM's lookups): a draw offered or declined changes no version, so it is here too.
CURRENT = (
    "pk",
    "game__status",
    "is_due",
    "accepted",
    "game__version",
    "deadline",
    "game__deadline",
    "game__draw_offered_by",
    "game__draw_declined_for",
)


def current_seats(user_id: int) -> list:
    """The player's seats in running and open games, in My games' order (due seats by
    their deadline, the others by their game's, newest first, open games newest
    first), as rows named ``CURRENT`` (plain values: enough to count, pick what is
    shown and key the cached page)."""
    return list(
        Seat.objects.filter(user_id=user_id, game__status__in=(GameStatus.ACTIVE, GameStatus.OPEN))
        .order_by(
            F("deadline").asc(nulls_last=True),
            F("game__deadline").asc(nulls_last=True),
            "-game__started_at",
            "-game__created_at",
        )
        .values_list(*CURRENT, named=True)
    )


def recent_seat_ids(user_id: int, limit: int) -> list[int]:
    """The player's seats in their ``limit`` most recently ended games (finished, or
    aborted after they started), latest first."""
    ended = Q(game__status=GameStatus.FINISHED) | Q(
        game__status=GameStatus.ABORTED, game__started_at__isnull=False
    )
    return list(
        Seat.objects.filter(ended, user_id=user_id)
        .order_by("-game__finished_at")
        .values_list("pk", flat=True)[:limit]
    )


# What a listed seat shows of itself and its game (the names are the ORM's lookups,
# as ``games.clocks.deadline_note`` reads them).
LISTED = (
    "pk",
    "game_id",
    "is_due",
    "deadline",
    "due_since",
    "night_seconds",
    "game__weekends_off",
    "is_winner",
    "rank",
    "result",
    "score",
    "game__num_players",
    "accepted",
    "index",
    "game__draw_offered_by",
    "game__draw_declined_for",
    "game__engine",
    "game__deadline",
    "game__finished_at",
    "game__created_by__username",
    "game__created_by__display_name",
)


def listed_seats(user_id: int, seat_pks: list[int]) -> list:
    """The player's seats ``seat_pks`` with their games' and creators' values, as rows
    named ``LISTED`` (in no particular order)."""
    if not seat_pks:
        return []
    return list(
        Seat.objects.filter(pk__in=seat_pks, user_id=user_id)
        .order_by()
        .values_list(*LISTED, named=True)
    )


FELLOWS = (
    "game_id",
    "is_due",
    "controller",
    "color",
    "bot_level",
    "accepted",
    "invited_as",
    "user__username",
    "user__display_name",
)


def fellow_seats(game_ids: list[int], user_id: int) -> list:
    """Everyone else's seats in ``game_ids`` (people and computers), by game and seat
    order, as rows named ``FELLOWS``."""
    if not game_ids:
        return []
    return list(
        Seat.objects.filter(game_id__in=game_ids)
        .exclude(user_id=user_id)
        .order_by("game_id", "index")
        .values_list(*FELLOWS, named=True)
    )
