"""Engine-agnostic computer players, for timeouts (dropped seats) and tests.

Both speak only the engine protocol (:mod:`games.engines.base`)::

    bot = MonteCarloBot(seed=1)
    action = bot.choose(engine, state, seat)

- :class:`RandomBot` plays a uniformly random legal action (seeded).
- :class:`MonteCarloBot` runs a flat Monte-Carlo search: every candidate action is
  tried in short playouts (random legal actions, cut off after ``depth`` actions)
  and the action with the best average result is played. Its cost per move is
  bounded by ``playouts`` (the whole budget for one decision) and ``depth``, plus an
  optional cap ``max_seconds`` of CPU time (not wall-clock: a decision on a loaded
  machine is the same decision), so it stays usable for large tables.
  Options that make it stronger for the same budget: ``ucb`` spends the playouts on
  the candidates that look best so far (UCB1) instead of evenly; ``sample`` makes a
  guided playout step pick the best of a few random actions rather than scan all
  (a Trias position has hundreds); ``plan_turn`` finishes the searching seat's own
  turn (several actions in Trias) with its best-looking actions before sampling.
  ``blunder`` is the share of decisions played at random: the Beginner's lapses.
  ``evaluator`` names the game's estimate it judges positions by (``evaluate`` unless
  a game offers a plainer one for its gentler levels, like Trias's ``evaluate_board``).
- :data:`LEVELS`: the strengths a person can choose (Beginner, Casual, Strong,
  Expert), each a fixed search budget, which each game may adjust
  (``GameSpec.levels``); ``benchmarks/bots.py`` measures them.

What it asks the game's spec (:class:`games.registry.GameSpec`) besides the engine:

- ``determinize(state, seat, rng)``: for hidden information. The bot never searches
  the true state of such a game: each playout starts from a fresh determinization,
  a state ``seat`` cannot tell from the real one with every secret it cannot see
  re-drawn. Games without hidden information (Triad) declare none.
- ``evaluators["evaluate"](state, seat) -> float`` in [0, 1]: a quick estimate of
  ``seat``'s chances. It scores playouts that are cut off, ranks the candidates before the
  search (only the best ``width`` are searched), and guides the playouts: with
  probability ``greedy`` a playout action is the one the mover's evaluation likes
  best rather than a random one. Without it a cut-off playout scores a neutral 0.5
  and candidates are sampled at random when there are more than ``width``.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from types import ModuleType

from games import registry

from .base import gettext_lazy, pgettext_lazy


def result_value(engine: ModuleType, state, seat: int) -> float | None:
    """``seat``'s result in [0, 1] when the game is over, else None.

    A win shared by k seats is worth 1/k (a two-player draw 0.5); the rank by score
    breaks the rest (a close second beats a distant last in a 5-player game).
    """
    result = engine.outcome(state)
    if result is None:
        return None
    share = 1.0 / len(result.winners) if seat in result.winners else 0.0
    scores = result.scores
    others = [s for i, s in enumerate(scores) if i != seat]
    if not others:
        return share
    mine = scores[seat]
    rank = sum(1.0 if s < mine else 0.5 if s == mine else 0.0 for s in others) / len(others)
    return 0.8 * share + 0.2 * rank


class RandomBot:
    """Plays a random legal action; reproducible from its seed."""

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, engine: ModuleType, state, seat: int) -> str:
        legal = engine.legal_actions(state, seat)
        if not legal:
            raise ValueError(f"seat {seat} has no legal action")
        return self.rng.choice(legal)


class MonteCarloBot:
    """Flat Monte-Carlo search over short playouts, within a fixed budget."""

    def __init__(
        self,
        seed: int = 0,
        *,
        playouts: int = 200,
        depth: int = 30,
        width: int = 12,
        greedy: float = 0.0,
        max_seconds: float | None = 3.0,
        sample: int = 0,
        ucb: float = 0.0,
        plan_turn: bool = False,
        turns: int = 0,
        blunder: float = 0.0,
        evaluator: str = "evaluate",
    ):
        self.rng = random.Random(seed)
        self.playouts = max(1, playouts)
        self.depth = max(0, depth)
        self.width = max(1, width)
        self.greedy = greedy
        self.max_seconds = max_seconds
        self.sample = max(0, sample)
        self.ucb = ucb
        self.plan_turn = plan_turn
        self.turns = max(0, turns)
        self.blunder = blunder
        self.evaluator = evaluator

    # -- helpers -------------------------------------------------------------------

    def _sample(self, engine: ModuleType, state, seat: int):
        """The state the bot may search: a determinization when secrets exist."""
        determinize = registry.get(engine.name).determinize
        return determinize(state, seat, self.rng) if determinize else state

    def _evaluate(self, engine: ModuleType):
        """The engine's estimate this bot judges by (``evaluator``), or None."""
        return registry.get(engine.name).evaluators.get(self.evaluator)

    def _value(self, engine: ModuleType, state, seat: int, neutral: float) -> float:
        done = result_value(engine, state, seat)
        if done is not None:
            return done
        evaluate = self._evaluate(engine)
        return evaluate(state, seat) if evaluate else neutral

    def _greedy_action(self, engine: ModuleType, state, mover: int, legal: Sequence[str]) -> str:
        evaluate = self._evaluate(engine)
        if self.sample and len(legal) > self.sample:
            legal = self.rng.sample(legal, self.sample)  # the best of a few, not of all
        best, best_value = [], -1.0
        for action in legal:
            value = evaluate(engine.apply(state, mover, action), mover)
            if value > best_value:
                best, best_value = [action], value
            elif value == best_value:
                best.append(action)
        return self.rng.choice(best)

    def _playout(self, engine: ModuleType, state, seat: int, neutral: float) -> float:
        rng = self.rng
        evaluates = self._evaluate(engine) is not None
        guided = self.greedy > 0 and evaluates
        # ``plan_turn``: the rest of the searching seat's own turn (a Trias turn is
        # several actions) is finished with its best-looking actions, not sampled.
        own_turn = self.plan_turn and evaluates
        turns, last = 0, seat
        for _ in range(self.depth):
            movers = engine.to_move(state)
            if not movers:
                break
            mover = movers[0] if len(movers) == 1 else rng.choice(movers)
            if mover != last:
                turns, last = turns + 1, mover
                if self.turns and turns >= self.turns:
                    break  # ``turns``: look this many turns ahead, whatever their length
            legal = engine.legal_actions(state, mover)
            own_turn = own_turn and mover == seat
            if own_turn:
                saved, self.sample = self.sample, 0
                action = self._greedy_action(engine, state, mover, legal)
                self.sample = saved
            elif guided and rng.random() < self.greedy:
                action = self._greedy_action(engine, state, mover, legal)
            else:
                action = rng.choice(legal)
            state = engine.apply(state, mover, action)
        return self._value(engine, state, seat, neutral)

    # -- the decision --------------------------------------------------------------

    def choose(self, engine: ModuleType, state, seat: int) -> str:
        legal = engine.legal_actions(state, seat)
        if not legal:
            raise ValueError(f"seat {seat} has no legal action")
        if len(legal) == 1:
            return legal[0]
        if self.blunder and self.rng.random() < self.blunder:
            return self.rng.choice(legal)  # ``blunder``: a gentle level's lapses
        deadline = time.process_time() + self.max_seconds if self.max_seconds else None
        neutral = 0.5

        # Screen the candidates one action deep on one sample of the unknown.
        sample = self._sample(engine, state, seat)
        candidates = list(legal)
        self.rng.shuffle(candidates)
        evaluates = self._evaluate(engine) is not None
        if evaluates or len(candidates) > self.width:
            scored = []
            for action in candidates:
                after = engine.apply(sample, seat, action)
                value = self._value(engine, after, seat, neutral)
                if value >= 1.0 and engine.outcome(after) is not None:
                    return action  # an outright win
                scored.append((value, action))
            if evaluates:
                scored.sort(key=lambda pair: -pair[0])  # stable: shuffled ties
            candidates = [action for _, action in scored[: self.width]]

        totals = dict.fromkeys(candidates, 0.0)
        counts = dict.fromkeys(candidates, 0)
        for i in range(max(self.playouts, len(candidates))):
            if self.ucb and i >= len(candidates):
                # UCB1: more playouts for the candidates that look best so far.
                log_n = math.log(i)
                action = max(
                    candidates,
                    key=lambda a: totals[a] / counts[a] + self.ucb * math.sqrt(log_n / counts[a]),
                )
            else:
                action = candidates[i % len(candidates)]
            start = self._sample(engine, state, seat)
            after = engine.apply(start, seat, action)
            totals[action] += self._playout(engine, after, seat, neutral)
            counts[action] += 1
            if deadline is not None and time.process_time() > deadline and i >= len(candidates):
                break
        return max(candidates, key=lambda a: totals[a] / counts[a] if counts[a] else -1.0)


