"""Triad: the engine (protocol in :mod:`games.engines.base`).

Two players on a 6 x 6 board, six dice each. Seat 0 is Black (moves first, starts
on row 1), seat 1 is White (row 6). A turn selects one of your dice, turns it to a
new value and moves it exactly that many cells in a straight line; creating a line
of three dice of both colours showing all the same value or I, II and III (a Triad)
lets you remove one of your own dice from it; the first to remove three dice wins.
Rules: the rulebook and rulings TD1-TD10 (``/work/shared``); the code in
:mod:`.rules` cites them.

Notation (full details in :mod:`.notation`):

- ``c1-c4=3``: the die on c1 turns to 3 (III) and moves to c4 (the normal move);
- ``x c4``: remove your die on c4 (TD8), asked only when your move created Triads
  holding more than one of your dice; with a single candidate (always the moved
  die) the engine removes it automatically and ``describe`` says so;
- ``c1=3`` and ``c1-c2``: the two TD6 alternatives when no normal move exists
  (turn without moving; move by the current value without turning).

Parsing forgives case and spaces (``C1 - C4 = III``); ``legal_actions`` returns the
canonical form above, ``parse`` turns any spelling into it, and ``apply`` accepts any
spelling that parses to a legal action.

Automatic draws (TD10, a site rule): the third occurrence of the same position with
the same player to move, or 80 moves in a row without a Triad.
"""

from __future__ import annotations

from games.engines.base import (
    Option,
    Outcome,
    gettext_lazy,
    match_legal,
    ngettext_lazy,
    pgettext_lazy,
)

from . import notation, rules
from .notation import MOVE, REMOVE, SLIDE, TURN, cell_name
from .rules import BLACK, COLOURS, WHITE, State

name = "triad"
title = "Triad"
min_players = 2
max_players = 2

options: dict[str, Option] = {
    "setup": Option(
        label=gettext_lazy("Setup"),
        default="standard",
        choices=(
            ("standard", gettext_lazy("Each player rolls")),
            ("mirror", gettext_lazy("Same rolled values for both (alternative setup)")),
        ),
        help=gettext_lazy(
            "Rulebook, Setup: with the alternative setup White uses Black's rolled values."
        ),
    ),
}

_OPTIONS = options

# Rulings that are the site's own, not the publisher's (shown on the help page).
SITE_RULES: tuple[str, ...] = (
    gettext_lazy(
        "Colours and the first player (Black) are drawn at random when the game starts; "
        "the site decides by the game's seed instead of the players choosing."
    ),
    gettext_lazy(
        "Draws: a player may offer a draw and the other may accept it. The game "
        "is drawn automatically when the same position with the same player to move "
        "occurs for the third time, or after 80 moves in a row without a Triad."
    ),
    gettext_lazy(
        "When your move creates Triads holding only one of your dice (always the moved "
        "die), it is removed for you; with several candidates you choose."
    ),
)

__all__ = [
    "BLACK",
    "SITE_RULES",
    "WHITE",
    "State",
    "apply",
    "describe",
    "evaluate",
    "from_diagram",
    "from_json",
    "legal_actions",
    "new_game",
    "outcome",
    "parse",
    "reveals_information",
    "seat_labels",
    "to_json",
    "to_move",
    "validate_options",
    "view",
]


def validate_options(num_players: int, options: dict | None) -> dict:
    """The complete options for a game, or ``ValueError`` saying what is wrong."""
    if num_players != 2:
        raise ValueError(gettext_lazy("Triad is a game for 2 players, not %(n)s", n=num_players))
    options = dict(options or {})
    unknown = sorted(set(options) - set(_OPTIONS))
    if unknown:
        raise ValueError(
            gettext_lazy("unknown Triad option(s): %(names)s", names=", ".join(unknown))
        )
    out = {}
    for key, opt in _OPTIONS.items():
        val = options.get(key, opt.default)
        allowed = [choice for choice, _ in opt.choices]
        if val not in allowed:
            raise ValueError(
                gettext_lazy(
                    "%(option)s: %(value)s is not a choice; choose one of %(choices)s",
                    option=opt.label,
                    value=repr(val),
                    choices=", ".join(allowed),
                )
            )
        out[key] = val
    return out


def seat_labels(num_players: int, options: dict | None = None) -> list[str]:
    return list(COLOURS)


def new_game(num_players: int, seed: int, options: dict | None = None) -> State:
    opts = validate_options(num_players, options)
    return rules.initial_state(int(seed), opts["setup"])


def from_diagram(
    diagram: str,
    *,
    to_play: int = BLACK,
    removed: tuple[int, int] = (0, 0),
    quiet: int = 0,
    seed: int = 0,
    setup: str = "standard",
) -> State:
    """A position built from a board diagram (see :mod:`.notation`), for tests."""
    board = notation.parse_diagram(diagram)
    return State(
        seed=seed,
        setup=setup,
        board=board,
        to_play=to_play,
        removed=tuple(removed),
        pending=(),
        ply=0,
        quiet=quiet,
        history=(rules.position_key(board, to_play),),
        last=(),
        last_removed=-1,
        result="",
    )


