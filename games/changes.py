"""What changed since the viewer last looked, for the game page and the turn email.

Which moves count:

- a player: the others' moves since their own last action; while it is their turn,
  since their last turn (the turn's own moves are skipped, so the news stays in view
  while they act); before their first move, everything since the start;
- a signed-in spectator: the moves since their last visit (:class:`games.models.Visit`;
  reloading keeps the same news until more moves come);
- a visitor who is not signed in: the latest turn (the last run of one seat's moves).
  Nothing is stored for them: a session for every passing reader would cost a write
  on each look, and the latest turn is what a passer-by wants to see.

The board marks and words come from ``games.boards.changes`` and read only the
viewer's own ``view(state, seat)`` before and after each move (states by replaying
the stored moves) and the moves' public notation and sentences: never a full state,
so no secret can leak that the viewer's own page would not show.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass

from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import translation

from games.boards import changes as board_changes
from games.models import Game, Seat, Visit
from games.replay import game_states

# At most this many moves are told (a spectator back after weeks): the latest ones.
MAX_PLIES = 60
# Lines shown at most; the rest are counted ("and 12 earlier events").
MAX_LINES = 14

TURN, VISIT, LATEST = "turn", "visit", "latest"
CACHE_SECONDS = 3600
NOTHING = ""  # cached for "no news", which ``None`` (a miss) cannot say


@dataclass(frozen=True)
class Since:
    """The news for one viewer: ``kind`` (TURN, VISIT or LATEST), the plies told
    (``first`` to ``last``), the changes in words and marks, and where to replay them."""

    kind: str
    first: int
    last: int
    changes: board_changes.Changes
    replay_url: str
    earlier: int = 0  # plies before ``first`` left untold (over MAX_PLIES)

    @property
    def lines(self) -> list[str]:
        lines = list(self.changes.lines)
        return lines[-MAX_LINES:]

    @property
    def hidden_lines(self) -> int:
        return max(0, len(self.changes.lines) - MAX_LINES)

    @property
    def yours(self) -> list[str]:
        return list(self.changes.yours)

    @property
    def summaries(self):
        return self.changes.summaries

    @property
    def count(self) -> int:
        return self.last - self.first + 1


def window(
    plies: list[tuple[int, int]], me: int | None, after: int | None, *, due: bool = True
) -> tuple[int, int]:
    """``(first, last)`` plies to tell from the move list ``[(ply, seat), ...]``;
    ``first > last`` when there is nothing. ``me``: the viewer's seat, ``due``: whether
    it is their turn now; ``after``: a spectator's last seen version (``None``: the
    latest turn)."""
    if not plies:
        return 1, 0
    end = len(plies)
    if me is not None:
        while due and end and plies[end - 1][1] == me:  # this turn's own moves
            end -= 1
        start = end
        while start and plies[start - 1][1] != me:
            start -= 1
    elif after is not None:
        start = next((i for i, (ply, _seat) in enumerate(plies) if ply > after), end)
    else:
        seat = plies[-1][1]
        start = end
        while start and plies[start - 1][1] == seat:
            start -= 1
    if start >= end:
        return 1, 0
    return plies[start][0], plies[end - 1][0]


def since(
    game: Game, me: int | None, moves, *, after: int | None = None, played: list | None = None
) -> Since | None:
    """The news for the viewer at seat ``me`` (``None``: a spectator, seen up to
    version ``after``, ``None`` if unknown), or ``None`` when there is none.

    ``moves``: the move list as the viewer may read it (``presenters.MoveRow``: public
    notation and sentences); ``played``: the stored moves as ``(ply, seat, action)``,
    if the caller read them (the replay then reads them again from them, not from the
    database: ``replay.game_states``)."""
    due = me is not None and me in (game.to_move or ())
    first, last = window([(m.ply, m.seat) for m in moves], me, after, due=due)
    if first > last:
        return None
    # Replaying a long game costs more than drawing its page, and the page is drawn
    # again after each of the player's own actions: keep the news under the moves it
    # tells (``taken_back``: an undone move replaced by another is other news), for
    # this viewer's seat and language.
    kind = TURN if me is not None else VISIT if after is not None else LATEST
    key = (
        f"since:{game.pk}:{game.taken_back}:{first}:{last}:{me}:{kind}:{translation.get_language()}"
    )
    found = cache.get(key)
    if found is None:
        found = _since(game, me, moves, after, first, last, played) or NOTHING
        cache.set(key, found, CACHE_SECONDS)
    return found or None


def _since(game: Game, me, moves, after, first: int, last: int, played=None) -> Since | None:
    kind = TURN if me is not None else VISIT if after is not None else LATEST
    earlier = 0
    if last - first + 1 > MAX_PLIES:
        earlier = last - MAX_PLIES + 1 - first
        first = last - MAX_PLIES + 1
    states = game_states(game, before_ply=last + 1, played=played)
    engine = game.engine_module
    views = [engine.view(states[p], me) for p in range(first - 1, last + 1)]
    by_ply = {m.ply: m for m in moves}
    plies = [
        board_changes.Ply(p, by_ply[p].seat, by_ply[p].action, by_ply[p].description)
        for p in range(first, last + 1)
    ]
    found = board_changes.changes(game.engine, views, plies, seat=me)
    if not found:
        return None
    url = reverse("game_replay", args=[game.pk])
    return Since(
        kind=kind,
        first=first,
        last=last,
        changes=found,
        replay_url=f"{url}?from={first - 1}&ply={first - 1}",
        earlier=earlier,
    )


def marked(game: Game, found: Since | None, view: dict, svg: str, me: int | None) -> str:
    """The board ``svg`` (drawn from ``view``) with the changes marked on it."""
    if found is None or not svg:
        return svg
    over = board_changes.overlay(game.engine, view, found.changes, seat=me)
    return board_changes.mark_board(svg, over)


def ply_marks(game: Game, states: list, ply: int, me: int | None, moves) -> str:
    """The replay's marks: what move ``ply`` changed, as SVG over the board after it."""
    if ply < 1 or ply >= len(states):
        return ""
    engine = game.engine_module
    views = [engine.view(states[ply - 1], me), engine.view(states[ply], me)]
    m = next((m for m in moves if m.ply == ply), None)
    if m is None:
        return ""
    found = board_changes.changes(
        game.engine, views, [board_changes.Ply(ply, m.seat, m.action, m.description)], seat=me
    )
    return board_changes.overlay(game.engine, views[-1], found, seat=me)


