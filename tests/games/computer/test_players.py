"""The engine-agnostic bots."""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, replace
from types import SimpleNamespace

import pytest

from games import registry
from games.computer.players import MonteCarloBot, RandomBot, play_game, result_value
from games.engines import ENGINES, IllegalAction, Outcome
from games.registry import GameSpec
from titles.triad import engine as t
from titles.tritarea.engine import seats as tritarea_seats


def test_the_random_bot_is_reproducible_and_legal():
    state = t.new_game(2, 3)
    picks = [RandomBot(seed=9).choose(t, state, t.BLACK) for _ in range(3)]
    assert len(set(picks)) == 1
    assert picks[0] in t.legal_actions(state, t.BLACK)
    final, played = play_game(t, [RandomBot(1), RandomBot(2)], 2, seed=4)
    again, replayed = play_game(t, [RandomBot(1), RandomBot(2)], 2, seed=4)
    assert final == again and played == replayed
    assert t.outcome(final) is not None


def test_the_strong_bot_beats_the_random_bot_in_80_percent_of_50_triad_games():
    started = time.monotonic()
    wins = 0
    for game in range(50):
        strong_seat = game % 2
        strong = MonteCarloBot(seed=game, playouts=16, depth=4, width=6)
        weak = RandomBot(seed=1000 + game)
        bots = [strong, weak] if strong_seat == 0 else [weak, strong]
        final, _ = play_game(t, bots, 2, seed=game)
        result = t.outcome(final)
        wins += not result.draw and strong_seat in result.winners
    assert wins >= 40, f"the strong bot won only {wins} of 50"
    assert time.monotonic() - started < 45


def test_the_strong_bot_takes_a_winning_triad():
    state = t.from_diagram(
        """
        W3 .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        W1 W3 .  .  .  .
        .  .  .  .  .  .
        .  .  B1 .  .  B2
        """,
        removed=(2, 0),
    )
    assert MonteCarloBot(seed=1, playouts=4, depth=2).choose(t, state, t.BLACK) == "c1-c3=2"


def test_the_strong_bot_works_for_a_game_without_an_estimate(registered):
    plain = SimpleNamespace(
        **{k: getattr(t, k) for k in dir(t) if not k.startswith("_") and k != "evaluate"}
    )
    plain.name = "plain triad"
    registered(plain)  # no evaluators
    state = t.new_game(2, 1)
    action = MonteCarloBot(seed=2, playouts=10, depth=6).choose(plain, state, t.BLACK)
    assert action in t.legal_actions(state, t.BLACK)


@pytest.mark.parametrize("name", list(ENGINES))
def test_the_strong_bot_move_time_is_bounded_on_the_largest_table(name):
    engine = ENGINES[name]
    n = engine.max_players
    state = engine.new_game(n, 77, None)
    bot = MonteCarloBot(seed=3, playouts=30, depth=20, max_seconds=2.0)
    for _ in range(3):
        movers = engine.to_move(state)
        if not movers:
            break
        seat = movers[0]
        started = time.monotonic()
        action = bot.choose(engine, state, seat)
        assert time.monotonic() - started < 6.0
        assert action in engine.legal_actions(state, seat)
        state = engine.apply(state, seat, action)


def test_result_value_counts_shared_wins_and_draws():
    drawn = SimpleNamespace(outcome=lambda s: Outcome((0.5, 0.5), (0, 1), "draw", True))
    assert result_value(drawn, None, 0) == pytest.approx(0.5)
    won = SimpleNamespace(outcome=lambda s: Outcome((1.0, 0.0), (0,), "win"))
    assert result_value(won, None, 0) == 1.0 and result_value(won, None, 1) == 0.0
    running = SimpleNamespace(outcome=lambda s: None)
    assert result_value(running, None, 0) is None


# --- hidden information: the bot searches determinizations, never the true state ---


@dataclass(frozen=True)
class GuessState:
    secret: int  # which of "a"/"b" wins; hidden from seat 0
    guess: str = ""
    sampled: bool = False


