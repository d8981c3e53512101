"""The tree search measured against the levels' flat one (``benchmarks/tree_search.py``,
information-set MCTS): it judges a move by the replies a good opponent finds, searches
sampled states only, and keeps to its CPU cap."""

from __future__ import annotations

import time

from benchmarks.tree_search import TreeBot
from games.computer.players import MonteCarloBot
from games.engines import ENGINES, Outcome
from tests.games.computer.test_players import guesses


class TrapEngine:
    """Seat 0 plays "trap" or "safe", then seat 1 answers. After "trap" nine of seat 1's
    ten answers lose for it and one wins; after "safe" its one answer draws. Against
    random answers "trap" wins nine games in ten; against a seat that finds its answer
    it always loses."""

    name = "trap"
    min_players = max_players = 2

    def to_move(self, state):
        return (0,) if not state else (1,) if len(state) == 1 else ()

    def legal_actions(self, state, seat):
        if not state:
            return ["trap", "safe"]
        return [str(i) for i in range(10)] if state[0] == "trap" else ["draw"]

    def apply(self, state, seat, action):
        return (*state, action)

    def outcome(self, state):
        if len(state) < 2:
            return None
        if state[1] == "draw":
            return Outcome((0.0, 0.0), (0, 1), "drawn")
        if state[1] == "0":
            return Outcome((0.0, 1.0), (1,), "answered")
        return Outcome((1.0, 0.0), (0,), "missed")


def test_the_tree_finds_the_reply_a_flat_search_misses(registered):
    engine = registered(TrapEngine())
    flat = MonteCarloBot(seed=1, playouts=200, depth=4, max_seconds=None)
    tree = TreeBot(seed=1, playouts=400, depth=4, max_seconds=None)
    assert flat.choose(engine, (), 0) == "trap"  # random answers mostly miss
    assert tree.choose(engine, (), 0) == "safe"  # seat 1's node learns its answer


def test_the_tree_searches_sampled_states_only(registered):
    right, peeked = guesses(registered, lambda i: TreeBot(seed=i, playouts=20, depth=2))
    assert not peeked
    assert right < 40  # it could not know


def test_the_tree_keeps_to_its_cpu_cap():
    """A budget far beyond the cap stops at the cap (a Tri*T*Area table of four)."""
    engine = ENGINES["tritarea"]
    state = engine.new_game(4, 3, None)
    seat = engine.to_move(state)[0]
    bot = TreeBot(seed=1, playouts=1_000_000, depth=40, max_seconds=0.05)
    started = time.thread_time()
    assert bot.choose(engine, state, seat) in engine.legal_actions(state, seat)
    assert time.thread_time() - started < 0.5
