"""The engine-agnostic conformance suite: every registered engine, every player count.

For many seeds it plays random legal actions to the end and checks at every step
what the protocol in :mod:`games.engines.base` promises: ``apply`` leaves its input
alone, the JSON round trip holds and is stable, every view is JSON-safe and never
shows the seed, actions outside ``legal_actions`` raise ``IllegalAction``, every seat
in ``to_move`` has a legal action, and a replay of the same seed and actions gives
the same final state. Every game must end. ``parse`` names every legal action from its
canonical spelling and its variants (case, spaces), and refuses other text with the
typed errors: ``UnknownAction`` for what is not notation, ``IllegalNow`` for an action
of the game that is not legal now.

``CONFORMANCE_GAMES`` sets the number of two-player games per engine (6; 40 under
``TRIPOST_SOAK=1``); larger tables play proportionally fewer (they are longer).
"""

from __future__ import annotations

import json
import os
import random
from types import ModuleType

import pytest

from games.engines import ENGINES, IllegalAction, Outcome
from games.engines.base import IllegalNow, UnknownAction
from tests.soak import sized

BASE_GAMES = int(os.environ.get("CONFORMANCE_GAMES", sized(6, 40)))
MAX_STEPS = 20_000  # a game still running after this many actions never ends
NOT_AN_ACTION = ("", "  ", "this is not an action", "zz99", "\u2603", "x" * 200)
PARSE_GAMES = 2  # games per engine and player count whose every position is parsed

CASES = [
    pytest.param(name, n, id=f"{name}-{n}p")
    for name, engine in ENGINES.items()
    for n in range(engine.min_players, engine.max_players + 1)
]


