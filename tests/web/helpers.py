"""Starting and playing games through the services, as the site does."""

from __future__ import annotations

from games import services
from games.computer.players import RandomBot
from games.models import Game
from games.replay import load_state


def open_game(
    creator,
    engine: str,
    num_players: int,
    *,
    invitees: list = (),
    is_public: bool = True,
    options: dict | None = None,
    days_per_move: int = 3,
) -> Game:
    """A new game as the New game page creates it (not started until seats fill)."""
    return services.game_create(
        creator=creator,
        engine=engine,
        num_players=num_players,
        options=options or {},
        days_per_move=days_per_move,
        invitees=list(invitees),
        is_public=is_public,
    )


def start_game(engine: str, users: list, num_players: int | None = None, **kwargs) -> Game:
    """A started game: ``users[0]`` creates it, the others accept their invitations."""
    creator, *others = users
    game = open_game(creator, engine, num_players or len(users), invitees=others, **kwargs)
    for user in others:
        services.invitation_accept(game_id=game.pk, user=user)
    game.refresh_from_db()
    return game


def seat_user(game: Game, index: int):
    return game.seats.get(index=index).user


def play_random(game: Game, *, max_moves: int = 10_000, seed: int = 1, stop=None) -> Game:
    """Play seeded random legal moves through ``move_play`` until the game ends
    (or ``stop(game)`` says so)."""
    bot = RandomBot(seed=seed)
    for _ in range(max_moves):
        game.refresh_from_db()
        if game.status != "active" or (stop and stop(game)):
            break
        state = load_state(game)
        seat = game.to_move[0]
        action = bot.choose(game.engine_module, state, seat)
        services.move_play(
            game_id=game.pk,
            user=seat_user(game, seat),
            action=action,
            expected_version=game.version,
        )
    game.refresh_from_db()
    return game


def play_until_quiet_actions(game: Game, *, at_least: int = 1) -> tuple[int, list[str]]:
    """Play on until the mover has ``at_least`` actions that reveal nothing and keep
    their turn (so each could be taken back); the seat and those actions."""
    engine = game.engine_module
    for _ in range(400):
        game.refresh_from_db()
        state = load_state(game)
        seat = game.to_move[0]
        quiet = [
            action
            for action in engine.legal_actions(state, seat)
            if not engine.reveals_information(state, seat, action)
            and engine.to_move(engine.apply(state, seat, action)) == (seat,)
        ]
        if len(quiet) >= at_least:
            return seat, quiet
        play_random(game, stop=lambda g, v=game.version: g.version > v)
    raise AssertionError("no quiet action found")
