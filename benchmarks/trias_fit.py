"""How small a Trias board's hexes get on a phone (issue 34).

    .venv/bin/python benchmarks/trias_fit.py [--games 30]

Plays games of each player count with seeded random bots (they drift tiles anywhere,
so the land spreads further than careful play spreads it) and, for every position
with the player to move's actions, fits the board the page draws
(``titles.trias.board``) into a 390 x 844 phone as the page does (the screen's width,
at most its height less 1.5rem). It prints the widest board of a game (SVG units),
the smallest hex of a game in CSS px, and how many positions have hexes under 24 px
(a tap target under WCAG 2.2's 24 px). Text is never under 12 px: it grows with the
board. Pure Python: no database, no Django.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.computer.players import RandomBot
from titles.trias import board
from titles.trias import engine as trias

PHONE = (390, 844 - 24)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30)
    games = parser.parse_args().games
    for n in (2, 3, 4, 5):
        widest, smallest, small, total = [], [], 0, 0
        for seed in range(games):
            state = trias.new_game(n, 1000 + seed)
            players = [RandomBot(seed * 10 + i) for i in range(n)]
            most, least = 0.0, 1e9
            while trias.to_move(state):
                seat = trias.to_move(state)[0]
                _, (_, _, width, height) = board._layout(trias.view(state, seat), True)
                hex_px = 2 * board.HALF_W * min(PHONE[0] / width, PHONE[1] / height)
                total += 1
                small += hex_px < 24
                most, least = max(most, width), min(least, hex_px)
                state = trias.apply(state, seat, players[seat].choose(trias, state, seat))
            widest.append(most)
            smallest.append(least)
        print(
            f"{n} players: widest board {min(widest):.0f}-{max(widest):.0f} units "
            f"(median {statistics.median(widest):.0f}); smallest hex of a game "
            f"{min(smallest):.1f}-{max(smallest):.1f} px (median "
            f"{statistics.median(smallest):.1f}); positions with hexes under 24 px: "
            f"{small} of {total} ({100 * small / total:.1f}%), in "
            f"{sum(s < 24 for s in smallest)} of {games} games"
        )


if __name__ == "__main__":
    main()
