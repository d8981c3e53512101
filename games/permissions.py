"""What a player may do now in a game, read without changing anything.

The read side (``games.presenters``, the pages) asks these as the services do before
they act (``services.move_undo``, ``services.draw_offer``), so the reads never import
the services (``tests/config/test_import_graph.py``).
"""

from __future__ import annotations

from games import registry
from games.models import Controller, Game, GameStatus, Seat


def draws_allowed(game: Game, seats: list[Seat] | None = None) -> bool:
    """Whether the game's rules allow draws by agreement (``GameSpec.draws``, Triad's
    do); a computer player never agrees to one, so none is offered to it."""
    if not registry.get(game.engine).draws:
        return False
    if seats is None:
        return not game.seats.filter(controller=Controller.BOT).exists()
    return not any(s.controller == Controller.BOT for s in seats)


def undoable(game: Game, seat_index: int) -> bool:
    """Whether ``seat_index`` may take back the last action now (see ``move_undo``)."""
    if game.status != GameStatus.ACTIVE or seat_index not in game.to_move:
        return False
    last = game.moves.order_by("-ply").values_list("seat", "by_computer", "reversible").first()
    if last is None:
        return False
    seat, by_computer, reversible = last
    return seat == seat_index and reversible and not by_computer
