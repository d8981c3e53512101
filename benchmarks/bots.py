"""Computer levels, measured: bot-vs-bot matches per game and table size.

    nice -n 10 .venv/bin/python benchmarks/bots.py [--games 40] [--tables triad:2,trias:2]
        [--levels beginner,casual] [--seed 1000] [--skip-random | --only-random]
        [--against below,random,greedy] [--markdown] [--jobs 2]

``--tables`` takes any game and player count (``trias:4``, ``trias:5`` too);
``--markdown`` ends with the measured rows as a markdown table for a closing note.

For every table (game and number of players) and level it plays two matches and
prints the level's win rate with a 95% Wilson interval:

- against the level below (Beginner's "below" is the random bot),
- against the random bot.

``--against`` names the opponents instead: ``below``, ``random`` and ``greedy``, the
one-ply greedy reference player (:class:`GreedyBot`: the action whose immediate
result is best for it by score and material, nothing else; it never sees a secret).
Beginner should beat it at 60% or more, Casual at 75% (the interval's low end).

One seat is the measured level, every other seat the opponent; game ``i`` of a match
uses seed ``seed + i`` and puts the measured level in seat ``i mod n``, so every seat
order is played equally often and a rerun plays the same games. A shared win counts
1/k, a two-player draw 1/2. In two-player games a level should win clearly more than
half (the interval's low end above 50%), the top level at least 95% against random;
at larger tables the measured level should win clearly more than its share (1/n).
Tri*T*Area counts its people (``tritarea:2`` = two people, and its rulebook seats);
the measured level and its opponents sit in the people's seats.

The bots' budgets are playout counts, not times, so the results do not depend on how
busy the machine is; the CPU seconds per decision (mean and largest) of the measured
level are printed beside each row. ``--jobs`` plays that many games at once, one
process each: the same games and results, sooner. ``--first N`` plays only games N
onwards of each match, so a match can be lengthened later: a run with ``--games 30``
and one with ``--first 30 --games 90`` play exactly the games of ``--games 90``
(each row prints the credit won over the games played, to add up).
``--search tree`` has the measured level search with the information-set tree search of
``tree_search.py`` (its own budget and settings) instead of its flat one. The Expert level
is the slow one: a full run of every table takes hours on one core, so pass
``--tables``/``--levels``/``--games``.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from dataclasses import dataclass, field
from multiprocessing import Pool
from pathlib import Path

if __package__ in (None, ""):  # run as a script: python benchmarks/bots.py
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.tree_search import TreeBot
from games import registry
from games.computer.levels import LEVELS
from games.computer.players import RandomBot, result_value
from games.engines import ENGINES

TABLES = ("triad:2", "trias:2", "trias:3", "tritarea:2", "tritarea:3")  # also trias:4, trias:5


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion (fractional successes allowed)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class Timed:
    """A bot whose decisions' CPU time is recorded."""

    bot: object
    times: list[float] = field(default_factory=list)

    def choose(self, engine, state, seat):
        started = time.process_time()
        action = self.bot.choose(engine, state, seat)
        self.times.append(time.process_time() - started)
        return action


class GreedyBot:
    """The one-ply greedy reference opponent: it takes the action whose immediate
    result is best for it by score and material, and knows nothing else.

    "Score and material" is the game's plainest estimate of the position as it
    stands: Triad's removed dice, Trias's ``evaluate_board`` (points, the final
    scoring if the game ended now, herds on land), Tri*T*Area's scores as if the round
    ended now; a game won outright beats everything. Ties are broken at random.

    It never looks at what its seat cannot see: every action is tried on one
    determinization (the secrets re-drawn from its own random numbers), never on the
    true state, so two positions its seat cannot tell apart get the same action.
    Kept here, apart from the levels, so that tuning a level never moves the yardstick.
    """

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, engine, state, seat: int) -> str:
        legal = engine.legal_actions(state, seat)
        if not legal:
            raise ValueError(f"seat {seat} has no legal action")
        spec = registry.get(engine.name)
        judge = spec.evaluators.get("evaluate_board") or spec.evaluators["evaluate"]
        seen = spec.determinize(state, seat, self.rng) if spec.determinize else state
        best, best_value = [], -1.0
        for action in legal:
            after = engine.apply(seen, seat, action)
            value = result_value(engine, after, seat)
            if value is None:
                value = judge(after, seat)
            elif value >= 1.0:
                value = 2.0  # a won game first
            if value > best_value:
                best, best_value = [action], value
            elif value == best_value:
                best.append(action)
        return self.rng.choice(best)


