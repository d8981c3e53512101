"""The analysis board's pages: thin views over ``planning.analysis``.

One endpoint draws it: GET starts a line from the game's position (``?ply=`` one of
its earlier positions, ``?note=`` a kept line); POST carries the signed line
(``line``) and what to do: ``action`` (play it for the seat to move), ``select`` (pick
a piece, as on the game page), ``at`` (step back or forward), ``redeal``, ``draw`` (the
card the next draw brings), ``hand`` (``seat:card``, a card put in a seat's hidden
hand), ``reset``.
An htmx request gets the board part only."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.cache import add_never_cache_headers
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games import boards, selectors
from games.engines import IllegalAction
from games.i18n import error_message
from games.models import Game
from games.presenters import GamePage, scores_from_view

from . import analysis, chance, conditional, services
from .analysis import BadLine, Line
from .models import AnalysisNote


def _viewable(request, game_id: int) -> tuple[Game, list]:
    """The game and its seats, if the viewer may look at it (as its page: public, or
    theirs), and it has started."""
    game = get_object_or_404(Game, pk=game_id)
    seats = selectors.seats_of(game)
    if not game.is_public and not any(
        request.user.is_authenticated and s.user_id == request.user.pk for s in seats
    ):
        raise Http404(_("No such game."))
    if game.state is None:
        raise PermissionDenied(_("This game has not started yet: there is nothing to analyse."))
    return game, seats


def analyse(request, game_id: int):
    game, seats = _viewable(request, game_id)
    viewer = analysis.viewer_index(game, seats, request.user)
    error, notice, selected, hand_open = "", "", None, None
    if request.method == "POST":
        try:
            line = analysis.unsign(
                game, request.user, request.POST.get("line", ""), request.POST.get("at")
            )
        except BadLine:
            return HttpResponseBadRequest(
                _("This analysis position was not made here for you: start a new analysis.")
            )
        if "reset" in request.POST:
            line = Line(start=line.start, version=line.version)
        elif "conditional" in request.POST or "conditional_clear" in request.POST:
            error, notice = _conditional(request, game, seats, line)
        elif "redeal" in request.POST:
            line = analysis.redeal(game, line, viewer)
        elif request.POST.get("draw"):
            try:
                line = analysis.choose_draw(game, line, viewer, request.POST["draw"])
            except ValueError:
                error = _("That card cannot come next from what you know.")
        elif request.POST.get("hand"):
            error, notice, hand_open, line = _choose_hand(request, game, seats, viewer, line)
        elif request.POST.get("action"):
            try:
                line = analysis.play(game, line, request.POST["action"])
            except IllegalAction as exc:
                error = error_message(exc)
        elif request.POST.get("select"):
            selected = request.POST["select"]
    elif request.GET.get("note"):
        note = get_object_or_404(
            AnalysisNote, pk=_int(request.GET["note"]), user_id=request.user.pk or 0, game=game
        )
        actions = [(int(s), str(a)) for s, a in note.actions]
        line = Line(start=note.start, actions=actions, at=len(actions))
    else:
        ply = _int(request.GET.get("ply")) if request.GET.get("ply") else None
        line = analysis.new_line(game, viewer, ply)
    return _render(
        request,
        game,
        seats,
        viewer,
        line,
        selected=selected,
        error=error,
        notice=notice,
        hand_open=hand_open,
    )


def _choose_hand(request, game, seats, viewer, line: Line):
    """Put the posted card (``seat:card``) in that seat's hidden hand: (the refusal, the
    confirmation, the seat whose choice stays open, the line to show)."""
    text, _colon, card = request.POST["hand"].partition(":")
    try:
        seat = int(text)
        chosen = analysis.choose_hand(game, line, viewer, seat, card)
    except ValueError:
        refused = _("That card cannot be theirs from what you know.")
        return refused, "", _int_or_none(text), line
    start = game.engine_module.from_json(chosen.start)
    names = dict(dict(chance.hand_choices(game.engine, start, viewer, len(seats))).get(seat, []))
    labels = {s.index: s.colour_shown for s in seats}
    if seat in _computer_seats(game):
        said = _("In this analysis %(seat)s plays %(card)s next.")
    else:
        said = _("In this analysis %(seat)s now holds %(card)s.")
    notice = said % {"seat": labels.get(seat, ""), "card": names.get(card, card)}
    return "", notice, None, chosen


def _int_or_none(text):
    try:
        return int(text)
    except (TypeError, ValueError):
        return None


def _conditional(request, game, seats, line: Line) -> tuple[str, str]:
    """Save the line's replies to the player's conditional moves (or clear them):
    (the refusal, the confirmation) to show."""
    me = _my_seat(request, seats)
    if me is None:
        return _("Conditional moves are for the game's players."), ""
    if "conditional_clear" in request.POST:
        conditional.tree_clear(game=game, user=request.user)
        return "", _("Your conditional moves are cleared.")
    try:
        conditional.tree_save(
            game=game, seat=me, version=line.version, actions=line.actions[: line.at]
        )
    except ValidationError as exc:
        return exc.messages[0], ""
    return "", _("Your conditional moves are saved: they are played for you when the moves come.")


def _my_seat(request, seats):
    if not request.user.is_authenticated:
        return None
    return next((s for s in seats if s.user_id == request.user.pk), None)


@require_POST
def note_save(request, game_id: int):
    if not request.user.is_authenticated:
        raise PermissionDenied
    game, _seats = _viewable(request, game_id)
    try:
        line = analysis.unsign(game, request.user, request.POST.get("line", ""))
        services.note_save(
            user=request.user,
            game=game,
            title=request.POST.get("title", ""),
            start=line.start,
            actions=line.actions,
        )
    except BadLine:
        return HttpResponseBadRequest(_("This analysis position was not made here for you."))
    except ValidationError as exc:
        return HttpResponseBadRequest(exc.messages[0])
    return redirect("planning_analyse", game_id=game.pk)


@require_POST
def note_delete(request, game_id: int, note_id: int):
    if request.user.is_authenticated:
        services.note_delete(user=request.user, note_id=note_id)
    return redirect("planning_analyse", game_id=game_id)


def _tree_rows(tree: dict, depth: int = 0) -> list[tuple[int, str, str]]:
    """The tree as (indent, their move, my reply) rows, depth first."""
    rows = []
    for theirs, node in tree.items():
        indent = "\u2003" * (depth - 1) + "\u21b3 " if depth else ""
        rows.append((indent, theirs, node["reply"]))
        rows += _tree_rows(node.get("next") or {}, depth + 1)
    return rows


def _computer_seats(game) -> set[int]:
    """The seats the rules' own logic plays (Tri*T*Area's): what is chosen for one is
    the next card it plays."""
    return set(game.spec.rules_computer_seats(game.num_players, game.options))


def _hand_choices(game, state, viewer, labels: dict, mover: int) -> list[dict]:
    """The seats whose hidden card the viewer may choose here, the seat to move first,
    each with its possible cards as the game page draws them (picture and name)."""
    computer = _computer_seats(game)
    found = chance.hand_choices(game.engine, state, viewer, len(labels))
    found.sort(key=lambda choice: choice[0] != mover)
    return [
        {
            "seat": seat,
            "label": labels.get(seat, ""),
            "computer": seat in computer,
            "cards": [
                {"card": card, "name": name, "picture": boards.card_picture(game.engine, card)}
                for card, name in cards
            ],
        }
        for seat, cards in found
    ]


def _int(text) -> int:
    try:
        return int(text)
    except (TypeError, ValueError):
        raise Http404 from None


def _render(
    request, game, seats, viewer, line: Line, *, selected=None, error="", notice="", hand_open=None
):
    engine = game.engine_module
    full = analysis.states(game, Line(line.start, line.actions, len(line.actions)))
    state = full[line.at]
    due = engine.to_move(state)
    mover = due[0] if due else viewer
    view = engine.view(state, mover)
    actions = engine.legal_actions(state, mover) if due else []
    # The board turned as the viewer sees it in the game, where every seat's view is the
    # same; where views differ, the mover's (its hand, a sample) guides its actions.
    side = viewer if viewer is not None and not game.spec.hidden_information else mover
    if selected and selected not in boards.selectable(
        game.engine, view, seat=side, actions=actions
    ):
        selected = None
    me = next(
        (s for s in seats if request.user.is_authenticated and s.user_id == request.user.pk), None
    )
    page = GamePage(
        game=game,
        seats=seats,
        viewer_seat=me,
        view=view,
        # (who looks: the mover's hand is then a guess, and they are not "you")
        board_svg=boards.render_svg(
            game.engine, view, seat=side, actions=actions, selected=selected, viewer=viewer
        ),
        actions=actions,
        selected=selected,
        scores=scores_from_view(view, len(seats)),
        guide=boards.guide(
            game.engine, view, seat=side, actions=actions, selected=selected, viewer=viewer
        ),
        error=error,
    )
    labels = {s.index: s.colour_shown for s in seats}
    moves = [
        {
            "n": n,
            "action": action,
            "description": engine.describe(full[n - 1], seat, action),
            "current": n == line.at,
        }
        for n, (seat, action) in enumerate(line.actions, 1)
    ]
    outcome = engine.outcome(state)
    tree = conditional.tree_for(game, request.user)
    context = {
        "conditional_allowed": game.spec.conditional_moves
        and me is not None
        and me.is_active_human
        and game.status == "active"
        and line.version == game.version,
        "conditional_tree": _tree_rows(tree.tree) if tree else [],
        "game": game,
        "page": page,
        "line": analysis.sign(game, request.user, line),
        "at": line.at,
        "notice": notice,
        "length": len(line.actions),
        "moves": moves,
        "mover": labels.get(mover, "") if due else "",
        "outcome": outcome.reason if outcome else "",
        # (what the viewer could count themselves: the kinds of card still unseen)
        "draws": chance.next_draw_choices(game.engine, state, viewer) if due else [],
        "hands": _hand_choices(game, state, viewer, labels, mover) if due else [],
        "hand_open": hand_open,
        "guesses": game.spec.determinize is not None and game.status != "finished",
        "notes": (
            AnalysisNote.objects.filter(user=request.user, game=game)
            if request.user.is_authenticated
            else []
        ),
    }
    template = "planning/analysis.html#analysis" if request.htmx else "planning/analysis.html"
    response = render(request, template, context)
    add_never_cache_headers(response)
    return response
