"""Thin views: parse the request, call one service, render a page or a partial."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.db.models import F, Prefetch, Q
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.cache import add_never_cache_headers
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import reswap

from accounts.adapter import INVITATION_SESSION_KEY
from accounts.models import User
from config.refusals import in_place
from config.throttle import throttle
from games import clocks, invitations, page_cache, results, selectors, services
from games import lobby as lobby_rules
from games.awaiting import know_awaiting
from games.boards.changes import mark_board
from games.changes import ply_marks
from games.engines import IllegalAction
from games.forms import ActionForm, NewGameForm
from games.i18n import error_message
from games.models import Controller, Game, GameStatus, Move, Seat
from games.page_cache import GAME_PAGE
from games.presenters import (
    action_shown,
    build_game_page,
    listed_seats,
    tab_title,
    viewer_seat,
)
from games.registry import names as game_names
from games.replay import game_states

LIST_SHOWN = 20  # games per section of My games, most urgent first; the rest a click away
# How long My games is kept: its key holds the player's own seats and games, not the
# others' names and seats, which a kept page shows for at most this long.
MY_GAMES_TTL = 300


def _require_visible(is_public: bool, seated) -> None:
    """Public games are open to anyone; a private one only to its players.
    ``seated``: whether the viewer plays in it (a callable, asked only if private)."""
    if not is_public and not seated():
        raise Http404(_("No such game."))


def _plays_in(request, game_id: int) -> bool:
    user = request.user
    return user.is_authenticated and Seat.objects.filter(game_id=game_id, user=user).exists()


def _visible_game(request, game_id: int) -> Game:
    """The game if the viewer may look at it."""
    game = get_object_or_404(Game, pk=game_id)
    _require_visible(game.is_public, lambda: _plays_in(request, game_id))
    return game


# --- home, my games, lobby, history --------------------------------------------------


def home(request):
    if request.user.is_authenticated:
        return my_games(request)
    return render(request, "home.html")


# What a list shows of a game's players: their names and who is due.
_PLAYERS = Seat.objects.select_related("user").only(
    "game_id",
    "index",
    "controller",
    "color",
    "is_due",
    "invited_as",  # (Seat.name)
    "accepted",
    "user__username",
    "user__display_name",
    "user__is_bot",  # (User.name)
)


def _seats_with_games(queryset):
    """Seats with their games (not their snapshots: lists draw no boards) and players."""
    return (
        queryset.select_related("game")
        .defer("game__state")
        .prefetch_related(Prefetch("game__seats", queryset=_PLAYERS.order_by("index")))
    )


@login_required
def my_games(request):
    """The most urgent games awaiting me, then those waiting for others, invitations,
    open games I am in (at most ``LIST_SHOWN`` of each, the rest on ``active_games``),
    recent results.

    One light query gives each section's first rows and how many it holds (plain
    values: enough to count, pick what is shown and key the cached page); full rows
    are loaded only for the games shown, and only when the page is not cached
    (``games.selectors``). So the page costs the same for a player with 600 games as
    for one with 10. What the key does not hold (another player joining an open game,
    a renamed player) shows within ``MY_GAMES_TTL``."""
    sections = selectors.my_games_sections(request.user.pk, LIST_SHOWN)
    due, waiting, invited, opening = sections.rows
    totals = sections.totals

    def context():
        # Recent results change only when a listed game ends (which changes the shown
        # rows or the totals, and so the key) or, rarely, by adjudication (shown within
        # ``MY_GAMES_TTL``).
        recent = selectors.recent_seat_ids(request.user.pk, 10)
        shown = [*due, *waiting, *invited, *opening]
        by_pk = listed_seats(request.user, [r.pk for r in shown] + recent)

        def full(rows):
            return [by_pk[r.pk] for r in rows if r.pk in by_pk]

        return {
            "my_turn": full(due),
            "my_turn_total": totals[selectors.DUE],
            "waiting": full(waiting),
            "waiting_total": totals[selectors.WAITING],
            "invitations": full(invited),
            "invitations_total": totals[selectors.INVITED],
            "open_games": full(opening),
            "open_games_total": totals[selectors.OPENING],
            "finished": [by_pk[pk] for pk in recent],
        }

    know_awaiting(request, totals[selectors.DUE])  # the header's count: just counted here
    html = page_cache.page(
        request, "my_games", sections.key(), "games/my_games.html", context, ttl=MY_GAMES_TTL
    )
    return HttpResponse(html)


# ``active_games``' lists: what each shows (``?show=``), and its page title.
_LISTS = {
    "": (Q(game__status=GameStatus.ACTIVE), gettext_lazy("My games in play")),
    "due": (
        Q(game__status=GameStatus.ACTIVE, is_due=True),
        gettext_lazy("Games awaiting your move"),
    ),
    "waiting": (
        Q(game__status=GameStatus.ACTIVE, is_due=False),
        gettext_lazy("Games waiting for others"),
    ),
    "invitations": (Q(game__status=GameStatus.OPEN, accepted=False), gettext_lazy("Invitations")),
    "open": (Q(game__status=GameStatus.OPEN, accepted=True), gettext_lazy("Open games you are in")),
}


@login_required
def active_games(request):
    """Every game of mine in play (or of one of My games' sections: ``?show=due``,
    ``waiting``, ``invitations``, ``open``), a page at a time, most urgent first."""
    show = request.GET.get("show", "")
    if show not in _LISTS:
        show = ""
    which, title = _LISTS[show]
    seats = (
        Seat.objects.filter(which, user=request.user)
        .order_by(
            "-is_due",
            F("deadline").asc(nulls_last=True),
            F("game__deadline").asc(nulls_last=True),
            "-game__started_at",
            "-game__created_at",
            "pk",
        )
        .values_list("pk", flat=True)
    )
    page = Paginator(seats, 50).get_page(request.GET.get("page"))
    listed = listed_seats(request.user, list(page.object_list))
    page.object_list = [listed[pk] for pk in page.object_list if pk in listed]
    context = {"page_obj": page, "title": title, "show": show}
    return render(request, "games/active.html", context)


@login_required
def lobby(request, refusal: str = ""):
    """Open public games the viewer can join: a free seat, and neither theirs (created
    by them) nor one they are seated or invited in (My games lists those).
    ``refusal``: why a Join from this page was refused (shown on it, status 429)."""
    games = (
        Game.objects.filter(
            status=GameStatus.OPEN,
            is_public=True,
            seats__user__isnull=True,
            seats__controller=Controller.HUMAN,
            seats__invited_as="",  # (a seat kept for an invited address is not free)
        )
        .exclude(seats__user=request.user)
        .exclude(created_by=request.user)
        .distinct()
        .prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("user")))
        .order_by("-created_at")[:100]
    )
    for game in games:
        game.expires_at = lobby_rules.expires_at(game)
    context = {
        "games": games,
        "open_days": settings.LOBBY_OPEN_DAYS,
        "refusal": refusal,
    }
    return render(request, "games/lobby.html", context, status=429 if refusal else 200)


def history(request, username: str):
    player = get_object_or_404(User, username=username)
    ended = Q(game__status=GameStatus.FINISHED) | Q(
        game__status=GameStatus.ABORTED, game__started_at__isnull=False
    )
    seats = _seats_with_games(Seat.objects.filter(ended, user=player)).order_by(
        "-game__finished_at"
    )
    if not (request.user.is_authenticated and request.user == player):
        # Private games only for those who played in them (as ``ratings.services.history``).
        shown = Q(game__is_public=True)
        if request.user.is_authenticated:
            shown |= Q(game__seats__user=request.user)
        seats = seats.filter(shown).distinct()
    return render(request, "games/history.html", {"player": player, "seats": seats[:200]})


# --- creating and joining ------------------------------------------------------------


def _new_game_refused(request, message: str) -> HttpResponse:
    """Too many games started: the form again as it was sent, the reason above it."""
    form = NewGameForm(request.POST)
    form.is_valid()
    form.add_error(None, message)
    return render(request, "games/new.html", {"form": form})


@login_required
@throttle("game_create", refused=_new_game_refused)
def game_new(request):
    form = NewGameForm(request.POST or None, initial={"engine": game_names()[0]})
    if request.method == "POST" and form.is_valid():
        engine, players, options = form.game_options()
        if form.is_valid():
            try:
                game = services.game_create(
                    creator=request.user,
                    engine=engine,
                    num_players=players,
                    options=options,
                    days_per_move=form.cleaned_data["days_per_move"],
                    time_bank=form.time_bank(),
                    weekends_off=form.cleaned_data["weekends_off"],
                    invitees=form.cleaned_data["invite"],
                    addresses=form.invited_addresses,
                    is_public=form.cleaned_data["is_public"],
                    rated=form.cleaned_data["rated"],
                    computers=form.computer_levels(),
                    bots_allowed=form.cleaned_data["bots_allowed"],
                )
            except services.GameError as exc:
                form.add_error(None, error_message(exc))
            else:
                if form.cleaned_data["rated"] and not game.rated and game.bots_allowed:
                    messages.info(request, _("This game is casual: bots are not rated."))
                elif form.cleaned_data["rated"] and not game.rated:
                    messages.info(
                        request,
                        _(
                            "This game is casual: a rating compares players, and a game "
                            "for one person has only you."
                        ),
                    )
                return redirect(game)
    status = 400 if request.method == "POST" else 200
    return render(request, "games/new.html", {"form": form}, status=status)


def _refusal_status(exc: Exception) -> int:
    """409 when the game moved on since the page was drawn, else 400."""
    return 409 if isinstance(exc, services.StaleMove) else 400


def refused_page(request, game_id: int, message: str, status: int, **kwargs) -> HttpResponse:
    """A refused form of the game page (no htmx): the page as it is now, the reason on
    it (``refusal=``: in the form that was sent, see ``page_cache.game_html``)."""
    game, seats = _game_with_seats(request, game_id)
    return _page_response(request, game, seats, error=message, status=status, **kwargs)


def _post_flow(request, game_id: int, flow, success: str, **kwargs):
    """A plain form's flow: back to the game page when done (a reload posts nothing
    twice), the page with the reason and 400/409 when refused."""
    try:
        flow(game_id=game_id, user=request.user, **kwargs)
    except services.GameError as exc:
        return refused_page(request, game_id, error_message(exc), _refusal_status(exc))
    if success:
        messages.success(request, success)
    return redirect("game_detail", game_id=game_id)


def _join_refused(request, message: str, game_id: int) -> HttpResponse:
    """Too many games joined: the page the Join button was on (the lobby, or the
    game's own page), the reason on it."""
    if request.POST.get("from") == "lobby":
        return lobby(request, refusal=message)
    return refused_page(request, game_id, message, 429)


@require_POST
@login_required
@throttle(
    "game_create",
    refused=lambda request, message, game_id: refused_page(request, game_id, message, 429),
)
def game_rematch(request, game_id: int):
    """One click on a finished game: the same game again, its players invited."""
    _visible_game(request, game_id)  # a private game stays unknown to others
    try:
        rematch = services.game_rematch(game_id=game_id, user=request.user)
    except services.GameError as exc:
        return refused_page(request, game_id, error_message(exc), _refusal_status(exc))
    if rematch.status == GameStatus.OPEN:
        messages.success(request, _("Rematch offered: the other players are invited."))
    else:
        messages.success(request, _("Rematch started."))
    return redirect(rematch)


@require_POST
@login_required
@throttle("game_join", refused=_join_refused)
def game_join(request, game_id: int):
    return _post_flow(request, game_id, services.game_join, _("You have joined the game."))


@require_POST
@login_required
def invitation_accept(request, game_id: int):
    return _post_flow(request, game_id, services.invitation_accept, _("Invitation accepted."))


@require_POST
@login_required
def invitation_decline(request, game_id: int):
    try:
        services.invitation_decline(game_id=game_id, user=request.user)
    except services.GameError as exc:
        return refused_page(request, game_id, error_message(exc), _refusal_status(exc))
    messages.success(request, _("You have left the game."))
    return redirect("home")


def _answer(request) -> str:
    return "decline" if request.GET.get("answer") == "decline" else "accept"


@require_GET
@login_required
def invitation_confirm(request, game_id: int):
    """Where an invitation email's links lead: the answer asked for once more, as a
    button (mail scanners open links; a GET changes nothing)."""
    game = get_object_or_404(Game.objects.defer("state"), pk=game_id)
    seat = Seat.objects.filter(game=game, user=request.user).first()
    if seat is None:
        raise Http404(_("No invitation for you in this game."))
    pending = game.status == GameStatus.OPEN and not seat.accepted
    seats = game.seats.select_related("user").order_by("index")
    players = [s.name for s in seats if s.user or s.invited_as]
    context = {"game": game, "answer": _answer(request), "pending": pending, "players": players}
    return render(request, "games/invitation_confirm.html", context)


def _email_invitation_page(request, token: str, *, declined: bool = False, status: int = 200):
    invitation = invitations.read(token)
    if invitation is None:
        context = {"invalid": True}
        return render(request, "games/email_invitation.html", context, status=404)
    game = invitation.game
    seats = list(game.seats.select_related("user").order_by("index"))
    kept = any(
        s.index == invitation.place and s.user_id is None and s.invited_as == invitation.email
        for s in seats
    )
    waiting = game.status == GameStatus.OPEN and invitation.user_id is None and kept
    mine = request.user.is_authenticated and any(s.user_id == request.user.pk for s in seats)
    if waiting and not request.user.is_authenticated:
        # Back here after signing up (and confirming the address) or signing in.
        request.session[INVITATION_SESSION_KEY] = token
    here = reverse("email_invitation", args=[token])
    context = {
        "invitation": invitation,
        "game": game,
        "token": token,
        "waiting": waiting,
        "declined": declined,
        "mine": mine,
        "players": [s.name for s in seats if s.user_id and s.accepted],
        "time_control": clocks.describe(game),
        "signup_url": f"{reverse('account_signup')}?{urlencode({'next': here})}",
        "login_url": f"{reverse('account_login')}?{urlencode({'next': here})}",
    }
    return render(request, "games/email_invitation.html", context, status=status)


@require_GET
def email_invitation(request, token: str):
    """Where an invitation by email leads: what it is, and how to take the seat (sign up
    or sign in first). A GET changes nothing (mail scanners open links)."""
    return _email_invitation_page(request, token)


@require_POST
@login_required
@throttle("game_join")
def email_invitation_accept(request, token: str):
    try:
        game = services.email_invitation_accept(token=token, user=request.user)
    except services.GameError as exc:
        messages.error(request, error_message(exc))
        return redirect("email_invitation", token=token)
    request.session.pop(INVITATION_SESSION_KEY, None)
    messages.success(request, _("Your seat is yours: welcome to the game."))
    return redirect(game)


@require_POST
def email_invitation_decline(request, token: str):
    """The link's holder declines; no account needed (the token is the permission)."""
    try:
        services.email_invitation_decline(token=token)
    except services.GameError as exc:
        messages.error(request, error_message(exc))
        return redirect("email_invitation", token=token)
    request.session.pop(INVITATION_SESSION_KEY, None)
    return _email_invitation_page(request, token, declined=True)


@require_GET
@login_required
def draw_confirm(request, game_id: int):
    """Where a draw offer email's links lead: the answer as a button."""
    game = get_object_or_404(Game.objects.defer("state"), pk=game_id)
    seat = Seat.objects.filter(game=game, user=request.user).first()
    if seat is None:
        raise Http404(_("You do not play in this game."))
    offer = game.draw_offered_by
    pending = game.status == GameStatus.ACTIVE and offer is not None and offer != seat.index
    by = game.seats.select_related("user").filter(index=offer).first() if pending else None
    context = {"game": game, "answer": _answer(request), "pending": pending, "by": by}
    return render(request, "games/draw_confirm.html", context)


@require_POST
@login_required
def game_resign(request, game_id: int):
    return _post_flow(request, game_id, services.game_resign, _("You have resigned."))


@require_POST
@login_required
def draw_offer(request, game_id: int):
    return _post_flow(request, game_id, services.draw_offer, _("Draw offered."))


@require_POST
@login_required
def draw_answer(request, game_id: int):
    accept = request.POST.get("answer") == "accept"
    return _post_flow(request, game_id, services.draw_answer, "", accept=accept)


# --- the game page -------------------------------------------------------------------


def _game_with_seats(request, game_id: int, *, whole=False) -> tuple[Game, list[Seat]]:
    """The game and its seats with their players, in one query, if the viewer may look
    at it: public games, or private ones they play. The snapshot is left for later but
    for a ``whole`` page (``selectors.game_page_seats``)."""
    seats = selectors.game_page_seats(game_id, with_state=whole)
    game = seats[0].game if seats else get_object_or_404(Game.objects.defer("state"), pk=game_id)
    user = request.user
    _require_visible(
        game.is_public, lambda: user.is_authenticated and any(s.user_id == user.pk for s in seats)
    )
    return game, seats


def _page_response(
    request,
    game: Game,
    seats: list[Seat],
    *,
    error: str = "",
    status: int = 200,
    fresh=False,
    refusal: dict | None = None,
):
    """The whole game page, or its live part for htmx (``fresh``: just made by a move).
    With ``error`` (or a ``refusal`` shown in its form), a refusal's answer: its live part marked
    for ``#live`` (htmx), else the whole page, the reason on it, under ``status``."""
    if request.htmx:
        html = page_cache.game_html(
            request, game, seats, part="live", error=error, cached=not fresh, refusal=refusal
        )
        response = HttpResponse(html, status=status)
        return in_place(response, "#live") if error else response
    selected = request.GET.get("select")
    if not (error or refusal):
        return HttpResponse(page_cache.game_page(request, game, seats, selected=selected))
    body = page_cache.game_html(
        request, game, seats, selected=selected, error=error, refusal=refusal
    )
    title = tab_title(game, viewer_seat(game, seats, request.user))
    context = {"game": game, "body": body, "tab_title": title}
    return render(request, GAME_PAGE, context, status=status)


def game_detail(request, game_id: int):
    game, seats = _game_with_seats(request, game_id, whole=True)
    response = _page_response(request, game, seats)
    me = viewer_seat(game, seats, request.user)
    if me is not None:
        services.mark_seen(game=game, user=request.user, seat=me)
    return response


@require_GET
def game_live(request, game_id: int):
    """The changing part of the page (board, turn, actions); ``?select=`` a piece."""
    game, seats = _game_with_seats(request, game_id)
    selected = request.GET.get("select")
    return HttpResponse(page_cache.game_html(request, game, seats, part="live", selected=selected))


@require_GET
def game_poll(request, game_id: int):
    """Cheap: 204 while nothing the live part shows has changed since ``?stamp=``
    (the one the page carries); the live part otherwise. One query, no drawing."""
    game, seats = _game_with_seats(request, game_id)
    if request.GET.get("stamp") == page_cache.stamp(request, game, seats):
        return HttpResponse(status=204)
    html = page_cache.game_html(request, game, seats, part="live")
    me = viewer_seat(game, seats, request.user)
    if me is not None:  # the new position is on their screen now
        services.mark_seen(game=game, user=request.user, seat=me)
    return HttpResponse(html)


def _turn_response(request, game_id: int, action: str | None, flow):
    """Run a turn flow (play or undo) and answer with the live part of the page:
    409 and the fresh board when stale, 400 and the reason when refused, 404 for a
    game the viewer may not see. A move played with htmx in a game still in play
    answers with only what it changed (``page_cache.move_answer``, swapped out of
    band: the request's own swap is none); without htmx, the game page (a redirect).

    ``flow(data)`` returns the game as the service left it, with its seats if loaded."""
    form = ActionForm({"action": action, "version": request.POST.get("version")})
    error, status, refusal = "", 200, None
    if not form.is_valid():
        error, status = _("That move was not understood."), 400
    else:
        try:
            game, seats = flow(form.cleaned_data)
        except services.StaleMove as exc:
            error, status = error_message(exc), 409
        except (IllegalAction, services.GameError) as exc:
            error, status = error_message(exc), 400
        else:
            if not request.htmx:
                return redirect(game)
            if seats is not None:  # fresh from the service: no need to read them again
                if game.status == GameStatus.ACTIVE:  # only what a move changes
                    answer = page_cache.move_answer(
                        request, game, seats, seen=form.cleaned_data["version"]
                    )
                    return reswap(HttpResponse(answer), "none")
                return _page_response(request, game, seats, fresh=True)
    if status == 400 and request.POST.get("typed"):  # told in its box, the move left there
        refusal = {"form": "typed", "error": error, "text": action or ""}
    game, seats = _game_with_seats(request, game_id)
    return _page_response(request, game, seats, error=error, status=status, refusal=refusal)


@require_POST
@login_required
def game_move(request, game_id: int):
    def play(data):
        # The service records that the mover has seen the position they made.
        result = services.move_play(
            game_id=game_id,
            user=request.user,
            action=data["action"],
            expected_version=data["version"],
        )
        return result.game, result.seats

    return _turn_response(request, game_id, request.POST.get("action"), play)


@require_POST
@login_required
def game_undo(request, game_id: int):
    def undo(data):
        game = services.move_undo(
            game_id=game_id, user=request.user, expected_version=data["version"]
        )
        services.mark_seen(game=game, user=request.user)
        return game, None

    return _turn_response(request, game_id, "undo", undo)


# --- replay and record ---------------------------------------------------------------
#
# A finished game's replay and record are the whole truth (the record holds the seed,
# which reveals every secret). A running game's are its viewer's own side: each
# position through ``engine.view`` for the viewer's seat (spectators: the public
# view), others' secret notation redacted (``presenters.action_shown``), no seed.
# They change with every move and may hold the viewer's own secrets, so no browser or
# proxy keeps them.


def _replayable(request, game_id: int) -> Game:
    game = _visible_game(request, game_id)
    if game.started_at is None:
        raise PermissionDenied(_("This game has not started yet: there is nothing to replay."))
    return game


def _not_kept_unless_final(game: Game, response: HttpResponse) -> HttpResponse:
    if game.status != GameStatus.FINISHED:
        add_never_cache_headers(response)
    return response


def _ply_arg(request, name: str, default: int, low: int, high: int) -> int:
    try:
        value = int(request.GET.get(name, default))
    except ValueError:
        value = default
    return max(low, min(value, high))


def game_replay(request, game_id: int):
    """A game move by move, from ``?from=`` (the page's "Replay since my last turn") or
    from the start. Every position is the viewer's own view of it, and hidden notation
    stays hidden until the game has finished (``move_rows``)."""
    game = _replayable(request, game_id)
    states = game_states(game)
    last_ply = len(states) - 1
    first = _ply_arg(request, "from", 0, 0, last_ply)
    ply = _ply_arg(request, "ply", last_ply, first, last_ply)
    page = build_game_page(game, request.user, state=states[ply], replaying=True)
    me = page.viewer_seat.index if page.viewer_seat is not None else None
    page.board_svg = mark_board(page.board_svg, ply_marks(game, states, ply, me, page.moves))
    here = reverse("game_replay", args=[game.pk]) + (f"?from={first}&" if first else "?")
    template = "games/replay.html#position" if request.htmx else "games/replay.html"
    context = {
        "page": page,
        "ply": ply,
        "first": first,
        "last_ply": last_ply,
        "moves": [m for m in page.moves if m.ply > first],
        "here": here,
        "running": game.status == GameStatus.ACTIVE,
        "ended": _ended(game, page.seats),
    }
    return _not_kept_unless_final(game, render(request, template, context))


def _ended(game: Game, seats: list[Seat]) -> dict | None:
    """How the game ended, for the replay (games.results): the reason, the summary and
    each player's result in words."""
    if not game.is_over:
        return None
    return {
        "reason": game.result_shown,
        "summary": results.summary(game, seats),
        "seats": [
            (s.name, results.seat_result(s, game).words)
            for s in seats
            if s.controller != Controller.NPC or s.score is not None
        ],
    }


def game_record(request, game_id: int):
    """The record as JSON: in full once the game has finished (the seed reveals every
    secret); before that, as the viewer may see it (no seed, others' secret notation
    redacted)."""
    game = _replayable(request, game_id)
    finished = game.status == GameStatus.FINISHED
    seats = list(game.seats.select_related("user").order_by("index"))
    me = viewer_seat(game, seats, request.user)
    shown = action_shown(game, me.index if me is not None else None)
    record = {
        "game": game.engine,
        "title": game.title,
        "id": game.pk,
        "status": game.status,
        **({"seed": game.seed} if finished else {"seen_by_seat": me.index if me else None}),
        "num_players": game.num_players,
        "options": game.options,
        "days_per_move": game.days_per_move,
        "started_at": game.started_at.isoformat() if game.started_at else None,
        "finished_at": game.finished_at.isoformat() if game.finished_at else None,
        "players": [
            {
                "seat": s.index,
                "color": s.color,
                "player": s.user.username if s.user else None,
                "controller": s.controller,
                "status": s.status,
                "score": s.score,
                "rank": s.rank,
                "winner": s.is_winner,
                "result": results.seat_result(s, game).as_json(),
            }
            for s in seats
        ],
        "moves": [
            {"ply": ply, "seat": seat, "action": shown(seat, action), "at": at.isoformat()}
            for ply, seat, action, at in Move.objects.filter(game=game)
            .order_by("ply")
            .values_list("ply", "seat", "action", "created_at")
        ],
        "result": game.result_reason,
    }
    response = JsonResponse(record, json_dumps_params={"indent": 2})
    name = f"tripost-{game.engine}-{game.pk}" + ("" if finished else f"-move-{game.version}")
    response["Content-Disposition"] = f'attachment; filename="{name}.json"'
    return _not_kept_unless_final(game, response)
