"""The bot benchmark (benchmarks/bots.py): matches that can be lengthened in later
runs, and the one-ply greedy reference opponent."""

import random

import pytest

from benchmarks import bots
from games import registry
from games.engines import ENGINES


def test_a_match_played_in_two_runs_is_the_match_played_in_one():
    whole = bots.match("triad", 2, "beginner", "random", games=4, seed=1000)
    start = bots.match("triad", 2, "beginner", "random", games=2, seed=1000)
    rest = bots.match("triad", 2, "beginner", "random", games=4, seed=1000, first=2)
    assert (start.games, rest.games) == (2, 2)
    assert start.credit + rest.credit == whole.credit
    assert len(start.times) + len(rest.times) == len(whole.times)


# --- the one-ply greedy reference opponent --------------------------------------------


def _position(name: str, people: int, actions: int, seed: int):
    """A position ``actions`` random actions into a game, and the seat to move."""
    engine = ENGINES[name]
    state = engine.new_game(people, seed, None)
    rng = random.Random(seed)
    for _ in range(actions):
        seat = engine.to_move(state)[0]
        state = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
    return engine, state, engine.to_move(state)[0]


def _immediate_values(engine, state, seat):
    judge = registry.get(engine.name).evaluators["evaluate"]
    return [judge(engine.apply(state, seat, a), seat) for a in engine.legal_actions(state, seat)]


@pytest.mark.parametrize(("name", "people"), [("trias", 2), ("tritarea", 2)])
def test_the_greedy_opponent_chooses_alike_whatever_its_seat_cannot_see(name, people):
    """Positions that differ only in the others' hands, the deck's order and the seed
    (the same view for the greedy seat) get the same action from the same greedy bot,
    also where those secrets change what an action brings at once (Tri*T*Area's
    rulebook seats play their hidden cards within a person's action)."""
    engine, spec = ENGINES[name], registry.get(name)
    telling = 0  # positions where the secrets change an action's immediate result
    for game in range(2):
        state, rng = engine.new_game(people, 40 + game, None), random.Random(game)
        for ply in range(400):
            if not engine.to_move(state):
                break
            seat = engine.to_move(state)[0]
            if ply % 5 == 0:
                chosen = bots.GreedyBot(seed=ply).choose(engine, state, seat)
                assert chosen in engine.legal_actions(state, seat)
                values = _immediate_values(engine, state, seat)
                for k in range(3):
                    other = spec.determinize(state, seat, random.Random(1000 + k))
                    assert engine.view(other, seat) == engine.view(state, seat)
                    assert bots.GreedyBot(seed=ply).choose(engine, other, seat) == chosen
                    telling += _immediate_values(engine, other, seat) != values
            state = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
    if name == "tritarea":
        assert telling  # the secrets did matter somewhere: the check had teeth


def test_the_greedy_opponent_takes_the_best_immediate_result():
    """In Triad (no secrets) its action is one whose result counts best for it."""
    for start in range(4):
        engine, state, seat = _position("triad", 2, 10 + 6 * start, seed=start)
        legal = engine.legal_actions(state, seat)
        values = {a: engine.evaluate(engine.apply(state, seat, a), seat) for a in legal}
        chosen = bots.GreedyBot(seed=start).choose(engine, state, seat)
        assert values[chosen] == max(values.values())


def test_the_benchmark_plays_against_the_greedy_opponent(capsys):
    bots.main(
        ["--tables", "triad:2", "--levels", "beginner", "--against", "greedy", "--games", "2"]
    )
    out = capsys.readouterr().out
    assert "Beginner vs greedy" in out and "vs random" not in out
    with pytest.raises(SystemExit, match="unknown opponent wizard"):
        bots.main(["--tables", "triad:2", "--against", "wizard"])