OPPONENTS = ("below", "random", "greedy")


def make(level: str, seed: int, engine: str, people: int):
    """The bot a match seats: ``random``, ``greedy``, a level, or a level with the tree
    search (``expert@tree``: its budget and settings, ``--search tree``)."""
    if level == "random":
        return RandomBot(seed)
    if level == "greedy":
        return GreedyBot(seed)
    level, _, search = level.partition("@")
    if search == "tree":
        return TreeBot(seed=seed, **LEVELS[level].arguments(engine, people))
    return LEVELS[level].bot(seed, engine, people)


@dataclass
class MatchResult:
    credit: float = 0.0
    games: int = 0
    times: list[float] = field(default_factory=list)

    @property
    def rate(self) -> float:
        return self.credit / self.games if self.games else 0.0


def player_seats(engine, people: int) -> list[int]:
    """The seats bots play: all but the rulebook's computer-run ones."""
    count = getattr(engine, "seat_count", lambda n, o: n)(people, {})
    npc = set(getattr(engine, "computer_seats", lambda n, o: ())(people, {}))
    return [s for s in range(count) if s not in npc]


def play_one(job: tuple[str, int, str, str, int, int]) -> tuple[float, list[float]]:
    """Game ``i`` of a match: the measured level's credit and its decisions' CPU times."""
    name, people, hero, villain, seed, i = job
    engine = ENGINES[name]
    seats = player_seats(engine, people)
    hero_seat = seats[i % len(seats)]
    timed = Timed(make(hero, seed * 7 + i, name, people))
    bots = {s: make(villain, seed * 11 + i * 5 + s, name, people) for s in seats}
    bots[hero_seat] = timed
    state = engine.new_game(people, seed + i, None)
    while movers := engine.to_move(state):
        seat = movers[0]
        state = engine.apply(state, seat, bots[seat].choose(engine, state, seat))
    outcome = engine.outcome(state)
    credit = 0.0
    if hero_seat in outcome.winners:  # a rulebook seat sharing a team's win is no rival
        credit = 1.0 / len([w for w in outcome.winners if w in seats])
    return credit, timed.times


def match(
    name: str,
    people: int,
    hero: str,
    villain: str,
    games: int,
    seed: int,
    jobs: int = 1,
    first: int = 0,
) -> MatchResult:
    """Games ``first`` to ``games - 1`` of a match, on ``jobs`` processes (each game
    is the same whichever runs it, and whichever run plays it)."""
    work = [(name, people, hero, villain, seed, i) for i in range(first, games)]
    if jobs > 1:
        with Pool(jobs) as pool:
            played = pool.map(play_one, work, chunksize=1)
    else:
        played = [play_one(job) for job in work]
    result = MatchResult()
    for credit, times in played:
        result.credit += credit
        result.games += 1
        result.times += times
    return result


def below(level: str) -> str:
    ids = list(LEVELS)
    index = ids.index(level)
    return ids[index - 1] if index > 0 else "random"


def verdict(result: MatchResult, share: float) -> str:
    lo, hi = wilson(result.credit, result.games)
    return "clearly ahead" if lo > share else ("behind" if hi < share else "not clear")


def row(label: str, result: MatchResult, share: float) -> str:
    lo, hi = wilson(result.credit, result.games)
    cpu = result.times or [0.0]
    return (
        f"  {label:<22} {result.rate:6.1%}  [{lo:6.1%}, {hi:6.1%}]  "
        f"{result.credit:g}/{result.games:<4}"
        f" {verdict(result, share):<13} CPU/decision {sum(cpu) / len(cpu):.3f} s"
        f" (max {max(cpu):.2f} s)"
    )