class GuessEngine:
    """Seat 0 guesses a hidden coin; a bot that peeked would always be right."""

    name = "guess"
    min_players = max_players = 1

    def __init__(self):
        self.searched_true_state = False

    def determinize(self, state, seat, rng):
        return replace(state, secret=rng.randint(0, 1), sampled=True)

    def to_move(self, state):
        return () if state.guess else (0,)

    def legal_actions(self, state, seat):
        return [] if state.guess else ["a", "b"]

    def apply(self, state, seat, action):
        if action not in self.legal_actions(state, seat):
            raise IllegalAction("no")
        if not state.sampled:
            self.searched_true_state = True
        return replace(state, guess=action)

    def outcome(self, state):
        if not state.guess:
            return None
        right = state.guess == "ab"[state.secret]
        return Outcome((1.0 if right else 0.0,), (0,) if right else (), "guessed")


def guesses(registered, bot) -> tuple[int, bool]:
    """Forty guesses of a hidden bit, ``bot(i)`` the i-th guesser: how many were right,
    and whether any search played on the true state rather than a sample of it."""
    engine = GuessEngine()
    registered(engine, hidden_information=True, determinize=engine.determinize)
    right = 0
    for i in range(40):
        state = GuessState(secret=i % 2)
        right += bot(i).choose(engine, state, 0) == "ab"[state.secret]
    return right, engine.searched_true_state


def test_the_strong_bot_decides_from_determinizations_only(registered):
    right, peeked = guesses(registered, lambda i: MonteCarloBot(seed=i, playouts=20, depth=2))
    assert not peeked
    assert right < 40  # it could not know


# --- the estimate a bot judges by ---------------------------------------------------


class TwoJudgesEngine:
    """One decision among "a", "b", "c", cut off before the end: only the estimate
    decides. ``evaluate`` likes "a", the plainer ``evaluate_plain`` likes "c"."""

    name = "judges"
    min_players = max_players = 1

    def to_move(self, state):
        return () if len(state) >= 2 else (0,)

    def legal_actions(self, state, seat):
        return ["a", "b", "c"]

    def apply(self, state, seat, action):
        return state + action

    def outcome(self, state):
        return None if len(state) < 2 else Outcome((0.0,), (), "over")

    def evaluate(self, state, seat):
        return 0.9 if state[:1] == "a" else 0.1

    def evaluate_plain(self, state, seat):
        return 0.9 if state[:1] == "c" else 0.1


def test_a_bot_judges_by_the_estimate_its_evaluator_names(registered):
    engine = TwoJudgesEngine()
    registered(
        engine,
        evaluators={"evaluate": engine.evaluate, "evaluate_plain": engine.evaluate_plain},
    )
    assert MonteCarloBot(seed=1, playouts=6, depth=0).choose(engine, "", 0) == "a"
    plain = MonteCarloBot(seed=1, playouts=6, depth=0, evaluator="evaluate_plain")
    assert plain.choose(engine, "", 0) == "c"


