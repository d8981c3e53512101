"""Trias (Ralf Lehmkuhl, 2002) for 2-5 players: the engine protocol.

Modules: ``board`` (hex geometry, water, land masses: TS1-TS3), ``drift`` (TS4-TS6),
``cards`` (components per player count, TS15), ``state`` (the immutable state and
its JSON), ``rules`` (setup and the phases of a turn), ``scoring`` (TS7, TS13,
TS14), ``notation`` (the action notation, documented there), ``presentation``
(``view``, ``describe``).

Notation in short (positions are axial ``q,r``, the South Pole is ``0,0``; the board
drawing labels every hex): ``p 0,1`` place 2 herds in setup; ``play`` / ``draw``
the Phase 1 card; ``d 1,-2>2,-3`` drift; ``m 0,1>1,1`` move (``m+`` names a herd
that may still reproduce); ``r 2,-3>2,-2 3,-3>2,-2`` rescue up to three swimmers;
``+ 0,1`` reproduce; ``end`` end the turn.

Site decisions where the rules are silent:

- Seats sit clockwise in ``order`` (shuffled from the seed); ``order[0]`` places
  last and plays first (TS11). Hands are dealt clockwise from ``order[0]``.
- When no tile can drift in Phase 1 the drift lapses by itself (logged); when the
  card's landscape cannot drift, the legal drifts are those of any landscape (TS5).
- Using the last action ends the turn; ``end`` ends it earlier.
- A player who is out (TS10) draws no Phase 4 card, keeps their points but cannot
  win (they are out of the game). The others play on until the Meteorite; if
  everyone is out, final scoring follows at once and TS14 decides among all.
- ``reveals_information``: ``play`` and ``draw`` reveal a card; a Phase 2 action
  reveals one only when it ends the turn and Phase 4 draws a hand card.
- ``m`` takes a herd that can no longer reproduce this turn when there is one, so
  that herds which may still reproduce stay; ``m+`` takes one that may. Rescues and
  reproductions take herds that may still reproduce first.
"""

from __future__ import annotations

from dataclasses import replace
from functools import reduce

from games.engines.base import IllegalAction, Option, Outcome, gettext_lazy

from . import rules
from .board import analyse
from .cards import METEORITE, deck2_size
from .evaluation import WEIGHTS, estimate
from .presentation import describe, plays_forced, reveals_information, view
from .rules import COLOURS
from .scoring import final_points, rank_winners
from .state import OVER, State
from .state import from_json as _from_json
from .state import to_json as _to_json

name = "trias"
title = "Trias"
min_players = 2
max_players = 5

OPTIONS = {
    "shorter": Option(
        label=gettext_lazy("Shorter game"),
        default=False,
        choices=(
            (False, gettext_lazy("One card of each landscape removed from deck 1")),
            (True, gettext_lazy("Two cards of each landscape removed from deck 1")),
        ),
        help=gettext_lazy(
            "The three-player variant: remove two cards of each landscape for a shorter game."
        ),
        players=(3,),
    )
}
options = OPTIONS

# The site's own rulings where the rulebooks are silent (shown on the help page).
SITE_RULES: tuple[str, ...] = (
    gettext_lazy(
        "Seat order and the start player are drawn from the game's seed; the first seat "
        "places last in the two anti-clockwise placement rounds and plays first."
    ),
    gettext_lazy(
        "When no tile of the card's landscape can drift, any landscape may; when no tile "
        "at all can drift, the drift lapses by itself and the card still counts."
    ),
    gettext_lazy("Using your last action ends your turn; 'end' ends it earlier."),
    gettext_lazy(
        "A player who is out draws no more cards, keeps their points on show but "
        "cannot win; the others play on until the Meteorite."
    ),
    gettext_lazy(
        "Moving a herd ('m') takes one that can no longer reproduce this turn when there "
        "is one; 'm+' takes one that still may."
    ),
)