def to_move(state: State) -> tuple[int, ...]:
    return () if state.result else (state.to_play,)


def legal_actions(state: State, seat: int) -> list[str]:
    if state.result or seat != state.to_play:
        return []
    return list(state.legal_map())


def parse(state: State, seat: int, text: str) -> str:
    """The legal action ``text`` names, spelled canonically (see ``base.match_legal``):
    ``UnknownAction`` for text that is not Triad notation, ``IllegalNow`` with the
    reason for a move that cannot be played now."""
    legal = state.legal_map() if not state.result and seat == state.to_play else {}
    return match_legal(text, legal, _spellings, lambda _: _why_not(state, seat, text))


def _spellings(text: str) -> list[str]:
    """The canonical actions ``text`` may stand for, whatever the position: a path
    written without its value is the move turning the die to the distance or, when
    the die already shows it, the TD6 move without turning (never both legal)."""
    parsed = notation.parse(text)  # NotationError (an UnknownAction) if not notation
    if parsed.kind == REMOVE:
        return [notation.remove_text(parsed.frm)]
    if parsed.kind == TURN:
        return [notation.turn_text(parsed.frm, parsed.value)]
    line = rules.line_between(parsed.frm, parsed.to)
    dist = line[1] if line is not None else None
    value = dist if parsed.value is None else parsed.value
    spellings = [notation.move_text(parsed.frm, parsed.to, value)] if value else []
    if value == dist:
        spellings.append(notation.slide_text(parsed.frm, parsed.to))
    return spellings


def _why_not(state: State, seat: int, text: str) -> str:
    if state.result:
        return gettext_lazy("the game is over")
    if seat != state.to_play:
        if seat not in (BLACK, WHITE):
            return gettext_lazy("there is no seat %(seat)s in Triad", seat=repr(seat))
        return gettext_lazy(
            "it is not your turn: %(colour)s is to move", colour=COLOURS[state.to_play]
        )
    return rules.explain_illegal(state, seat, notation.parse(text))


def apply(state: State, seat: int, action: str) -> State:
    return rules.play(state, state.legal_map()[parse(state, seat, action)])


def reveals_information(state: State, seat: int, action: str) -> bool:
    """Nothing in Triad is hidden or left to chance after setup."""
    return False


def plays_forced(state: State, seat: int, action: str) -> bool:
    """Whether a step whose only legal action is ``action`` may be played for its
    player at once (the site's forced steps): always. Nothing in Triad is hidden or
    left to chance after setup, so that a move was the only one tells nobody anything
    and its timing changes nothing (rulebook, How to Play: the one die that can turn
    and move, when every other is blocked)."""
    return True


def outcome(state: State) -> Outcome | None:
    if not state.result:
        return None
    if state.result == "win":
        winner = BLACK if state.removed[BLACK] >= rules.REMOVALS_TO_WIN else WHITE
        scores = (1.0, 0.0) if winner == BLACK else (0.0, 1.0)
        return Outcome(
            scores=scores,
            winners=(winner,),
            reason=gettext_lazy("%(colour)s removed their third die", colour=COLOURS[winner]),
        )
    if state.result == "repetition":
        reason = gettext_lazy("drawn: the same position occurred for the third time")
    else:
        reason = gettext_lazy(
            "drawn: %(n)s moves in a row without a Triad", n=rules.QUIET_PLY_LIMIT
        )
    return Outcome(scores=(0.5, 0.5), winners=(BLACK, WHITE), reason=reason, draw=True)


def view(state: State, seat: int | None) -> dict:
    """Everything is public in Triad except the seed (never shown)."""
    board = {}
    for cell, code in enumerate(state.board):
        if code:
            board[cell_name(cell)] = {
                "owner": rules.owner(code),
                "color": COLOURS[rules.owner(code)].lower(),
                "value": rules.value(code),
            }
    last = None
    if state.last or state.last_removed >= 0:
        last = {
            "from": cell_name(state.last[0]) if state.last else None,
            "to": cell_name(state.last[1]) if state.last else None,
            "removed": cell_name(state.last_removed) if state.last_removed >= 0 else None,
        }
    result = outcome(state)
    return {
        "game": name,
        "seat": seat,
        "players": list(COLOURS),
        "setup": state.setup,
        "board": board,
        "removed": list(state.removed),
        "removals_to_win": rules.REMOVALS_TO_WIN,
        "to_move": list(to_move(state)),
        "turn": None if state.result else state.to_play,
        "ply": state.ply,
        "plies_since_triad": state.quiet,
        "quiet_ply_limit": rules.QUIET_PLY_LIMIT,
        "pending_removal": [cell_name(c) for c in state.pending],
        "no_move_rule": rules.no_move_rule_applies(state),
        "last_move": last,
        "result": result.to_json() if result else None,
    }


_NUMBER_WORDS = {
    2: pgettext_lazy("number", "two"),
    3: pgettext_lazy("number", "three"),
    4: pgettext_lazy("number", "four"),
    5: pgettext_lazy("number", "five"),
    6: pgettext_lazy("number", "six"),
}