def test_the_players_and_levels_run_without_django():
    """``games.computer.players`` and ``levels`` are pure Python (the engines' tests
    and the benchmarks use them): importing them loads neither Django nor Celery."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    code = (
        "import sys, games.computer.players, games.computer.levels; "
        "print(sorted({m for m in sys.modules if m.split('.')[0] in ('django', 'celery')}))"
    )
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    root = Path(__file__).resolve().parents[3]
    found = subprocess.run(
        [sys.executable, "-c", code], cwd=root, env=env, capture_output=True, text=True, check=True
    )
    assert found.stdout.strip() == "[]", found.stdout


def test_a_round_end_playout_stops_once_the_round_under_way_is_scored():
    """``round_end``: a playout in a game played in rounds is judged right after the
    round's scoring, not some actions into the next round (Tri*T*Area's Strong and
    Expert with two people)."""
    engine = ENGINES["tritarea"]
    rounds: list[int] = []

    def apply(state, seat, action):
        after = engine.apply(state, seat, action)
        rounds.append(after.round)
        return after

    spy = SimpleNamespace(
        name=engine.name,
        to_move=engine.to_move,
        legal_actions=engine.legal_actions,
        outcome=engine.outcome,
        apply=apply,
    )
    state = engine.new_game(2, 5, None)
    for ends in (False, True):
        rounds.clear()
        bot = MonteCarloBot(seed=1, playouts=1, depth=200, round_end=ends, max_seconds=None)
        bot._round = state.round
        bot._playout(spy, state, engine.to_move(state)[0], 0.5)
        if ends:  # judged on the first state of the next round: the round is scored
            assert rounds.count(1) > 20 and rounds.count(2) == 1 and rounds[-1] == 2
        else:  # on to the depth or the game's end
            assert rounds[-1] == 3


def test_a_margin_counts_how_far_a_finished_playout_was_won():
    """``margin``: a finished game is worth its result blended with the estimate of
    its final scores (Tri*T*Area's: the scores alone once the game is over)."""
    engine = ENGINES["tritarea"]
    state, bot = engine.new_game(2, 5, None), RandomBot(3)
    while engine.to_move(state):
        seat = engine.to_move(state)[0]
        state = engine.apply(state, seat, bot.choose(engine, state, seat))
    evaluate = registry.get("tritarea").evaluators["evaluate"]
    team_of = tritarea_seats.TEAM_OF
    for seat in (0, 2):
        done = result_value(engine, state, seat)
        blended = MonteCarloBot(seed=1, margin=0.5)._value(engine, state, seat, 0.5)
        assert blended == pytest.approx(0.5 * done + 0.5 * evaluate(state, seat))
        assert MonteCarloBot(seed=1)._value(engine, state, seat, 0.5) == done
    team = engine.outcome(state).scores  # each seat's team total: the board is scored
    rival = next(s for s in range(4) if team_of[s] != team_of[0])
    lead = team[0] - team[rival]
    assert evaluate(state, 0) == pytest.approx(0.5 + 0.5 * math.tanh(lead / 15.0))


# --- whole turns planned once, candidates on the same samples -------------------------


@dataclass(frozen=True)
class TurnsState:
    played: tuple = ()  # (seat, action) in order
    secret: int = 0


class TurnsEngine:
    """Seat 0 plays a turn of three actions among "a" to "e", seat 1 a turn of one, then
    seat 0 again; over after eight actions. The estimate likes the mover's "a"s; the
    secret is seat 1's and hidden. It counts the samples drawn and the estimates made."""

    name = "turns"
    min_players = max_players = 2

    def __init__(self):
        self.samples = self.estimates = 0

    def to_move(self, state):
        n = len(state.played)
        return () if n >= 8 else ((0,) if n % 4 < 3 else (1,))

    def legal_actions(self, state, seat):
        return list("abcde")

    def apply(self, state, seat, action):
        return replace(state, played=(*state.played, (seat, action)))

    def outcome(self, state):
        return None if len(state.played) < 8 else Outcome((0.0, 0.0), (0, 1), "over")

    def evaluate(self, state, seat):
        self.estimates += 1
        mine = sum(1 for s, a in state.played if s == seat and a == "a")
        return min(1.0, 0.1 + 0.1 * mine + 0.01 * state.secret)

    def determinize(self, state, seat, rng):
        self.samples += 1
        return replace(state, secret=rng.randrange(5))


def test_a_bot_plans_its_turn_once_per_candidate_and_pairs_its_samples():
    """``keep_plan``: the rest of the searching seat's own turn, found by the estimate in
    a candidate's first playout, is played again in its next ones (no scan); ``paired``:
    every candidate is tried on the same samples of the unknown, one per round."""
    choices, costs = {}, {}
    for keep_plan, paired in [(False, False), (True, True)]:
        engine = TurnsEngine()
        registry.register(
            GameSpec(
                engine=engine,
                evaluators={"evaluate": engine.evaluate},
                determinize=engine.determinize,
            )
        )
        bot = MonteCarloBot(
            seed=2, playouts=8, width=4, depth=10, plan_turn=True, turns=2, greedy=1.0,
            keep_plan=keep_plan, paired=paired,
        )  # fmt: skip
        try:
            choices[keep_plan] = bot.choose(engine, TurnsState(), 0)
        finally:
            registry.unregister(engine.name)
        costs[keep_plan] = (engine.samples, engine.estimates)
    assert choices == {False: "a", True: "a"}
    assert costs[False][0] == 1 + 8  # the screen's sample, then one a playout
    assert costs[True][0] == 1 + 2  # the screen's, then one a round over 4 candidates
    assert costs[True][1] < costs[False][1]