def validate_options(num_players: int, options: dict | None = None) -> dict:
    """Complete options for ``num_players``, or ``ValueError`` saying what is wrong."""
    if not isinstance(num_players, int) or not min_players <= num_players <= max_players:
        raise ValueError(
            gettext_lazy(
                "Trias is for %(low)s to %(high)s players, not %(n)s",
                low=min_players,
                high=max_players,
                n=num_players,
            )
        )
    opts = dict(options or {})
    unknown = sorted(set(opts) - set(OPTIONS))
    if unknown:
        raise ValueError(
            gettext_lazy("unknown option(s) for Trias: %(names)s", names=", ".join(unknown))
        )
    result = {}
    for key, option in OPTIONS.items():
        value = opts.get(key, option.default)
        if value not in [v for v, _ in option.choices]:
            raise ValueError(
                gettext_lazy(
                    "option %(option)s cannot be %(value)s", option=repr(key), value=repr(value)
                )
            )
        if value != option.default and option.players and num_players not in option.players:
            counts = ", ".join(map(str, option.players))
            raise ValueError(
                gettext_lazy(
                    "option %(option)s is only for %(counts)s players",
                    option=repr(key),
                    counts=counts,
                )
            )
        result[key] = value
    return result


def new_game(num_players: int, seed: int, options: dict | None = None) -> State:
    return rules.new_game(num_players, seed, validate_options(num_players, options))


def to_move(state: State) -> tuple[int, ...]:
    return () if state.phase == OVER else (state.current,)


def legal_actions(state: State, seat: int) -> list[str]:
    return rules.legal_actions(state, seat)


def parse(state: State, seat: int, text: str) -> str:
    return rules.parse_legal(state, seat, text)


def apply(state: State, seat: int, action: str) -> State:
    return rules.apply(state, seat, action)


def outcome(state: State) -> Outcome | None:
    """Scores per seat; winners per TS14 among the players still in the game."""
    if state.phase != OVER:
        return None
    n = state.num_players
    board = analyse(state.tiles)
    masses = {s: set() for s in range(n)}
    for h in state.herds:
        if h.pos in board.mass_of:
            masses[h.owner].add(board.mass_of[h.pos])
    seats = [s for s in range(n) if s not in state.eliminated] or list(range(n))
    winners, how = rank_winners(
        seats,
        dict(enumerate(state.scores)),
        dict(enumerate(state.stock)),
        {s: len(m) for s, m in masses.items()},
    )
    names = reduce(
        lambda first, last: gettext_lazy("%(first)s and %(last)s", first=first, last=last),
        [COLOURS[s] for s in winners],
    )
    everyone_out = len(state.eliminated) == n
    if len(winners) > 1 and everyone_out:
        reason = gettext_lazy(
            "Every player was out of the game; after final scoring %(names)s share the win "
            "(%(how)s).",
            names=names,
            how=how,
        )
    elif len(winners) > 1:
        reason = gettext_lazy(
            "The Meteorite Impact ended the game; after final scoring %(names)s share the win "
            "(%(how)s).",
            names=names,
            how=how,
        )
    elif everyone_out:
        reason = gettext_lazy(
            "Every player was out of the game; after final scoring %(names)s wins (%(how)s).",
            names=names,
            how=how,
        )
    else:
        reason = gettext_lazy(
            "The Meteorite Impact ended the game; after final scoring %(names)s wins (%(how)s).",
            names=names,
            how=how,
        )
    return Outcome(scores=tuple(state.scores), winners=tuple(winners), reason=reason)


def evaluate(state: State, seat: int) -> float:
    """A quick estimate in [0, 1] of ``seat``'s chances, for the search bot: every
    seat's final score predicted by the fitted model of :mod:`.evaluation` (today's
    land masses, the pieces the main land mass is breaking into, where the herds
    stand, how much of the deck is left), ``seat``'s lead over the best other seat
    still in the game, squashed. Once the game is over, a tie on points goes to
    TS14's winner (:func:`_tie_broken`)."""
    return _tie_broken(estimate(state, seat, WEIGHTS), state, seat, 4.0)


def evaluate_to_the_end(state: State, seat: int) -> float:
    """:func:`evaluate`, also weighing that the game may end before the land masses it
    foresees split off: towards the final scoring of the land as it lies as the
    Meteorite nears, that scoring alone in the last round (the Expert level's)."""
    return _tie_broken(estimate(state, seat, WEIGHTS, to_the_end=True), state, seat, 4.0)


