"""Engine-agnostic computer players: the site's computer seats (at a level,
``games.computer.levels``), engine tests and benchmarks. Pure Python, no Django.

Both speak only the engine protocol (:mod:`games.engines.base`)::

    bot = MonteCarloBot(seed=1)
    action = bot.choose(engine, state, seat)

- :class:`RandomBot` plays a uniformly random legal action (seeded).
- :class:`MonteCarloBot` runs a flat Monte-Carlo search: every candidate action is
  tried in short playouts (random legal actions, cut off after ``depth`` actions)
  and the action with the best average result is played. Its cost per move is
  bounded by ``playouts`` (the whole budget for one decision) and ``depth``, plus an
  optional cap ``max_seconds`` of its thread's CPU time (not wall-clock: a decision on a loaded
  machine is the same decision), so it stays usable for large tables.
  Options that make it stronger for the same budget: ``ucb`` spends the playouts on
  the candidates that look best so far (UCB1) instead of evenly; ``sample`` makes a
  guided playout step pick the best of a few random actions rather than scan all
  (a Trias position has hundreds); ``plan_turn`` finishes the searching seat's own
  turn (several actions in Trias) with its best-looking actions before sampling;
  ``keep_plan`` finds that rest once per candidate and plays it again in the
  candidate's other playouts while it stays legal (no scan of every action each
  time); ``paired`` (without ``ucb``) tries every candidate on the same samples of
  the unknown, one per round over them, so that they are compared on equal luck.
  ``round_end`` stops a playout once the round under way is scored (a game played in
  rounds, its state's ``round``), and ``margin`` values a finished playout partly by
  the evaluation of its final scores, not only by who won (Tri*T*Area's upper levels).
  ``blunder`` is the share of decisions played at random: the Beginner's lapses.
  ``evaluator`` names the game's estimate it judges positions by (``evaluate`` unless
  a game offers a plainer one for its gentler levels, like Trias's ``evaluate_board``).
- ``games.computer.levels.LEVELS``: the strengths a person can choose (Beginner,
  Casual, Strong, Expert), each a fixed search budget of :class:`MonteCarloBot`,
  which each game may adjust (``GameSpec.levels``).

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
from types import ModuleType

from games import registry


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
        keep_plan: bool = False,
        paired: bool = False,
        margin: float = 0.0,
        round_end: bool = False,
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
        self.keep_plan = keep_plan
        self.paired = paired
        self.margin = margin
        self.round_end = round_end
        # This thread's CPU time the decision under way must end by: a thread's, not the
        # process's, so a busy neighbour thread (a web server's) does not cut it short.
        self._deadline: float | None = None
        self._round = None

    # -- helpers -------------------------------------------------------------------

    def _late(self) -> bool:
        """Whether the decision under way has used up its CPU time (``max_seconds``)."""
        return self._deadline is not None and time.thread_time() > self._deadline

    def _round_over(self, state) -> bool:
        """``round_end``: whether a playout in a game played in rounds (its state's
        ``round``) has reached the next one, so is judged once the round under way is
        scored rather than some way into the next."""
        return self.round_end and self._round is not None and state.round != self._round

    def _sample(self, engine: ModuleType, state, seat: int):
        """The state the bot may search: a determinization when secrets exist."""
        determinize = registry.get(engine.name).determinize
        return determinize(state, seat, self.rng) if determinize else state

    def _evaluate(self, engine: ModuleType):
        """The engine's estimate this bot judges by (``evaluator``), or None."""
        return registry.get(engine.name).evaluators.get(self.evaluator)

    def _value(self, engine: ModuleType, state, seat: int, neutral: float) -> float:
        done = result_value(engine, state, seat)
        evaluate = self._evaluate(engine)
        if done is not None:
            if self.margin and evaluate:
                # ``margin``: a finished playout also counts by how much it was won or
                # lost (the evaluation of the final scores), not only whether
                return (1.0 - self.margin) * done + self.margin * evaluate(state, seat)
            return done
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
            if self._late():
                break  # the best of those weighed so far
        return self.rng.choice(best)

    def _playout(
        self, engine: ModuleType, state, seat: int, neutral: float, plan: list | None = None
    ) -> float:
        """One playout's value for ``seat``. ``plan`` (``keep_plan``): the actions that
        finished ``seat``'s own turn in an earlier playout of the same candidate, played
        again while legal (on another sample of the unknown they mostly are); an empty
        list is filled with this playout's."""
        return self._value(engine, self._play_on(engine, state, seat, plan), seat, neutral)

    def _play_on(self, engine: ModuleType, state, seat: int, plan: list | None = None):
        """The state a playout from ``state`` ends in (see :meth:`_playout`)."""
        rng = self.rng
        replay = plan or None  # never appended to: only an empty plan records
        record = plan is not None and not plan
        step = 0
        evaluates = self._evaluate(engine) is not None
        guided = self.greedy > 0 and evaluates
        # ``plan_turn``: the rest of the searching seat's own turn (a Trias turn is
        # several actions) is finished with its best-looking actions, not sampled.
        own_turn = self.plan_turn and evaluates
        turns, last = 0, seat
        for _ in range(self.depth):
            movers = engine.to_move(state)
            if not movers or self._late() or self._round_over(state):
                break
            mover = movers[0] if len(movers) == 1 else rng.choice(movers)
            if mover != last:
                turns, last = turns + 1, mover
                if self.turns and turns >= self.turns:
                    break  # ``turns``: look this many turns ahead, whatever their length
            legal = engine.legal_actions(state, mover)
            own_turn = own_turn and mover == seat
            if own_turn:
                if replay is not None and step < len(replay) and replay[step] in legal:
                    action = replay[step]
                else:
                    replay = None  # the plan no longer fits: weigh the rest afresh
                    saved, self.sample = self.sample, 0
                    action = self._greedy_action(engine, state, mover, legal)
                    self.sample = saved
                if record:
                    plan.append(action)
                step += 1
            elif guided and rng.random() < self.greedy:
                action = self._greedy_action(engine, state, mover, legal)
            else:
                action = rng.choice(legal)
            state = engine.apply(state, mover, action)
        return state

    # -- the decision --------------------------------------------------------------

    def choose(self, engine: ModuleType, state, seat: int) -> str:
        legal = engine.legal_actions(state, seat)
        if not legal:
            raise ValueError(f"seat {seat} has no legal action")
        if len(legal) == 1:
            return legal[0]
        if self.blunder and self.rng.random() < self.blunder:
            return self.rng.choice(legal)  # ``blunder``: a gentle level's lapses
        self._round = state.round if self.round_end else None  # the decision's round
        started = time.thread_time()
        self._deadline = started + self.max_seconds if self.max_seconds else None
        try:
            return self._search(engine, state, seat, legal)
        finally:
            self._deadline = None

    def _search(self, engine: ModuleType, state, seat: int, legal: list[str]) -> str:
        """The decision among ``legal``. Every loop in it (the screen, the first pass
        over the candidates, the playouts, a guided step's scan) stops once the CPU
        time is up, with the best found so far: the cap holds at any table."""
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
                if self._late():
                    break  # judge among those screened
            if evaluates:
                scored.sort(key=lambda pair: -pair[0])  # stable: shuffled ties
            candidates = [action for _, action in scored[: self.width]]

        totals = dict.fromkeys(candidates, 0.0)
        counts = dict.fromkeys(candidates, 0)
        # ``keep_plan``: each candidate's own turn is finished once, then replayed.
        plans: dict[str, list] = {a: [] for a in candidates} if self.keep_plan else {}
        # ``paired``: every candidate is tried on the same samples of the unknown (one
        # for each round over them), so their comparison is not the samples' luck.
        starts: list = []
        for i in range(max(self.playouts, len(candidates))):
            if self._late():
                break
            if self.ucb and i >= len(candidates):
                # UCB1: more playouts for the candidates that look best so far.
                log_n = math.log(i)
                action = max(
                    candidates,
                    key=lambda a: totals[a] / counts[a] + self.ucb * math.sqrt(log_n / counts[a]),
                )
            else:
                action = candidates[i % len(candidates)]
            if self.paired and not self.ucb:
                if i % len(candidates) == 0:
                    starts.append(self._sample(engine, state, seat))
                start = starts[-1]
            else:
                start = self._sample(engine, state, seat)
            after = engine.apply(start, seat, action)
            totals[action] += self._playout(engine, after, seat, neutral, plans.get(action))
            counts[action] += 1
        if not any(counts.values()):
            return candidates[0]  # no time for a playout: the screen's best
        return max(candidates, key=lambda a: totals[a] / counts[a] if counts[a] else -1.0)


Bot = RandomBot | MonteCarloBot


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