# --- a signed-in spectator's visits ----------------------------------------------------


def spectator_since(request, game: Game, seats: list[Seat]) -> int | None:
    """For a signed-in viewer who plays no seat: the version their news starts after,
    recorded as a visit (one read; a write only when there are new moves). ``None``
    for players and visitors who are not signed in. Memoised on the request."""
    user = request.user
    if not user.is_authenticated or any(s.user_id == user.pk for s in seats):
        return None
    memo = getattr(request, "_tripost_since", None)
    if memo is not None and memo[0] == game.pk:
        return memo[1]
    version = game.version
    visit = Visit.objects.filter(game=game, user=user).first()
    if visit is None:
        moves = list(game.moves.order_by("ply").values_list("ply", "seat"))
        first, last = window(moves, None, None)
        after = first - 1 if first <= last else version
        # Two first looks at once: the other one wrote it (a savepoint keeps the
        # request's transaction usable).
        with contextlib.suppress(IntegrityError), transaction.atomic():
            Visit.objects.create(game=game, user=user, seen_version=version, since_version=after)
    elif visit.seen_version != version:
        # New moves (or moves taken back): the news starts where they had seen.
        after = min(visit.seen_version, version)
        Visit.objects.filter(pk=visit.pk).update(seen_version=version, since_version=after)
    else:
        after = min(visit.since_version, version)
    request._tripost_since = (game.pk, after)
    return after


__all__ = ["Since", "marked", "ply_marks", "since", "spectator_since", "window"]