Bot = RandomBot | MonteCarloBot


@dataclass(frozen=True)
class Level:
    """A strength a person can choose for a computer seat; ``id`` is stored on seats
    and names the level as a rated player, so it never changes."""

    id: str
    title: str
    summary: str
    params: dict = field(default_factory=dict)  # MonteCarloBot's keyword arguments
    # The longest one decision is meant to take, in seconds: the CPU cap of the levels
    # that have one (``max_seconds``); the others search a smaller fixed budget. A seat
    # due longer than this and a minute is queued again (games.computer_turns).
    think_seconds: float = 2.0

    def arguments(self, engine: str = "", players: int = 0) -> dict:
        """MonteCarloBot's keyword arguments for ``engine`` at a table of ``players``."""
        # Each game's own arguments for this level (``GameSpec.levels``: a Trias action
        # costs ten of Triad's, so its playouts are fewer and shorter for a similar
        # think) and, at tables of at least so many people, ``levels_by_table`` (lapses
        # cost less where two or more rivals also err).
        spec = registry.get(engine) if engine else None
        per_game = spec.levels.get(self.id, {}) if spec else {}
        by_table = spec.levels_by_table.get(self.id, {}) if spec else {}
        arguments = {**self.params, **per_game}
        for fewest, changes in sorted(by_table.items()):
            if players >= fewest:
                arguments.update(changes)
        return arguments

    def bot(self, seed: int, engine: str = "", players: int = 0) -> Bot:
        return MonteCarloBot(seed=seed, **self.arguments(engine, players))


