"""Reads of games, their seats and moves, for pages, polls, moves and emails (HackSoft's
selectors: model instances or rows named by the ORM's lookups, never bare tuples; reads
only, nothing here imports a service). The ORM's querysets, but for two reads that
every move makes several times and that pay for being written out (``config.rows``:
``game_page_seats`` and ``current_seats``, their measured gain in their docstrings).

- the game page's: its seats in order with their players and the game (its snapshot
  left for ``Game.state`` to read when the page is drawn, not when it is served from
  the cache), in one query;
- a move's: a locked game's seats with their players;
- a batch of emails': the seats of several games with their players, in one query;
- what a page draws from: the move list;
- My games': each section's first seats in play and how many it holds (one light
  query, ``my_games_sections``; the API's list of them all, ``current_seats``), their
  recent results, and the shown seats with their games and fellow players.
"""

from __future__ import annotations

from collections import namedtuple
from collections.abc import Iterable
from functools import cache

from django.db import connections
from django.db.models import Prefetch, Q, prefetch_related_objects

from accounts.models import User
from config import rows
from games.models import Game, GameStatus, Seat

# --- a game's seats --------------------------------------------------------------------


# What a poll of a game page never reads from the game row (``Game.state`` is read when
# the page is drawn, not when it is served from the cache).
PAGE_LEAVES_OUT = ("state",)


@cache
def _page_seats_sql(alias: str, leave_out: tuple[str, ...]) -> str:
    q = connections[alias].ops.quote_name
    return (
        f"SELECT {rows.columns(Seat, 's', q)}, {rows.columns(Game, 'g', q, leave_out)},"
        f" {rows.columns(User, 'u', q)} FROM {q(Seat._meta.db_table)} s"
        f" INNER JOIN {q(Game._meta.db_table)} g ON g.{q('id')} = s.{q('game_id')}"
        f" LEFT OUTER JOIN {q(User._meta.db_table)} u ON u.{q('id')} = s.{q('user_id')}"
        f" WHERE s.{q('game_id')} = %s ORDER BY s.{q('index')}"
    )


def game_page_seats(game_id: int, *, with_state: bool = False) -> list[Seat]:
    """The game's seats in order, each with its ``user`` and ``game`` (one instance,
    shared, its snapshot deferred unless ``with_state``); empty when the game has no
    seats or does not exist.

    ``with_state`` for a whole page, which is drawn after nearly every move (the
    snapshot then comes in this query rather than a second one); polls, which mostly
    draw nothing, leave it out.

    Every view and poll of a game page reads these, twice a move (the first view and
    the second), so this is one written query made into the ORM's own instances
    (``config.rows``): measured alone (``benchmarks/web_cpu.py``'s data, in-process,
    under load) 0.46 ms of CPU where the ORM's ``select_related`` took 1.93 ms, about
    7 % of a move's four requests. ``tests/games/test_selectors.py`` compares it with
    the ORM's query."""
    using, connection, _quote = rows.reading(Seat)
    leave_out = () if with_state else PAGE_LEAVES_OUT
    parts = ((Seat, ()), (Game, leave_out), (User, ()))
    seats, game = [], None
    for row in rows.fetch(connection, _page_seats_sql(using, leave_out), [game_id]):
        seat, game_here, user = rows.instances(using, parts, row)
        game = game or game_here
        seat.game, seat.user = game, user
        seats.append(seat)
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

# What My games keys its cached page on and picks the shown seats by (named as the ORM's
# lookups): a draw offered or declined changes no version, so it is here too. The API's
# list of games (``api.reading.my_games``) reads all of them in this shape.
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


Current = namedtuple("Current", CURRENT)


def current_seats(user_id: int) -> list[Current]:
    """The player's seats in running and open games, in My games' order (due seats by
    their deadline, the others by their game's, newest first, open games newest
    first), as ``Current`` rows (plain values: enough to count, pick what is shown and
    key the cached page; the two deadlines as text).

    The API's list of the player's games (My games itself reads only what it shows:
    ``my_games_sections``). One written query (``config.rows``): measured alone 0.20
    ms of CPU where the ORM's took 1.75 ms, when My games read it after every move.
    ``tests/games/test_selectors.py`` compares it with the ORM's query."""
    using, _connection, q = rows.reading(Seat)
    sql = (
        f"SELECT s.{q('id')}, g.{q('status')}, s.{q('is_due')}, s.{q('accepted')},"
        f" g.{q('version')}, CAST(s.{q('deadline')} AS TEXT), CAST(g.{q('deadline')} AS TEXT),"
        f" g.{q('draw_offered_by')}, g.{q('draw_declined_for')}"
        f" FROM {q(Seat._meta.db_table)} s"
        f" INNER JOIN {q(Game._meta.db_table)} g ON g.{q('id')} = s.{q('game_id')}"
        f" WHERE s.{q('user_id')} = %s AND g.{q('status')} IN (%s, %s)"
        f" ORDER BY s.{q('deadline')} ASC NULLS LAST, g.{q('deadline')} ASC NULLS LAST,"
        f" g.{q('started_at')} DESC, g.{q('created_at')} DESC"
    )
    params = [user_id, GameStatus.ACTIVE.value, GameStatus.OPEN.value]
    return [Current(*row) for row in rows.values_of(using, _current_fields(), sql, params)]


