"""One notion of a result: how a game ended for each seat, and its words.

When a game ends (``games.services._finish``, or an abort), each seat's result is
decided once from the engine's outcome and stored on the seat (``Seat.result``,
``Seat.rank``, ``Seat.score``); every place that shows a result (the game page, My
games, the player page, the result email, the watch list, the ratings history, the
replay, the record and the data export) reads it back through ``seat_result`` and
says it with ``Result.words``, so none can disagree with another or with the engine.

The kinds:

- **win**: the only winner;
- **shared win**: one of several winners, not all of them (Trias TS14 "all such
  players win"; Tri*T*Area "players share the victory");
- **draw**: every player wins (Triad TD10 by rule or by agreement, a Tri*T*Area team
  tie, or every Trias player tied);
- **loss**: the rules ranked the seat below a winner (a Tri*T*Area solo player ranked
  behind a computer seat is, in the rulebook's word, *disqualified*);
- **resigned**, **timed out**, **left** (banned, account deleted): the person left a
  running game. This is their result however well a computer that took over their
  seat went on to play it (ratings count them last, ``ratings.system``);
- **aborted**: the game was called off and counts for nobody.

Places use competition ranking among the players (the people and the computer
players chosen at New game; not the rules' own computer-run seats, except that a solo
Tri*T*Area player is ranked against them, as the rulebook says): winners first, then
by score, equal scores sharing a place ("1, 2, 2, 4").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games import registry
from games.models import Controller, GameStatus, ResultKind, SeatStatus

LEFT_KINDS = {
    SeatStatus.RESIGNED: ResultKind.RESIGNED,
    SeatStatus.TIMED_OUT: ResultKind.TIMED_OUT,
    SeatStatus.LEFT: ResultKind.LEFT,
}


def is_solo(engine: str, num_players: int) -> bool:
    """A game of one person against the rules' computer seats (Tri*T*Area's solo
    game; only a game whose fewest players is one allows it)."""
    return num_players == 1


def decide(
    *,
    engine: str,
    num_players: int,
    seats: Sequence,
    winners: Sequence[int],
    scores: Sequence[float] | None,
) -> dict[int, tuple[str, int | None]]:
    """Each seat's (kind, place) from the engine's outcome; ``seats`` need ``index``,
    ``controller`` and ``status``. ``scores`` is ``None`` when the game ended before
    the rules scored it (a resignation, an agreed draw, an adjudication)."""
    solo = is_solo(engine, num_players)
    ranked = [s for s in seats if solo or s.controller != Controller.NPC]
    winning = set(winners)
    everyone = {s.index for s in ranked if s.controller != Controller.NPC}
    drawn = len(everyone) > 1 and everyone <= winning

    def score(seat) -> float:
        if scores is None or seat.index >= len(scores):
            return 0.0
        return scores[seat.index]

    def ahead(a, b) -> bool:  # a places ahead of b
        if (a.index in winning) != (b.index in winning):
            return a.index in winning
        return a.index not in winning and score(a) > score(b)

    out: dict[int, tuple[str, int | None]] = {}
    for seat in seats:
        if seat.controller == Controller.NPC:  # not a player; no result of its own
            out[seat.index] = ("", None)
            continue
        place = 1 + sum(1 for other in ranked if ahead(other, seat))
        if seat.status in LEFT_KINDS:
            kind = LEFT_KINDS[seat.status]
        elif seat.index in winning:
            many = len(winning & everyone) > 1
            kind = ResultKind.DRAW if drawn else ResultKind.SHARED_WIN if many else ResultKind.WIN
        else:
            kind = ResultKind.LOSS
        out[seat.index] = (str(kind), place)
    return out


@dataclass(frozen=True)
class Result:
    """How the game went for one seat, as stored when it ended."""

    kind: str  # a ResultKind value; "" while the game runs, or for a computer-run seat
    place: int | None
    of: int  # players ranked (people and chosen computer players)
    points: float | None  # the rules' final score, where the game keeps points
    solo: bool

    @property
    def won(self) -> bool:
        """A win, alone or shared (a draw is not a win)."""
        return self.kind in (ResultKind.WIN, ResultKind.SHARED_WIN)

    @property
    def words(self) -> str:
        """The result as a player says it: "Won (45 points)", "Draw", "Lost: place 2 of
        4 (30 points)", "Resigned" (see the module docstring)."""
        return self.say()

    def say(self, *, points: bool = True) -> str:
        """``words``; without the points where a page shows them beside it."""
        shown, points = points, ""
        if shown and self.points is not None:
            value = int(self.points) if float(self.points).is_integer() else self.points
            points = ngettext("%(n)s point", "%(n)s points", value) % {"n": value}
        kind = self.kind
        if kind == ResultKind.WIN:
            # A solo game won is, in the rulebook's words, a successful development.
            head = _("Successful development") if self.solo else _("Won")
        elif kind == ResultKind.SHARED_WIN:
            head = _("Shared win")
        elif kind == ResultKind.DRAW:
            head = _("Draw")
        elif kind == ResultKind.LOSS:
            if self.solo:  # the rulebook: "the developer has been disqualified"
                head = _("Disqualified")
            elif self.place and self.of > 2:
                place = {"place": self.place, "count": self.of, "points": points}
                if points:
                    return _("Lost: place %(place)s of %(count)s (%(points)s)") % place
                return _("Lost: place %(place)s of %(count)s") % place
            else:
                head = _("Lost")
        elif kind == ResultKind.RESIGNED:
            return _("Resigned")
        elif kind == ResultKind.TIMED_OUT:
            return _("Ran out of time")
        elif kind == ResultKind.LEFT:
            return _("Left the game")
        elif kind == ResultKind.ABORTED:
            return _("Aborted")
        else:  # a computer-run seat of the rules: its points only
            return points
        return _("%(result)s (%(points)s)") % {"result": head, "points": points} if points else head

    def as_json(self) -> dict:
        """For the record and the data export: the kind, the place and the words."""
        return {
            "kind": self.kind or None,
            "place": self.place,
            "of": self.of,
            "words": self.words,
        }