def markdown(rows: list[tuple[str, str, float, MatchResult]]) -> str:
    """The measured rows as a markdown table (for a closing note)."""
    lines = [
        "| match | table | win rate | 95% interval | share | games | verdict "
        "| CPU s/decision mean | max |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for label, table, share, result in rows:
        lo, hi = wilson(result.credit, result.games)
        cpu = result.times or [0.0]
        lines.append(
            f"| {label} | {table} | {result.rate:.1%} | [{lo:.1%}, {hi:.1%}] | {share:.0%} "
            f"| {result.games} | {verdict(result, share)} | {sum(cpu) / len(cpu):.3f} "
            f"| {max(cpu):.2f} |"
        )
    return "\n".join(lines)


def npc_cost(games: int = 40) -> None:
    """Tri*T*Area's rulebook computer seats play inside ``apply`` (inline, in the
    person's request): the median and largest CPU time of an ``apply`` by the number
    of people (1-3 people: 3-1 rulebook seats play within it; 4: none, the reference)."""
    engine = ENGINES["tritarea"]
    print("Tri*T*Area apply, rulebook computer seats played inline (CPU time):")
    for people in (1, 2, 3, 4):
        rng = RandomBot(people)
        times = []
        for i in range(games):
            state = engine.new_game(people, 500 + i, None)
            while movers := engine.to_move(state):
                action = rng.choose(engine, state, movers[0])
                started = time.process_time()
                state = engine.apply(state, movers[0], action)
                times.append(time.process_time() - started)
        times.sort()
        who = "1 person" if people == 1 else f"{people} people"
        print(
            f"  {who}: median {times[len(times) // 2] * 1e6:.0f} µs, p99 "
            f"{times[int(len(times) * 0.99)] * 1e6:.0f} µs, max {times[-1] * 1e6:.0f} µs "
            f"({len(times)} actions)"
        )


def opponents(args, level: str) -> list[str]:
    """Whom ``level`` plays (``--against``, or the level below and random)."""
    lower = below(level)
    if args.against:
        wanted = args.against.split(",")
        unknown = set(wanted) - set(OPPONENTS)
        if unknown:
            raise SystemExit(f"--against: unknown opponent {', '.join(sorted(unknown))}")
        return list(dict.fromkeys(lower if w == "below" else w for w in wanted))
    if args.only_random:
        return ["random"]
    if args.skip_random or lower == "random":
        return [lower]
    return [lower, "random"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40, help="games per match")
    parser.add_argument("--tables", default=",".join(TABLES), help="e.g. triad:2,trias:3")
    parser.add_argument("--levels", default=",".join(LEVELS), help="e.g. beginner,expert")
    parser.add_argument("--seed", type=int, default=1000, help="seed of the first game")
    parser.add_argument("--skip-random", action="store_true", help="only vs the level below")
    parser.add_argument("--only-random", action="store_true", help="only vs the random bot")
    parser.add_argument(
        "--against",
        default="",
        help="opponents, e.g. greedy or below,greedy (below, random, greedy; default below,random)",
    )
    parser.add_argument("--markdown", action="store_true", help="end with a markdown table")
    parser.add_argument("--jobs", type=int, default=1, help="games played at once (processes)")
    parser.add_argument(
        "--first",
        type=int,
        default=0,
        help="play only games FIRST.. of each match (the rest of an earlier, shorter run)",
    )
    parser.add_argument("--npc", action="store_true", help="only Tri*T*Area's inline NPC cost")
    parser.add_argument(
        "--search",
        choices=("flat", "tree"),
        default="flat",
        help="the measured level's search: its own (flat) or the tree (tree_search.py)",
    )
    args = parser.parse_args(argv)
    if args.npc:
        npc_cost()
        return 0
    measured = []
    for table in args.tables.split(","):
        name, people = table.split(":")
        people = int(people)
        n = len(player_seats(ENGINES[name], people))
        share = 0.5 if n == 2 else 1.0 / n
        print(
            f"{ENGINES[name].title}, {people} players: win rate, 95% interval, fair share "
            f"{share:.0%}",
            flush=True,
        )
        for level in args.levels.split(","):
            for villain in opponents(args, level):
                hero = level if args.search == "flat" else f"{level}@{args.search}"
                result = match(
                    name, people, hero, villain, args.games, args.seed, args.jobs, args.first
                )
                searched = "" if args.search == "flat" else f" ({args.search})"
                label = f"{LEVELS[level].title}{searched} vs {villain}"
                print(row(label, result, share), flush=True)
                measured.append((label, table, share, result))
    if args.markdown:
        print(markdown(measured))
    return 0


if __name__ == "__main__":
    sys.exit(main())