def _triads_phrase(count: int) -> str:
    return ngettext_lazy(
        "a Triad", "%(count)s Triads", count, count=_NUMBER_WORDS.get(count, str(count))
    )


def describe(state: State, seat: int, action: str) -> str:
    """One sentence for the move list, e.g. "Black turns the II on c1 to III and moves
    it to c4, completing a Triad and removing that die"."""
    act = state.legal_map()[parse(state, seat, action)]
    kind, frm, to, val = act
    who = COLOURS[seat]
    after = rules.play(state, act)
    roman = notation.ROMAN
    if kind == REMOVE:
        code = state.board[frm]
        count = after.removed[seat]
        params = {"who": who, "value": roman[rules.value(code)], "cell": cell_name(frm)}
        if count == 1:
            text = gettext_lazy(
                "%(who)s removes the %(value)s on %(cell)s, their first die", **params
            )
        elif count == 2:
            text = gettext_lazy(
                "%(who)s removes the %(value)s on %(cell)s, their second die", **params
            )
        else:  # the third removal wins (TD9)
            text = gettext_lazy(
                "%(who)s removes the %(value)s on %(cell)s, their third die", **params
            )
    else:
        cur = rules.value(state.board[frm])
        params = {"who": who, "value": roman[cur], "cell": cell_name(frm)}
        if kind == MOVE:
            text = gettext_lazy(
                "%(who)s turns the %(value)s on %(cell)s to %(new)s and moves it to %(to)s",
                new=roman[val],
                to=cell_name(to),
                **params,
            )
        elif kind == SLIDE:
            text = gettext_lazy(
                "%(who)s moves the %(value)s on %(cell)s to %(to)s "
                "without turning it, as no move was possible",
                to=cell_name(to),
                **params,
            )
        else:
            text = gettext_lazy(
                "%(who)s turns the %(value)s on %(cell)s to %(new)s "
                "without moving it, as no move was possible",
                new=roman[val],
                **params,
            )
        moved = list(state.board)
        moved[frm] = 0
        moved[to] = 3 * seat + (cur if kind == SLIDE else val)
        count = len(rules.triads_through(tuple(moved), to))
        if after.pending:
            choices = ", ".join(cell_name(c) for c in after.pending)
            text = gettext_lazy(
                "%(move)s, completing %(triads)s; %(who)s now chooses which of "
                "their dice to remove (%(choices)s)",
                move=text,
                triads=_triads_phrase(count),
                who=who,
                choices=choices,
            )
        elif count:
            text = gettext_lazy(
                "%(move)s, completing %(triads)s and removing that die "
                "(%(removed)s of %(total)s removed)",
                move=text,
                triads=_triads_phrase(count),
                removed=after.removed[seat],
                total=rules.REMOVALS_TO_WIN,
            )
    res = outcome(after)
    if res is not None:
        if res.draw:
            text = gettext_lazy("%(move)s; the game is %(reason)s", move=text, reason=res.reason)
        else:
            text = gettext_lazy("%(move)s; %(who)s wins", move=text, who=who)
    return gettext_lazy("%(sentence)s.", sentence=text)


def evaluate(state: State, seat: int) -> float:
    """Optional bot hook: a quick estimate in [0, 1] of ``seat``'s chances.

    Counts removed dice (a pending removal counts as made); used by the strong bot
    to score playouts it cuts short.
    """
    res = outcome(state)
    if res is not None:
        if res.draw:
            return 0.5
        return 1.0 if seat in res.winners else 0.0
    removed = list(state.removed)
    if state.pending:
        removed[state.to_play] += 1
    diff = removed[seat] - removed[1 - seat]
    return min(1.0, max(0.0, 0.5 + 0.2 * diff))


# --- JSON --------------------------------------------------------------------------

_JSON_VERSION = 1


def to_json(state: State) -> dict:
    return {
        "game": name,
        "version": _JSON_VERSION,
        "seed": state.seed,
        "setup": state.setup,
        "board": notation.board_rows(state.board),
        "to_play": state.to_play,
        "removed": list(state.removed),
        "pending": [cell_name(c) for c in state.pending],
        "ply": state.ply,
        "quiet": state.quiet,
        "history": ["".join(map(str, key)) for key in state.history],
        "last": [cell_name(c) for c in state.last],
        "last_removed": cell_name(state.last_removed) if state.last_removed >= 0 else None,
        "result": state.result,
    }


def from_json(data: dict) -> State:
    if data.get("game") != name or data.get("version") != _JSON_VERSION:
        raise ValueError("not a Triad state (version 1)")
    return State(
        seed=int(data["seed"]),
        setup=data["setup"],
        board=notation.board_from_rows(data["board"]),
        to_play=int(data["to_play"]),
        removed=tuple(int(x) for x in data["removed"]),
        pending=tuple(notation.CELL_INDEX[c] for c in data["pending"]),
        ply=int(data["ply"]),
        quiet=int(data["quiet"]),
        history=tuple(tuple(int(ch) for ch in key) for key in data["history"]),
        last=tuple(notation.CELL_INDEX[c] for c in data["last"]),
        last_removed=(notation.CELL_INDEX[data["last_removed"]] if data["last_removed"] else -1),
        result=data["result"],
    )
