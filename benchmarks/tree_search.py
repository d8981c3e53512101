"""Information-set Monte Carlo tree search (single observer: Cowling, Powley and
Whitehouse, "Information Set Monte Carlo Tree Search", IEEE TCIAIG 2012), for games
with hidden cards: a search measured against the levels' flat one, not a level.
``benchmarks/bots.py --search tree`` plays the measured level with it (its budget and
settings, this search); the figures are in ``games/computer/levels.py``. Pure Python.

The flat search of :class:`~games.computer.players.MonteCarloBot` tries each of its
own candidates in playouts where every later action, the other seats' included, is
random: it judges a move by how it fares against a random reply. The tree search
grows, over many playouts, a tree of the actions that follow the decision, and picks
each seat's action in it by what has served *that seat* best so far (UCB1), so a
candidate is judged against the replies a good opponent would find.

The searching seat never sees the others' secrets: every playout starts from a fresh
determinization (a state it cannot tell from the real one, its unseen cards drawn
again), and the tree is one tree over all of them, keyed by actions. An action legal
in one determinization may not be in another (the other seat's hand differs), so a
child's UCB1 term counts the playouts in which it *could* have been chosen (its
availability), not its parent's visits. Below the tree a playout goes on at random,
as the flat search's do, and is judged the same way (``round_end``, ``margin``,
``depth``). The decision is the root's most visited action.
"""

from __future__ import annotations

import math
from types import ModuleType

from games.computer.players import MonteCarloBot


class _Node:
    """The actions tried after one sequence of actions (over every determinization),
    each child holding the seat that chose it and that seat's results."""

    __slots__ = ("available", "children", "mover", "total", "visits")

    def __init__(self, mover: int = -1):
        self.mover = mover
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.total = 0.0
        self.available = 0


class TreeBot(MonteCarloBot):
    """A :class:`MonteCarloBot` whose ``playouts`` grow a tree (see the module).

    Of its parent's options it reads ``playouts`` (the tree's playouts), ``depth``,
    ``greedy``, ``round_end``, ``margin``, ``evaluator``, ``blunder`` and
    ``max_seconds``; its candidates are every legal action, and it explores by UCB1
    with the usual constant for results in [0, 1] (``EXPLORE``), not ``ucb``."""

    EXPLORE = 0.7

    def _search(self, engine: ModuleType, state, seat: int, legal: list[str]) -> str:
        neutral = 0.5
        root = _Node()
        explore = self.EXPLORE
        rng = self.rng
        for _ in range(self.playouts):
            if self._late():
                break
            node, path = root, []
            current = self._sample(engine, state, seat)
            options = legal  # the root's: the seat's own, the same in every sample
            # Down the tree while every option here has been tried, then one step out.
            while True:
                if node is not root:
                    movers = engine.to_move(current)
                    if not movers or self._round_over(current):
                        break
                    mover = movers[0]
                    options = engine.legal_actions(current, mover)
                else:
                    mover = seat
                tried = []
                untried = []
                for action in options:
                    child = node.children.get(action)
                    if child is None:
                        untried.append(action)
                    else:
                        child.available += 1
                        tried.append((action, child))
                if untried:
                    action = rng.choice(untried)
                    child = node.children[action] = _Node(mover)
                    child.available = 1
                    current = engine.apply(current, mover, action)
                    path.append(child)
                    break
                action, child = max(
                    tried,
                    key=lambda pair: (
                        pair[1].total / pair[1].visits
                        + explore * math.sqrt(math.log(pair[1].available) / pair[1].visits)
                    ),
                )
                current = engine.apply(current, mover, action)
                path.append(child)
                node = child
                if self._late():
                    break
            end = self._play_on(engine, current, seat)
            values: dict[int, float] = {}
            for child in path:
                value = values.get(child.mover)
                if value is None:
                    value = values[child.mover] = self._value(engine, end, child.mover, neutral)
                child.visits += 1
                child.total += value
        if not root.children:
            return legal[0]
        return max(root.children.items(), key=lambda pair: pair[1].visits)[0]