def evaluate_board(state: State, seat: int) -> float:
    """The board as it stands, in [0, 1]: points so far plus the final scoring (TS13)
    if the game ended now, plus a little for herds on land, against the best other
    player. Blind to the land masses still to split off, so a gentler player's
    judgement (the Casual level's); :func:`evaluate` is the fitted one.

    The search calls it for every action it weighs, so it counts herds per land mass
    in one pass instead of building ``rules.final_detail``'s descriptions."""
    if seat in state.eliminated:
        return 0.0
    projected = list(state.scores)
    if state.phase != OVER:
        board = state.board
        mass_of, main, n = board.mass_of, board.main, state.num_players
        counts: dict[int, list[int]] = {}
        for h in state.herds:
            mass = mass_of.get(h.pos)
            if mass is None:
                continue  # a swimmer
            projected[h.owner] += 0.3
            if mass != main:
                counts.setdefault(mass, [0] * n)[h.owner] += 1
        for mass, herds in counts.items():
            points = final_points(len(board.masses[mass]), dict(enumerate(herds)))
            for s, value in points.items():
                projected[s] += value
    others = [v for s, v in enumerate(projected) if s != seat and s not in state.eliminated]
    if not others:
        return 1.0
    lead = projected[seat] - max(others)
    return _tie_broken(0.5 + 0.5 * lead / (abs(lead) + 8.0), state, seat, 8.0)


def _tie_broken(value: float, state: State, seat: int, scale: float) -> float:
    """An estimate at the end of the game with TS14's tie-break: a lead in points
    cannot see it, so a seat tied for most points (``value`` 0.5) counts half a point
    ahead when the tie-break makes it the winner and half a point behind when it
    loses (a shared win stays even). Without it a computer player finishing a turn
    by this estimate (its own, or the reply it expects) took a tie lost on herds in
    stock for an even game; a playout's end was already judged by the outcome."""
    if value != 0.5 or state.phase != OVER:
        return value
    winners = outcome(state).winners
    if seat in winners and len(winners) > 1:
        return value
    lead = 0.5 if seat in winners else -0.5
    return 0.5 + 0.5 * lead / (abs(lead) + scale)


def to_json(state: State) -> dict:
    return _to_json(state)


def from_json(data: dict) -> State:
    return _from_json(data)


def seat_labels(num_players: int, options: dict | None = None) -> list[str]:
    """Herd colours per seat."""
    return list(COLOURS[:num_players])


def determinize(state: State, seat: int, rng) -> State:
    """Re-draw what ``seat`` cannot see (TS16): the other hands and the deck order.

    Public facts are kept: which deck each hand card came from, how many cards of
    each deck are left, and that the Meteorite (if not yet drawn) lies in deck 2.
    The result depends on ``seat``'s view and ``rng`` alone: the unseen cards are put
    in a fixed order before they are shuffled, so neither the real deck's order nor
    the real hands show through the generator's draws.
    """
    n = state.num_players
    deck = list(state.deck)
    split = max(0, len(deck) - deck2_size(n))
    others = [s for s in range(n) if s != seat and state.hands[s]]
    pool1 = deck[:split] + [state.hands[s] for s in others if state.hand_from[s] == 1]
    rest2 = deck[split:]
    meteorite = METEORITE in rest2
    pool2 = [c for c in rest2 if c != METEORITE]
    pool2 += [state.hands[s] for s in others if state.hand_from[s] == 2]
    pool1.sort()
    pool2.sort()
    rng.shuffle(pool1)
    rng.shuffle(pool2)
    hands = list(state.hands)
    for s in others:
        hands[s] = (pool1 if state.hand_from[s] == 1 else pool2).pop()
    if meteorite:
        pool2.append(METEORITE)
        rng.shuffle(pool2)
    return replace(state, hands=tuple(hands), deck=tuple(pool1 + pool2), seed=rng.getrandbits(32))


__all__ = [
    "SITE_RULES",
    "IllegalAction",
    "apply",
    "describe",
    "determinize",
    "evaluate",
    "evaluate_board",
    "evaluate_to_the_end",
    "from_json",
    "legal_actions",
    "max_players",
    "min_players",
    "name",
    "new_game",
    "options",
    "outcome",
    "parse",
    "plays_forced",
    "reveals_information",
    "seat_labels",
    "title",
    "to_json",
    "to_move",
    "validate_options",
    "view",
]
