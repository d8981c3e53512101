"""What a game page shows a given viewer: built only from the engine's ``view``.

Everything here goes through ``engine.view(state, seat)`` for the viewer's own seat
while they still play it (``Seat.own_view``; ``None`` for spectators, signed-out
visitors and a person whose seat a computer took over), so a page, partial, poll or
replay cannot show a secret the viewer may not see.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime
from functools import cached_property

from django.utils import timezone
from django.utils.html import escape, format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from accounts.names import shown as shown_name
from games import boards, changes, clocks, results, selectors
from games.computer import turns as computer_turns
from games.engines import get_engine
from games.i18n import from_stored, localize
from games.models import Controller, Game, GameStatus, Seat, SeatStatus, seat_name
from games.permissions import draws_allowed
from games.replay import load_state

# Above this many legal actions the page offers a list box instead of buttons.
MAX_ACTION_BUTTONS = 40


@dataclass(frozen=True)
class MoveRow:
    ply: int
    action: str
    description: str
    seat: int
    # Whether its player may take it back while their turn goes on (see move_undo).
    takeable_back: bool = False


def action_shown(game: Game, viewer_index: int | None):
    """``shown(seat, action)``: an action's notation as ``viewer_index`` may read it
    (see ``move_rows``); the move list, the replay and the record all go through it."""
    redact = game.spec.redact_action
    if redact is None or game.status == GameStatus.FINISHED:
        return lambda seat, action: action
    return lambda seat, action: action if seat == viewer_index else (redact(action) or action)


def move_rows(game: Game, viewer_index: int | None, stored: list | None = None) -> list[MoveRow]:
    """The move list as ``viewer_index`` may read it (one query, unless ``stored``:
    ``selectors.move_list``'s answer, read by the caller).

    Descriptions are public by the engine protocol; an action's notation can be a
    secret (a hidden declaration), which only its own player sees until the game has
    finished (an aborted game never reveals its seed, so its secrets stay kept too).
    """
    shown = action_shown(game, viewer_index)
    rows = []
    for move in selectors.move_list(game) if stored is None else stored:
        seat = move["seat"]
        rows.append(
            MoveRow(
                move["ply"],
                shown(seat, move["action"]),
                # in the viewer's language
                from_stored(move["description"], move["description_text"]),
                seat,
                move["reversible"] and not move["by_computer"],
            )
        )
    return rows


def can_take_back(game: Game, seat_index: int, moves: list[MoveRow]) -> bool:
    """``permissions.undoable``, read from the move list the page loaded anyway."""
    if game.status != GameStatus.ACTIVE or seat_index not in game.to_move or not moves:
        return False
    last = moves[-1]
    return last.seat == seat_index and last.takeable_back


def _move_lines(moves) -> SafeString:
    return mark_safe(
        "".join(
            f'<li value="{m.ply}" title="{d}"><code>{escape(m.action)}</code>'
            f' <span class="muted">{d}</span></li>'
            for m in moves
            for d in (escape(m.description),)
        )
    )


@dataclass
class GamePage:
    """The page as built once for a drawing; what is derived from it is kept on first
    use (``cached_property``), as the template reads some of it per seat or twice."""

    game: Game
    seats: list[Seat]
    viewer_seat: Seat | None
    view: dict
    board_svg: str
    actions: list[str]
    selected: str | None
    scores: list
    log: list[str] = field(default_factory=list)
    moves: list[MoveRow] = field(default_factory=list)
    can_undo: bool = False
    can_offer_draw: bool = False
    can_answer_draw: bool = False
    error: str = ""
    guide: boards.Guide | None = None
    since: changes.Since | None = None  # what changed since the viewer last looked

    @cached_property
    def choices_by_group(self) -> list[tuple[str, list[boards.Choice]]]:
        """The guide's choices in runs of one group (``""``: no heading), in order."""
        runs: list[tuple[str, list[boards.Choice]]] = []
        for choice in self.guide.choices if self.guide else ():
            if not runs or runs[-1][0] != choice.group:
                runs.append((choice.group, []))
            runs[-1][1].append(choice)
        return runs

    @cached_property
    def unguided_actions(self) -> list[str]:
        """Legal actions the guide does not offer (none, by the boards' contract; a
        safety net so that every legal action stays reachable without the board)."""
        offered = self.guide.reachable() if self.guide else set()
        return [a for a in self.actions if a not in offered]

    @cached_property
    def moves_html(self) -> SafeString:
        """The move list's items, each escaped: built here rather than in the template,
        whose loop costs per move, so a long game's page paid for it on every drawing
        (``benchmarks/web.py`` measures the page)."""
        return _move_lines(self.moves)

    def moves_after(self, ply: int) -> SafeString:
        """The move list's items after ``ply`` (what a page of that version lacks)."""
        return _move_lines(m for m in self.moves if m.ply > ply)

    # The guide's lists (a Trias turn offers dozens of choices, a Tri*T*Area board a
    # legend of twenty colours) are drawn here, like the board beside them, rather
    # than by the template, whose loop costs per button.

    @cached_property
    def choices_html(self) -> SafeString:
        """The guide's choices as buttons, each run of one group under its heading; the
        one picked (``selected``) holds its targets."""
        groups = []
        for number, (group, run) in enumerate(self.choices_by_group, 1):
            items = []
            for choice in run:
                if choice.token == self.selected:
                    items.append(
                        format_html(
                            '<li class="picked"><button type="submit" form="choices"'
                            ' name="select" value="" class="choice-button secondary"'
                            ' data-token="{}" aria-pressed="true">{}</button>'
                            ' <ul class="targets" aria-label="{}">{}</ul></li>',
                            choice.token,
                            choice.label,
                            choice.label,
                            _targets_html(choice.targets),
                        )
                    )
                else:
                    items.append(
                        format_html(
                            '<li><button type="submit" form="choices" name="select"'
                            ' value="{}" class="choice-button secondary" data-token="{}"'
                            ' aria-pressed="false">{}</button></li>',
                            choice.token,
                            choice.token,
                            choice.label,
                        )
                    )
            heading = ""
            if group:
                heading = format_html('<h3 id="group-{}" class="group">{}</h3>', number, group)
            groups.append(
                format_html(
                    '<div class="choice-group" role="group"{}>{}<ul class="choice-list">'
                    "{}</ul></div>",
                    format_html(' aria-labelledby="group-{}"', number) if group else "",
                    heading,
                    mark_safe("".join(items)),
                )
            )
        return mark_safe("".join(groups))

    @cached_property
    def buttons_html(self) -> SafeString:
        """The guide's one-step actions, then any legal action it does not offer."""
        return mark_safe(
            _targets_html(self.guide.buttons if self.guide else ())
            + format_html_join(
                "",
                '<li><button type="submit" form="action-list" name="action" value="{}"'
                ' class="target"><code>{}</code></button></li>',
                ((a, a) for a in self.unguided_actions),
            )
        )

    @cached_property
    def legend_html(self) -> SafeString:
        """The board's legend: a colour swatch and what it means, per line."""
        return format_html_join(
            "",
            '<li><svg class="swatch" width="16" height="16" viewBox="0 0 16 16"'
            ' aria-hidden="true"><rect x="0.5" y="0.5" width="15" height="15" rx="3"'
            ' fill="{}" stroke="#5b6577"/></svg> {}</li>',
            ((item.swatch, item.label) for item in (self.guide.legend if self.guide else ())),
        )

    @property
    def my_turn(self) -> bool:
        return bool(self.actions)

    @property
    def action_buttons(self) -> bool:
        return len(self.actions) <= MAX_ACTION_BUTTONS

    @cached_property
    def seat_rows(self) -> list[tuple[Seat, object]]:
        scores = self.scores + [None] * (len(self.seats) - len(self.scores))
        return [(seat, scores[seat.index]) for seat in self.seats]

    @cached_property
    def due_seats(self) -> list[Seat]:
        return [s for s in self.seats if s.index in self.game.to_move]

    @cached_property
    def computer_delayed(self) -> bool:
        """A computer seat due has waited past its level's think time and a minute (its
        task lost, or no worker running): the page says so rather than wait silently."""
        return self.game.status == GameStatus.ACTIVE and any(
            computer_turns.is_delayed(s) for s in self.due_seats
        )

    @cached_property
    def due_names(self) -> str:
        """ "Anna", "Anna and Ben", "Anna, Ben and Cleo": whom the game waits for."""
        names = [s.name for s in self.due_seats]
        if len(names) < 2:
            return "".join(names)
        return _("%(names)s and %(last)s") % {"names": ", ".join(names[:-1]), "last": names[-1]}

    @cached_property
    def deadlines(self) -> list[tuple[Seat, datetime, str]]:
        """Each person due with their deadline as every clock reader sees it
        (``clocks.effective_deadline``) and why it stands still, if it does."""
        if self.game.status != GameStatus.ACTIVE:
            return []
        due = [
            s
            for s in self.due_seats
            if s.deadline is not None and s.controller == Controller.HUMAN and s.is_due
        ]
        if not due:
            return []
        now = timezone.now()
        outage = clocks.stopped_since(now)
        return [
            (
                s,
                clocks.effective_deadline(s, s.user, now, outage=outage),
                clocks.deadline_note(
                    s, s.user, outage, game=self.game, yours=s == self.viewer_seat
                ),
            )
            for s in due
        ]

    @cached_property
    def result_line(self) -> str:
        """Who won, in words: one winner, a shared win, or a draw (games.results)."""
        return results.summary(self.game, self.seats)

    @cached_property
    def seat_results(self) -> dict[int, str]:
        """Each seat's result in words once the game is over (games.results)."""
        if not self.game.is_over:
            return {}
        # The table's own column shows the points.
        return {
            s.index: results.seat_result(s, self.game).say(points=False)
            for s in self.seats
            if s.controller != Controller.NPC
        }

    @cached_property
    def rematch_waits(self) -> bool:
        """A rematch of this finished game is offered or in play (not declined or
        expired): its page is the place to go, and none is offered again."""
        if self.game.rematch_id is None:
            return False
        status = Game.objects.filter(pk=self.game.rematch_id).values_list("status", flat=True)
        return status.first() not in (None, GameStatus.ABORTED)

    @cached_property
    def has_free_seat(self) -> bool:
        return any(
            s.user_id is None and s.controller == Controller.HUMAN and not s.invited_as
            for s in self.seats
        )

    @property
    def is_player(self) -> bool:
        return self.viewer_seat is not None


def _targets_html(targets) -> SafeString:
    """Buttons that play one action each, with a note in brackets if there is one."""
    return format_html_join(
        "",
        '<li><button type="submit" form="action-list" name="action" value="{}"'
        ' class="target">{}{}</button></li>',
        (
            (t.action, t.label, format_html(" <small>({})</small>", t.note) if t.note else "")
            for t in targets
        ),
    )


def viewer_seat(game: Game, seats: list[Seat], user) -> Seat | None:
    if not getattr(user, "is_authenticated", False):
        return None
    return next((s for s in seats if s.user_id == user.pk), None)


def plays_now(game: Game, me: Seat | None) -> bool:
    """Whether the viewer's seat ``me`` is to act now (it has legal actions)."""
    return (
        me is not None
        and game.status == GameStatus.ACTIVE
        and me.status == SeatStatus.PLAYING
        and me.controller == Controller.HUMAN
        and me.index in game.to_move
    )


def tab_title(game: Game, me: Seat | None) -> str:
    """The game page's title before the site's name: "Your turn · Triad #9"."""
    if plays_now(game, me):
        return _("Your turn · %(game)s #%(id)s") % {"game": game.title, "id": game.pk}
    return f"{game.title} #{game.pk}"


def scores_from_view(view: dict, count: int) -> list:
    """Per-seat scores where the game keeps them, else blanks."""
    if isinstance(view.get("scores"), list):
        return list(view["scores"])
    seats = view.get("seats")
    if isinstance(seats, list) and seats and isinstance(seats[0], dict) and "score" in seats[0]:
        return [s.get("score") for s in seats]
    if isinstance(view.get("removed"), list):  # Triad: dice removed so far
        return list(view["removed"])
    return [None] * count


def build_game_page(
    game: Game,
    user,
    *,
    selected: str | None = None,
    error: str = "",
    state=None,
    seats: list[Seat] | None = None,
    since_after: int | None = None,
    replaying: bool = False,
) -> GamePage:
    """``seats``: the game's seats with their users in seat order, if already loaded;
    ``since_after``: a signed-in spectator's last seen version (``games.changes``);
    ``replaying``: ``state`` is an earlier position (no actions, no news)."""
    if seats is None:
        seats = selectors.seats_of(game)
    me = viewer_seat(game, seats, user)
    engine = game.engine_module
    # Not ``me.index``: a seat its person left may be a computer's, holding its cards.
    seat_index = me.own_view if me is not None else None
    if game.state is None:
        return GamePage(game, seats, me, {}, "", [], None, [None] * len(seats), error=error)
    if state is None:
        state = load_state(game)
    view = engine.view(state, seat_index)
    actions: list[str] = []
    playing = (
        me is not None
        and game.status == GameStatus.ACTIVE
        and me.status == SeatStatus.PLAYING
        and me.controller == Controller.HUMAN
        and not replaying
    )
    if plays_now(game, me) and not replaying:
        actions = engine.legal_actions(state, me.index)
    if selected and selected not in boards.selectable(
        game.engine, view, seat=seat_index, actions=actions
    ):
        selected = None  # a stale or made-up ``?select=``: the board as if none was given
    svg = boards.render_svg(game.engine, view, seat=seat_index, actions=actions, selected=selected)
    guide = boards.guide(game.engine, view, seat=seat_index, actions=actions, selected=selected)
    log = view.get("log") or []
    stored = selectors.move_list(game)
    moves = move_rows(game, seat_index, stored)
    news = None
    if not replaying:
        # The news replays the game from the moves just read (true notation: it stays
        # here, and only each seat's own view of the states is drawn).
        played = [(m["ply"], m["seat"], m["action"]) for m in stored]
        news = changes.since(game, seat_index, moves, after=since_after, played=played)
        svg = changes.marked(game, news, view, svg, seat_index)
    return GamePage(
        game=game,
        seats=seats,
        viewer_seat=me,
        view=view,
        board_svg=svg,
        actions=actions,
        selected=selected,
        scores=scores_from_view(view, len(seats)),
        log=[localize(line) for line in list(log)[-12:]],
        moves=moves,
        can_undo=playing and bool(actions) and can_take_back(game, me.index, moves),
        can_offer_draw=playing and draws_allowed(game, seats) and game.draw_offered_by is None,
        can_answer_draw=playing
        and game.draw_offered_by is not None
        and game.draw_offered_by != me.index,
        error=error,
        guide=guide,
        since=news,
    )


# --- game lists ------------------------------------------------------------------------


@dataclass(frozen=True)
class Player:
    name: str
    is_due: bool


@dataclass(frozen=True)
class ListedSeat:
    """One of a player's games as My games and the games-in-play pages list it (plain
    values, no model rows: My games is drawn afresh whenever any of them changes)."""

    pk: int
    game_id: int
    title: str
    is_due: bool
    deadline: datetime | None  # the seat's, while it is due
    game_deadline: datetime | None  # the earliest of the game's due seats
    deadline_note: str  # why the seat's deadline is where it is (clocks.deadline_note)
    finished_at: datetime | None
    is_winner: bool
    rank: int | None
    result: results.Result
    accepted: bool
    inviter: str  # who created the game
    others: list[Player]
    # A draw in a running game: "offered" (to this player), "waiting" (their offer
    # awaits an answer), "declined" (their offer was, since they last acted), or "".
    draw: str = ""


def listed_seats(user, seat_pks: list[int]) -> dict[int, ListedSeat]:
    """``user``'s seats ``seat_pks`` with their games and fellow players (one query:
    ``selectors.listed_tables``)."""
    rows, fellows = selectors.listed_tables(user.pk, seat_pks)
    others = defaultdict(list)
    for f in fellows:
        if f.invited_as and not f.accepted:  # who the address is stays unknown (invitations)
            label = _("Invited by email")
        else:
            name = (
                shown_name(f.user__display_name or f.user__username, f.user__is_bot)
                if f.user__username
                else None
            )
            label = seat_name(name, f.controller, f.color, f.bot_level)
        others[f.game_id].append(Player(label, f.is_due))
    # An outage the sweep has not settled yet stops every clock (games.clocks).
    now = timezone.now()
    outage = clocks.stopped_since(now) if any(r.deadline for r in rows) else None

    def shown(r):
        if r.deadline is None or outage is None:
            return r.deadline
        return r.deadline + clocks.outage_pause(r, outage, now)

    return {
        r.pk: ListedSeat(
            pk=r.pk,
            game_id=r.game_id,
            title=get_engine(r.game__engine).title,
            is_due=r.is_due,
            deadline=shown(r),
            game_deadline=r.game__deadline,
            deadline_note=clocks.deadline_note(
                r, user, outage, game=Game(weekends_off=r.game__weekends_off), yours=True
            )
            if r.is_due and r.deadline
            else "",
            finished_at=r.game__finished_at,
            is_winner=r.is_winner,
            rank=r.rank,
            result=results.make(
                kind=r.result,
                place=r.rank,
                score=r.score,
                engine=r.game__engine,
                num_players=r.game__num_players,
            ),
            accepted=r.accepted,
            inviter=r.game__created_by__display_name or r.game__created_by__username or "",
            others=others[r.game_id],
            draw=_draw(r),
        )
        for r in rows
    }


def _draw(r) -> str:
    """What a listed seat shows of a draw offer (``ListedSeat.draw``)."""
    if r.game__draw_offered_by is not None:
        return "waiting" if r.game__draw_offered_by == r.index else "offered"
    return "declined" if r.game__draw_declined_for == r.index else ""