def _keeps_points(engine: str) -> bool:
    # (``GameSpec.keeps_points``: Triad's are only a win or a loss; no game named, as
    # for a seat its person left: the score as it stands)
    return not engine or registry.get(engine).keeps_points


def seat_result(seat, game=None) -> Result:
    """The stored result of ``seat`` (its ``game``, if not ``seat.game``)."""
    game = game if game is not None else seat.game
    return make(
        kind=seat.result,
        place=seat.rank,
        score=seat.score,
        engine=game.engine,
        num_players=game.num_players,
    )


def make(*, kind: str, place, score, engine: str, num_players: int) -> Result:
    """A result from stored values (lists that read plain rows use this)."""
    points = score if _keeps_points(engine) and kind not in LEFT_KINDS.values() else None
    return Result(
        kind=kind,
        place=place,
        of=num_players,
        points=points,
        solo=is_solo(engine, num_players),
    )


def summary(game, seats: Sequence) -> str:
    """The game's result in one sentence: who won, a shared win, or a draw (from the
    seats' stored results; the engine's own reason is shown beside it)."""
    if game.status == GameStatus.ABORTED:
        return _("The game was aborted; it counts for nobody.")
    if game.status != GameStatus.FINISHED:
        return ""
    kinds = {s.index: s.result for s in seats}
    if any(k == ResultKind.DRAW for k in kinds.values()):
        return _("The game is drawn.")
    winners = [s for s in seats if s.result in (ResultKind.WIN, ResultKind.SHARED_WIN)]
    if is_solo(game.engine, game.num_players) and not winners:
        return ""  # the engine's reason says it: disqualified
    names = [s.name for s in winners]
    if not names:
        # Every winning seat was played on by a computer after its person left.
        taken = [s.name for s in seats if s.is_winner and s.result in LEFT_KINDS.values()]
        if taken:
            return _("The computer that took over from %(names)s won.") % {
                "names": ", ".join(taken)
            }
        return ""
    if len(names) == 1:
        return _("%(name)s wins.") % {"name": names[0]}
    return _("%(names)s and %(last)s share the win.") % {
        "names": ", ".join(names[:-1]),
        "last": names[-1],
    }