# Fixed playout counts, so that a level plays the same on a busy machine as on a quiet
# one; the CPU cap only guards the top level's ~2 s per decision on the largest tables.
#
# Measured (``benchmarks/bots.py``, seeds from 1000, seats rotated; figures with their
# 95% Wilson interval, fair share in brackets):
#
# - Trias 2p: Beginner vs random 70% [52, 83], Casual vs Beginner 80% [63, 91] (30
#   games each). Both judge the board as it stands (``evaluate_board``); every search
#   on that judgement tops out at about the same strength (more playouts, whole-turn
#   planning and main-land-mass majorities all scored about half against Casual).
#   Strong and Expert judge by the fitted model (``trias/evaluation.py``): with the
#   same search it beat the board judgement in 33 of 40 games. Strong (that model one
#   action deep, a lapse in ten) vs Casual 70% [55, 82], vs random 100% [91, 100];
#   Expert (48 playouts, 8 actions deep) vs Strong 87.5% [74, 95], vs random 100%
#   [91, 100] (40 games each, 0.56 s a decision on average, at most 1 s).
# - Trias 3p: Beginner (a lapse every other move from three players up) vs two
#   random 78% [62, 88] (33%); Casual vs two Beginners 64% [48, 78] (with a lapse in
#   three, Beginner held Casual to 39%); Strong vs two Casuals 53% [37, 68], Expert vs
#   two Strongs 61% [45, 75] (36 games each, all clearly ahead; Expert 0.85 s a
#   decision on average, at most 1.8 s); Expert vs two random 100% [90, 100].
# - Trias 4p (share 25%, 40 games each): Beginner vs random 75% [60, 86], Casual vs
#   Beginner 50% [35, 65], Strong vs Casual 45% [31, 60], Strong vs random 100%;
#   Expert vs Strong 45% [26, 66], vs random 100% [84, 100] (20 games each, 0.39 s a
#   decision on average, at most 1.1 s).
# - Trias 5p (share 20%, 40 games each): Beginner vs random 54% [39, 68], Casual vs
#   Beginner 34% [21, 49], Strong (a short look ahead among five) vs Casual 42.5%
#   [28.5, 58], vs random 92.5% [80, 97]; Expert (96 playouts among five) vs Strong
#   40% [22, 61], vs random 95% [76, 99] (20 games each, 0.8-0.9 s a decision on
#   average, at most 1.9 s).
# - Tri*T*Area: Beginner vs random 97% [83, 99] with 2 people, 75% [57, 87] (33%)
#   with 3; Casual vs Beginner 87% [70, 95] with 2 people, 54% [38, 69] (33%) with 3
#   (30 games each, 36 for the last). Strong (120 random playouts to the round's end,
#   0.15 s a decision) vs Casual with 2 people: 73% [56, 86] (30 games), vs two
#   Casuals with 3 people 58% [39, 76] (33%, 24 games: clearly ahead). Expert (480
#   such playouts, 0.5-1.0 s a decision, at most 1.7 s) vs Strong with 2 people: 67%
#   [56, 76] (60 of 90 games: 19 of the first 30, 41 of the next 60), vs random 96%
#   [80, 99] (24 games). With 3 people,
#   Expert (960 playouts there, 0.9 s a decision, at most 1.5 s) vs two Strongs 62.5%
#   [43, 79] (24 games; with 480 playouts it was 42% [25, 61], not clear). With 4
#   people (share 25%, 24 games each): Beginner vs random 54% [35, 72], Casual vs
#   Beginner 83% [64, 93], Strong vs Casual 62.5% [43, 79], Strong vs random 100%;
#   Expert (960 playouts, 0.48 s a decision, at most 1.2 s) vs three Strongs 40%
#   [28.6, 52.6] (24 of 60 games: 9 of the first 24, 15 of the next 36), vs three
#   random 100% [86, 100] (24 games).
LEVELS: dict[str, Level] = {
    level.id: level
    for level in (
        Level(
            "beginner",
            pgettext_lazy("computer level", "Beginner"),
            gettext_lazy(
                "Takes what a glance shows and now and then plays at random: a gentle first game."
            ),
            {"playouts": 4, "depth": 4, "width": 4, "blunder": 0.3, "max_seconds": None},
        ),
        Level(
            "casual",
            pgettext_lazy("computer level", "Casual"),
            gettext_lazy("Tries each good move in a few games played out."),
            {
                "playouts": 48,
                "depth": 12,
                "width": 8,
                "greedy": 0.5,
                "sample": 6,
                "ucb": 0.5,
                "max_seconds": None,
            },
        ),
        Level(
            "strong",
            pgettext_lazy("computer level", "Strong"),
            gettext_lazy("Sees what each good move is worth and seldom errs."),
            {
                "playouts": 200,
                "depth": 20,
                "width": 10,
                "greedy": 0.6,
                "sample": 8,
                "ucb": 0.4,
                "max_seconds": 2.0,
            },
        ),
        Level(
            "expert",
            pgettext_lazy("computer level", "Expert"),
            gettext_lazy("Thinks up to about two seconds a move and plays to win."),
            {
                "playouts": 600,
                "depth": 30,
                "width": 14,
                "greedy": 0.6,
                "sample": 10,
                "ucb": 0.4,
                "max_seconds": 2.0,
            },
        ),
    )
}


def level_bot(level: str, seed: int, engine: str = "", players: int = 0) -> Bot:
    """The computer player of ``level`` (an id of :data:`LEVELS`) for ``engine`` at a
    table of ``players`` people."""
    try:
        return LEVELS[level].bot(seed, engine, players)
    except KeyError:
        raise ValueError(f"unknown computer level {level!r}") from None


def play_game(
    engine: ModuleType,
    bots: Sequence[Bot] | Callable[[int], Bot],
    num_players: int,
    seed: int,
    options: dict | None = None,
    max_actions: int = 100_000,
):
    """Play one game with ``bots[seat]`` for every seat; ``(final state, actions)``."""
    state = engine.new_game(num_players, seed, options)
    played: list[tuple[int, str]] = []
    for _ in range(max_actions):
        movers = engine.to_move(state)
        if not movers:
            return state, played
        seat = movers[0]
        bot = bots(seat) if callable(bots) else bots[seat]
        action = bot.choose(engine, state, seat)
        state = engine.apply(state, seat, action)
        played.append((seat, action))
    raise RuntimeError(f"game did not end within {max_actions} actions")