def games_for(num_players: int) -> int:
    return max(2, BASE_GAMES * 2 // max(2, num_players))


def seed_for(i: int) -> int:
    # Large seeds, so that finding the number in a view means the seed leaked.
    return 7_310_000_000_000 + 104_729 * i


def seats_at_table(engine: ModuleType, num_players: int, options: dict) -> int:
    count = getattr(engine, "seat_count", None)
    return count(num_players, options) if count else num_players


def options_for(engine: ModuleType, num_players: int, i: int) -> dict:
    """Game ``i`` varies each option through its choices (defaults when the mix is
    refused)."""
    wanted = {}
    for key, opt in engine.options.items():
        if opt.players and num_players not in opt.players:
            continue
        wanted[key] = opt.choices[i % len(opt.choices)][0] if opt.choices else opt.default
    try:
        return engine.validate_options(num_players, wanted)
    except ValueError:
        return engine.validate_options(num_players, None)


def keys_named(data: object, key: str) -> bool:
    if isinstance(data, dict):
        return key in data or any(keys_named(v, key) for v in data.values())
    if isinstance(data, list | tuple):
        return any(keys_named(v, key) for v in data)
    return False


def check_state(engine: ModuleType, state, seats: int, seed: int):
    """The protocol's promises about one state; returns its JSON and the state read back
    from it (the caller's copy for checking that ``apply`` leaves its input alone)."""
    data = engine.to_json(state)
    text = json.dumps(data, sort_keys=True)
    again = engine.from_json(json.loads(text))
    assert again == state, "from_json(to_json(state)) differs from state"
    assert json.dumps(engine.to_json(again), sort_keys=True) == text, "to_json is not stable"

    movers = engine.to_move(state)
    assert isinstance(movers, tuple)
    assert all(0 <= s < seats for s in movers)
    result = engine.outcome(state)
    if movers:
        assert result is None, "a game with seats to move has an outcome"
    else:
        assert isinstance(result, Outcome), "a game nobody can move in must be over"
        assert len(result.scores) == seats
        assert set(result.winners) <= set(range(seats))
        assert result.reason
        json.dumps(result.to_json())

    for seat in [None, *range(seats)]:
        view = engine.view(state, seat)
        view_text = json.dumps(view)  # JSON-safe
        assert not keys_named(view, "seed"), f"view for seat {seat} has a seed"
        assert str(seed) not in view_text, f"view for seat {seat} shows the seed"
    return data, again


def check_refusals(engine: ModuleType, state, seats: int, movers: tuple, pool: list) -> None:
    """Actions outside ``legal_actions`` raise ``IllegalAction`` (or, for another
    spelling of a legal action, act exactly like it)."""
    before = engine.to_json(state)
    for seat in range(seats):
        legal = engine.legal_actions(state, seat)
        if seat not in movers:
            assert legal == [], f"seat {seat} is not to move but has legal actions"
            others = [a for m in movers for a in engine.legal_actions(state, m)[:2]]
            for action in [*NOT_AN_ACTION[:2], *others]:
                with pytest.raises(IllegalAction):
                    engine.apply(state, seat, action)
            continue
        assert legal, f"seat {seat} must act but has no legal action"
        assert len(set(legal)) == len(legal), "legal_actions repeats an action"
        assert engine.legal_actions(state, seat) == legal, "legal_actions is not deterministic"
        assert all(isinstance(a, str) for a in legal)
        legal_set = set(legal)
        outside = [a for a in pool if a not in legal_set][-3:]
        for action in [*NOT_AN_ACTION, *outside]:
            try:
                after = engine.apply(state, seat, action)
            except IllegalAction as exc:
                assert str(exc), "IllegalAction without a message"
                continue
            # Not refused: it must be another spelling of a legal action.
            assert action.strip(), f"{action!r} was accepted"
            results = [engine.apply(state, seat, a) for a in legal]
            assert after in results, f"{action!r} is not legal but was accepted"
    assert engine.to_json(state) == before, "a refused action changed the state"


def check_finished(engine: ModuleType, state, seats: int, played: list) -> None:
    """A finished game offers nothing and refuses everything."""
    for seat in range(seats):
        assert engine.legal_actions(state, seat) == [], "a finished game has legal actions"
        for action in [NOT_AN_ACTION[2], *(a for s, a in played[-2:] if s == seat)]:
            with pytest.raises(IllegalAction):
                engine.apply(state, seat, action)


def play_random_game(engine: ModuleType, num_players: int, seed: int, options: dict):
    rng = random.Random(seed)
    state = engine.new_game(num_players, seed, options)
    assert engine.new_game(num_players, seed, options) == state, "new_game is not seeded"
    seats = seats_at_table(engine, num_players, options)
    played: list[tuple[int, str]] = []
    pool: list[str] = []
    for step in range(MAX_STEPS):
        before, copy = check_state(engine, state, seats, seed)
        movers = engine.to_move(state)
        if not movers:
            check_finished(engine, state, seats, played)
            return state, played
        if step % 3 == 0 or len(movers) > 1:
            check_refusals(engine, state, seats, movers, pool)
        seat = rng.choice(movers)
        legal = engine.legal_actions(state, seat)
        assert legal, f"seat {seat} is to move but has no legal action"
        action = rng.choice(legal)
        sentence = engine.describe(state, seat, action)
        assert isinstance(sentence, str) and sentence.strip() and "\n" not in sentence

        new_state = engine.apply(state, seat, action)
        assert engine.to_json(state) == before, "apply changed its input state"
        assert state == copy, "apply changed its input state"
        assert engine.apply(state, seat, action) == new_state, "apply is not deterministic"

        played.append((seat, action))
        pool = [*pool[-20:], *legal[:3]]
        state = new_state
    pytest.fail(f"the game did not end within {MAX_STEPS} actions (seed {seed})")


@pytest.mark.parametrize("name, num_players", CASES)
def test_random_games_follow_the_protocol(name: str, num_players: int):
    engine = ENGINES[name]
    for i in range(games_for(num_players)):
        seed = seed_for(i)
        options = options_for(engine, num_players, i)
        final, played = play_random_game(engine, num_players, seed, options)

        replay = engine.new_game(num_players, seed, options)
        for seat, action in played:
            replay = engine.apply(replay, seat, action)
        assert replay == final, "replaying the seed and actions gave another state"
        assert engine.to_json(replay) == engine.to_json(final)


@pytest.mark.parametrize("name", list(ENGINES))
def test_the_module_exposes_the_protocol(name: str):
    engine = ENGINES[name]
    for attr in (
        "name", "title", "min_players", "max_players", "options", "validate_options",
        "new_game", "to_move", "legal_actions", "parse", "apply", "view", "describe",
        "outcome",
        "to_json", "from_json",
    ):  # fmt: skip
        assert hasattr(engine, attr), f"{name} lacks {attr}"
    assert engine.name == name
    assert 1 <= engine.min_players <= engine.max_players


@pytest.mark.parametrize("name, num_players", CASES)
def test_options_have_valid_defaults_and_refuse_bad_values(name: str, num_players: int):
    engine = ENGINES[name]
    defaults = engine.validate_options(num_players, None)
    assert isinstance(defaults, dict)
    assert engine.validate_options(num_players, defaults) == defaults
    json.dumps(defaults)
    for key, opt in engine.options.items():
        assert any(opt.default == value for value, _ in opt.choices) or not opt.choices
        if opt.players and num_players not in opt.players:
            continue
        assert key in defaults
        if opt.choices:
            with pytest.raises(ValueError):
                engine.validate_options(num_players, {**defaults, key: object()})


@pytest.mark.parametrize("name", list(ENGINES))
def test_player_counts_outside_the_range_are_refused(name: str):
    engine = ENGINES[name]
    for n in (engine.min_players - 1, engine.max_players + 1):
        with pytest.raises(ValueError):
            engine.validate_options(n, None)


def variants(action: str) -> list[str]:
    """Spellings every game forgives: case and spaces."""
    return [action.upper(), action.lower(), f"  {action.replace(' ', '   ')} \t"]


def check_parse(engine: ModuleType, state, seats: int, movers: tuple, seen: list) -> None:
    """``parse`` gives back every legal action as it is and from its variants; text that
    is not notation is unknown in any position, a well-formed action that is not legal
    now for this seat is illegal now."""
    for seat in range(seats):
        legal = engine.legal_actions(state, seat)
        for action in legal:
            assert engine.parse(state, seat, action) == action
            for variant in variants(action):
                assert engine.parse(state, seat, variant) == action, variant
        for text in NOT_AN_ACTION:
            with pytest.raises(UnknownAction) as refused:
                engine.parse(state, seat, text)
            assert str(refused.value), "UnknownAction without a message"
        legal_set = set(legal)
        for action in [a for a in seen if a not in legal_set][-5:]:
            with pytest.raises(IllegalNow) as refused:
                engine.parse(state, seat, action)
            assert str(refused.value), "IllegalNow without a message"
            with pytest.raises(IllegalNow):
                engine.apply(state, seat, action)


@pytest.mark.parametrize("name, num_players", CASES)
def test_parse_names_the_legal_action_or_says_why_not(name: str, num_players: int):
    engine = ENGINES[name]
    for i in range(PARSE_GAMES):
        seed = seed_for(1000 + i)
        options = options_for(engine, num_players, i)
        rng = random.Random(seed)
        state = engine.new_game(num_players, seed, options)
        seats = seats_at_table(engine, num_players, options)
        seen: list[str] = []
        for _ in range(MAX_STEPS):
            movers = engine.to_move(state)
            check_parse(engine, state, seats, movers, seen)
            if not movers:
                break
            seat = rng.choice(movers)
            legal = engine.legal_actions(state, seat)
            seen = [*seen[-40:], *rng.sample(legal, min(3, len(legal)))]
            state = engine.apply(state, seat, rng.choice(legal))
