"""Positions from long games, for the tests that look at whole boards (issue 34).

Each game is played forward by seeded random bots (``games.computer.players.RandomBot``:
they drift tiles anywhere, so Trias's land spreads further than careful play spreads
it) in the engine alone; then the game is created on the site and the same actions are
played through the services up to the chosen ply, so the page shows a real stored game.
For Trias the chosen ply is the widest board of the game (its drawn extent) that a
person is to act in; for the others a ply late in the game.
"""

from __future__ import annotations

from dataclasses import dataclass

from accounts.models import User
from games import services
from games.computer.players import RandomBot
from games.engines import ENGINES
from games.models import Game
from games.replay import load_state
from titles.trias import board as trias_board

# (engine, people, game seed, bots' seed, stage): "late" is for Trias the widest board
# of the game, for the others a ply in its last quarter; "drift" (Trias) the widest
# board in a drift step where a tile that may drift carries herds.
LONG_GAMES = [
    ("trias", 2, 11, 3, "late"),
    ("trias", 3, 12, 3, "late"),
    ("trias", 4, 13, 3, "late"),
    ("trias", 5, 14, 3, "late"),
    ("trias", 2, 11, 3, "drift"),
    ("trias", 5, 14, 3, "drift"),
    ("triad", 2, 15, 3, "late"),
    ("tritarea", 1, 16, 3, "late"),
    ("tritarea", 2, 17, 3, "late"),
    ("tritarea", 4, 18, 3, "late"),
]


@dataclass
class Position:
    label: str  # e.g. "trias5-late" (for Trias its widest board)
    game: Game
    viewer: User  # the person to act (or the first player when none is)
    width_units: float  # Trias: the board's drawn width (SVG units), else 0


def _simulate(engine, people: int, seed: int, bot_seed: int) -> list[tuple[int, str, object]]:
    """The whole game's plies as ``(seat, action, state before)``."""
    state = engine.new_game(people, seed, {})
    players = {}
    plies = []
    while engine.to_move(state):
        seat = engine.to_move(state)[0]
        bot = players.setdefault(seat, RandomBot(bot_seed * 100 + seat))
        action = bot.choose(engine, state, seat)
        plies.append((seat, action, state))
        state = engine.apply(state, seat, action)
        if len(plies) > 5000:
            raise RuntimeError("game did not end")
    return plies


def _herds_drift(engine, state, seat) -> bool:
    """A drift step where a tile that may drift carries herds."""
    if state.phase != "drift":
        return False
    loaded = {tuple(t["pos"]) for t in engine.view(state, seat)["tiles"] if sum(t["herds"])}
    for action in engine.legal_actions(state, seat):
        q, r = action[2:].partition(">")[0].split(",")
        if (int(q), int(r)) in loaded:
            return True
    return False


def _pick(engine_name: str, engine, plies, human: set[int], stage: str) -> int:
    """How many plies to play before the position shown."""
    acting = [i for i, (seat, _, _) in enumerate(plies) if seat in human]
    if stage == "drift":
        acting = [i for i in acting if _herds_drift(engine, plies[i][2], plies[i][0])]
    if engine_name == "trias":

        def width(i: int) -> float:
            seat, _, state = plies[i]
            return trias_board._extent(engine.view(state, seat))[2]

        return max(acting, key=lambda i: (width(i), i))
    # Late: the last quarter of the game, a ply a person acts in.
    late = [i for i in acting if i >= len(plies) * 3 // 4]
    return (late or acting)[0]


def build(engine_name: str, people: int, seed: int, bot_seed: int, stage: str) -> Position:
    engine = ENGINES[engine_name]
    users = [
        User.objects.get_or_create(username=f"long{i}", defaults={"email": f"long{i}@example.com"})[
            0
        ]
        for i in range(people)
    ]
    game = services.game_create(
        creator=users[0],
        engine=engine_name,
        num_players=people,
        options={},
        days_per_move=3,
        invitees=users[1:],
        is_public=False,
    )
    if people > 1:
        Game.objects.filter(pk=game.pk).update(seed=seed)
        for user in users[1:]:
            services.invitation_accept(game_id=game.pk, user=user)
    game.refresh_from_db()
    seats = {s.index: s.user for s in game.seats.select_related("user") if s.user_id}
    plies = _simulate(engine, people, game.seed, bot_seed)
    stop = _pick(engine_name, engine, plies, set(seats), stage)
    # A step that is a person's only legal action is played for them (planning's forced
    # steps) as the simulation played it: the game's version says which ply is next.
    start = game.version
    while game.version - start < stop:
        seat, action, _ = plies[game.version - start]
        services.move_play(
            game_id=game.pk, user=seats[seat], action=action, expected_version=game.version
        )
        game.refresh_from_db()
    due = [seats[i] for i in game.to_move if i in seats]
    viewer = due[0] if due else users[0]
    width = 0.0
    if engine_name == "trias":
        seat = next(i for i, u in seats.items() if u == viewer)
        width = trias_board._extent(engine.view(load_state(game), seat))[2]
    return Position(label(engine_name, people, seed, bot_seed, stage), game, viewer, width)


def label(engine_name: str, people: int, seed: int, bot_seed: int, stage: str) -> str:
    return f"{engine_name}{people}-{stage}"
