"""Conditional moves (games whose spec declares ``conditional_moves``: perfect
information after setup, as Triad): a player marks replies in advance on the analysis
board, "if they play X, I play Y, then if Z, I play W", and when the opponent plays X,
Y is played for them at once.

Where it runs, and why there: in the ``move_played`` receiver, inside the transaction
of the opponent's move, whose flow holds the game's row lock. The reply is then
applied right after X under that same lock and version sequence (``move_play_for``),
so it is played exactly once or rolls back together with X; no second task, lock or
version check is needed, and nobody can move in between. Its cost on every move of a
game that allows it is one indexed read of the game's trees (none in other games).

Any move other than a marked one clears the tree, as does the player's own move (the
tree answered a position that is gone). The reply must still be legal (it is parsed
as any move); the opponent never sees the tree (only its author's pages show it) and
the reply reads in the move list as any move. Its player is told at once, by email
and push (``planning.notices``), and again in their next turn email ("your
conditional move").

Bounds: at most ``MAX_DEPTH`` replies deep and ``MAX_BREADTH`` answers to one
position, ``MAX_NODES`` in all.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from games import services
from games.models import Game, GameStatus, Move, Seat

from . import notices
from .models import ConditionalMoves

MAX_DEPTH = 6
MAX_BREADTH = 8
MAX_NODES = 40


def count_nodes(tree: dict) -> int:
    return sum(1 + count_nodes(node.get("next") or {}) for node in tree.values())


def pairs_of(actions: list[tuple[int, str]], seat: int) -> list[tuple[str, str]]:
    """A line as (their move, my reply) pairs; ``ValidationError`` unless it starts with
    the opponent's move and alternates one action each (a last move of theirs with no
    reply is dropped)."""
    pairs = []
    for k in range(0, len(actions) - 1, 2):
        (s1, theirs), (s2, mine) = actions[k], actions[k + 1]
        if s1 == seat or s2 != seat:
            raise ValidationError(
                _(
                    "Conditional moves answer one move of your opponent with one of yours: "
                    "this line does not alternate so, from their move on."
                )
            )
        pairs.append((theirs, mine))
    if not pairs:
        raise ValidationError(_("Play their move and your reply first."))
    return pairs


def tree_save(*, game: Game, seat: Seat, version: int, actions: list) -> ConditionalMoves:
    """Add a line to the player's tree (a reply given again for a move replaces the
    earlier one and what followed it). ``version``: the game's version the line starts
    from; it must be the game's now, with the opponent to move."""
    if not game.spec.conditional_moves:
        raise ValidationError(_("This game does not allow conditional moves."))
    if game.status != GameStatus.ACTIVE or not seat.is_active_human:
        raise ValidationError(_("Conditional moves can be set only while you play the game."))
    if version != game.version or seat.index in game.to_move:
        raise ValidationError(
            _(
                "Conditional moves start from the game's position now, with your opponent "
                "to move: open a new analysis from the game."
            )
        )
    pairs = pairs_of(actions, seat.index)
    if len(pairs) > MAX_DEPTH:
        raise ValidationError(
            _("Conditional moves go at most %(n)s replies deep.") % {"n": MAX_DEPTH}
        )
    found = ConditionalMoves.objects.filter(game=game, seat=seat.index).first()
    if found is None or found.version != version:
        found = found or ConditionalMoves(user=seat.user, game=game, seat=seat.index)
        found.tree, found.version = {}, version
    node = found.tree
    for theirs, mine in pairs:
        entry = node.get(theirs)
        if entry is None or entry["reply"] != mine:
            if entry is None and len(node) >= MAX_BREADTH:
                raise ValidationError(
                    _("At most %(n)s of their moves can be answered in one position.")
                    % {"n": MAX_BREADTH}
                )
            entry = node[theirs] = {"reply": mine, "next": {}}
        node = entry["next"]
    if count_nodes(found.tree) > MAX_NODES:
        raise ValidationError(
            _("At most %(n)s conditional moves can be set in one game.") % {"n": MAX_NODES}
        )
    found.user = seat.user
    found.save()
    return found


def tree_clear(*, game: Game, user) -> None:
    ConditionalMoves.objects.filter(game=game, user=user).delete()


def tree_for(game: Game, user) -> ConditionalMoves | None:
    """The player's own tree in the game (for their pages only)."""
    if not getattr(user, "is_authenticated", False):
        return None
    return ConditionalMoves.objects.filter(game=game, user=user).first()


def answer(*, game: Game, move: Move, state, seats: list[Seat]) -> bool:
    """After ``move`` (the game locked by its flow): play a conditional reply it
    triggers, clear the trees it makes stale. True if a reply was played."""
    if not game.spec.conditional_moves:
        return False
    trees = list(ConditionalMoves.objects.filter(game=game))
    played = False
    for tree in trees:
        if move.seat == tree.seat:
            if move.played_automatically != "conditional":
                tree.delete()  # they moved themselves: the tree answered a gone position
            continue
        node = tree.tree.get(move.action)
        seat = next((s for s in seats if s.index == tree.seat), None)
        if (
            node is None
            or played
            or tree.version != move.ply - 1
            or game.status != GameStatus.ACTIVE
            or seat is None
            or not seat.is_active_human
            or seat.user_id != tree.user_id
            or seat.index not in game.to_move
            or node["reply"] not in game.engine_module.legal_actions(state, seat.index)
        ):
            tree.delete()  # any other reply clears it
            continue
        if node.get("next"):
            tree.tree, tree.version = node["next"], move.ply + 1
            tree.save(update_fields=["tree", "version"])
        else:
            tree.delete()
        services.move_play_for(
            game=game,
            state=state,
            seat=seat.index,
            action=node["reply"],
            how="conditional",
            seats=seats,
        )
        notices.conditional_played(game=game, seat=seat, their_move=move, reply_ply=move.ply + 1)
        played = True
    return played