# My games' sections, in the page's order: the games awaiting the player, those waiting
# for others, invitations, open games the player is in.
DUE, WAITING, INVITED, OPENING = range(4)


class Sections(namedtuple("Sections", ("rows", "totals"))):
    """``rows``: each section's first rows (``Current``), by section; ``totals``: how
    many the section holds in all."""

    def key(self) -> tuple:
        """What My games' cached page is keyed on: the rows shown and the totals."""
        return (tuple(tuple(rows) for rows in self.rows), tuple(self.totals))


def my_games_sections(user_id: int, shown: int) -> Sections:
    """The player's seats in running and open games, at most ``shown`` of each section
    (``DUE``, ``WAITING``, ``INVITED``, ``OPENING``) in ``current_seats``' order, and
    how many each section holds: one query, whose answer is as long for a player with
    600 games as for one with 60 (the database numbers and counts each section's rows,
    an index read of the player's seats; no row beyond the shown ones reaches Python)."""
    using, _connection, q = rows.reading(Seat)
    section = (
        f"CASE WHEN g.{q('status')} = %s AND s.{q('is_due')} THEN {DUE}"
        f" WHEN g.{q('status')} = %s THEN {WAITING}"
        f" WHEN NOT s.{q('accepted')} THEN {INVITED} ELSE {OPENING} END"
    )
    order = (
        f"s.{q('deadline')} ASC NULLS LAST, g.{q('deadline')} ASC NULLS LAST,"
        f" g.{q('started_at')} DESC, g.{q('created_at')} DESC, s.{q('id')} ASC"
    )
    sql = (
        f"SELECT * FROM (SELECT s.{q('id')}, g.{q('status')}, s.{q('is_due')},"
        f" s.{q('accepted')}, g.{q('version')}, CAST(s.{q('deadline')} AS TEXT),"
        f" CAST(g.{q('deadline')} AS TEXT), g.{q('draw_offered_by')},"
        f" g.{q('draw_declined_for')}, {section} AS section,"
        f" ROW_NUMBER() OVER (PARTITION BY {section} ORDER BY {order}) AS place,"
        f" COUNT(*) OVER (PARTITION BY {section}) AS total"
        f" FROM {q(Seat._meta.db_table)} s"
        f" INNER JOIN {q(Game._meta.db_table)} g ON g.{q('id')} = s.{q('game_id')}"
        f" WHERE s.{q('user_id')} = %s AND g.{q('status')} IN (%s, %s)) AS mine"
        f" WHERE place <= %s ORDER BY section, place"
    )
    active, opening = GameStatus.ACTIVE.value, GameStatus.OPEN.value
    params = [active, active, active, active, active, active, user_id, active, opening, shown]
    found = Sections([[], [], [], []], [0, 0, 0, 0])
    for row in rows.values_of(using, _current_fields(), sql, params):
        kind = row[9]
        found.rows[kind].append(Current(*row[:9]))
        found.totals[kind] = row[11]
    return found


@cache
def _current_fields() -> tuple:
    """The fields of ``current_seats``' first five columns, whose values are converted
    as the ORM converts them (the two texts and small integers need no converting)."""
    return (
        Seat._meta.get_field("id"),
        Game._meta.get_field("status"),
        Seat._meta.get_field("is_due"),
        Seat._meta.get_field("accepted"),
        Game._meta.get_field("version"),
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


# What a listed game shows of the other seats at its table.
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
    "user__is_bot",
)
_TABLES = (*LISTED, "user_id", *(f for f in FELLOWS if f not in LISTED))


def listed_tables(user_id: int, seat_pks: list[int]) -> tuple[list, list]:
    """The player's seats ``seat_pks`` with their games' and creators' values (rows
    named ``LISTED``, in no particular order), and everyone else's seats in those games,
    people and computers (rows named ``FELLOWS``, by game and seat order): one query,
    for every seat at the player's tables."""
    if not seat_pks:
        return [], []
    wanted = set(seat_pks)
    listed, fellows = [], []
    for row in (
        # (one join to the player's own seat: both conditions hold for the same row)
        Seat.objects.filter(game__seats__pk__in=seat_pks, game__seats__user_id=user_id)
        .order_by("game_id", "index")
        .values_list(*_TABLES, named=True)
    ):
        if row.user_id != user_id:
            fellows.append(row)
        elif row.pk in wanted:
            listed.append(row)
    return listed, fellows
