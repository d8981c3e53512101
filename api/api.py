"""The public API, ``/api/v1/`` (django-ninja): thin endpoints that call the same
services and presenters as the web pages (no rule is written here twice)."""

from __future__ import annotations

from typing import Annotated

from django.db import transaction
from django.http import Http404
from django.utils.translation import gettext as _
from ninja import NinjaAPI, Path, Query, Status
from ninja.errors import AuthenticationError, HttpError, ValidationError

from accounts.models import User
from chat import services as chat_services
from chat.services import ChatError
from config import throttle
from games import invitations as email_invitations
from games import services
from games.engines import AmbiguousAction, IllegalAction, IllegalNow, UnknownAction
from games.errors import GameError, StaleMove
from games.i18n import error_message
from games.models import Game, Seat

from . import bots, events, reading
from . import schemas as s
from .auth import AUTH, RateLimited, need
from .models import Scope

api = NinjaAPI(
    title="Tripost API",
    version="1",
    description=(
        "Play Tripost from your own programs: a personal token from Settings → API "
        "tokens, sent as `Authorization: Bearer <token>`. See the README, “The API”."
    ),
    auth=AUTH,
    urls_namespace="api",
)

# A game's number: within the database's integers (a larger one is 422, not an error).
GameId = Annotated[int, Path(ge=1, le=2**63 - 1)]

# Every refusal an operation may answer with (all with the ``Error`` body).
REFUSALS = {code: s.Error for code in (400, 401, 403, 404, 409, 422, 429)}


def _error(request, status: int, detail: str, **extra):
    body = {"detail": detail, **{k: v for k, v in extra.items() if v is not None}}
    response = api.create_response(request, body, status=status)
    if status == 429 and "wait" in extra:
        response["Retry-After"] = str(extra["wait"])
    return response


@api.exception_handler(RateLimited)
def _limited(request, exc: RateLimited):
    response = api.create_response(
        request,
        {"detail": "Too many requests: wait and try again.", "code": "rate_limited"},
        status=429,
    )
    response["Retry-After"] = str(max(1, int(exc.wait)))
    return response


@api.exception_handler(AuthenticationError)
def _unauthenticated(request, exc):
    return _error(
        request,
        401,
        "Sign in, or send a valid token: Authorization: Bearer <token>.",
        code="unauthenticated",
    )


@api.exception_handler(ValidationError)
def _invalid(request, exc: ValidationError):
    return _error(
        request, 422, "The request is not well formed.", code="invalid", errors=exc.errors
    )


@api.exception_handler(HttpError)
def _http_error(request, exc: HttpError):
    return _error(request, exc.status_code, str(exc), code="refused")


@api.exception_handler(Http404)
def _not_found(request, exc):
    return _error(request, 404, str(exc) or "Not found.", code="not_found")


@api.exception_handler(StaleMove)
def _stale(request, exc: StaleMove):
    version = Game.objects.filter(pk=request.resolver_match.kwargs.get("game_id")).values_list(
        "version", flat=True
    )
    return _error(request, 409, error_message(exc), code="stale", version=version.first())


@api.exception_handler(GameError)
def _refused(request, exc: GameError):
    return _error(request, 400, error_message(exc), code="refused")


@api.exception_handler(IllegalAction)
def _illegal(request, exc: IllegalAction):
    code, candidates = "illegal", None
    if isinstance(exc, UnknownAction):
        code = "unknown_action"
    elif isinstance(exc, IllegalNow):
        code = "illegal_now"
    elif isinstance(exc, AmbiguousAction):
        code, candidates = "ambiguous", list(exc.candidates)
    return _error(request, 400, error_message(exc), code=code, candidates=candidates)


@api.exception_handler(ChatError)
def _chat_refused(request, exc: ChatError):
    return _error(request, exc.status, str(exc), code="refused")


@api.exception_handler(events.BadCursor)
def _bad_cursor(request, exc):
    return _error(request, 400, str(exc), code="bad_cursor")


# --- me and my games -------------------------------------------------------------------


@api.get("/me", response={200: s.Me, **REFUSALS}, tags=["me"])
def me(request):
    """Who the token (or session) belongs to."""
    need(request, Scope.READ)
    token = request.api_token
    user = request.auth
    return {
        "username": user.username,
        "name": user.name,
        "is_bot": user.is_bot,
        "scopes": list(token.scopes) if token else list(Scope.values),
    }


@api.get("/games", response={200: list[s.GameSummary], **REFUSALS}, tags=["games"])
def my_games(request):
    """My running and open games, those awaiting my move first (soonest deadline first)."""
    need(request, Scope.READ)
    return reading.my_games(request.auth)


@api.post("/games", response={201: s.GameOut, **REFUSALS}, tags=["games"])
def game_create(request, data: s.NewGameIn):
    """A new game: invite players by username or email address, give seats to computer
    players; seats left free are open in the lobby (public games)."""
    need(request, Scope.PLAY)
    limited(request, "game_create")
    invitees, addresses = [], []
    for word in data.invite:
        if email_invitations.is_address(word):
            address = email_invitations.normal(word)
            if not email_invitations.valid(address):
                raise HttpError(
                    400, _("%(addresses)s is not an email address.") % {"addresses": word}
                )
            addresses.append(address)
            continue
        found = User.objects.filter(username__iexact=word, is_active=True).first()
        if found is None:
            raise HttpError(400, _("There is no player called %(name)s.") % {"name": word})
        invitees.append(found)
    game = services.game_create(
        creator=request.auth,
        engine=data.game,
        num_players=data.players,
        options=data.options,
        days_per_move=data.days_per_move,
        invitees=invitees,
        addresses=addresses,
        computers=data.computers,
        is_public=data.public,
        rated=data.rated,
        bots_allowed=data.bots_allowed,
    )
    return Status(201, _game(game.pk, request.auth))


def limited(request, group: str) -> None:
    """The site's own limits on new games and joins (``config.throttle``), as on the
    pages: 429 with ``Retry-After`` past them."""
    wait = throttle.limited(request, group)
    if wait:
        raise RateLimited(wait)


def _game(game_id: int, user) -> dict:
    game, seats = reading.visible_game(game_id, user)
    return reading.game_out(game, seats, user)


@api.get("/games/{game_id}", response={200: s.GameOut, **REFUSALS}, tags=["games"])
def game_detail(request, game_id: GameId):
    """A game as its page shows it to me: my own view of the position (hidden
    information as the page hides it), my legal actions in notation and in the page's
    words, the clocks and the move list."""
    need(request, Scope.READ)
    game, seats = reading.visible_game(game_id, request.auth)
    shown = reading.game_out(game, seats, request.auth)
    me = next((seat for seat in seats if seat.user_id == request.auth.pk), None)
    if me is not None:  # as the page: turn emails skip a position the player has seen
        services.mark_seen(game=game, user=request.auth, seat=me)
    return shown


def _playing(game_id: int, user) -> None:
    """A game the caller may see (404 otherwise, as on the page)."""
    reading.visible_game(game_id, user)


@api.post("/games/{game_id}/move", response={200: s.PlayOut, **REFUSALS}, tags=["play"])
def game_move(request, game_id: GameId, data: s.PlayIn):
    """Play an action, naming the version of the position you saw. Exactly once: the
    same request again answers ``applied: false`` and changes nothing; any other
    request for an old version is refused with 409 (``code: stale``)."""
    need(request, Scope.PLAY)
    _playing(game_id, request.auth)
    result = services.move_play(
        game_id=game_id, user=request.auth, action=data.action, expected_version=data.version
    )
    return {"applied": result.applied, "game": _game(game_id, request.auth)}


@api.post("/games/{game_id}/undo", response={200: s.GameOut, **REFUSALS}, tags=["play"])
def game_undo(request, game_id: GameId, data: s.VersionIn):
    """Take back your last action while your turn goes on (if it revealed nothing)."""
    need(request, Scope.PLAY)
    _playing(game_id, request.auth)
    game = services.move_undo(game_id=game_id, user=request.auth, expected_version=data.version)
    services.mark_seen(game=game, user=request.auth)
    return _game(game_id, request.auth)


def _flow(request, game_id: GameId, flow, **kwargs) -> dict:
    need(request, Scope.PLAY)
    _playing(game_id, request.auth)
    flow(game_id=game_id, user=request.auth, **kwargs)
    return _game(game_id, request.auth)


@api.post("/games/{game_id}/draw/offer", response={200: s.GameOut, **REFUSALS}, tags=["play"])
def draw_offer(request, game_id: GameId):
    """Offer a draw (in games whose rules allow one)."""
    return _flow(request, game_id, services.draw_offer)


@api.post("/games/{game_id}/draw/accept", response={200: s.GameOut, **REFUSALS}, tags=["play"])
def draw_accept(request, game_id: GameId):
    return _flow(request, game_id, services.draw_answer, accept=True)


@api.post("/games/{game_id}/draw/decline", response={200: s.GameOut, **REFUSALS}, tags=["play"])
def draw_decline(request, game_id: GameId):
    return _flow(request, game_id, services.draw_answer, accept=False)


@api.post("/games/{game_id}/resign", response={200: s.GameOut, **REFUSALS}, tags=["play"])
def resign(request, game_id: GameId):
    return _flow(request, game_id, services.game_resign)


# --- invitations and the lobby ------------------------------------------------------------


@api.get("/invitations", response={200: list[s.Invitation], **REFUSALS}, tags=["invitations"])
def invitations(request):
    """Invitations waiting for my answer."""
    need(request, Scope.READ)
    return reading.invitations(request.auth)


def _invited(game_id: int, user) -> None:
    if not Seat.objects.filter(game_id=game_id, user=user).exists():
        raise Http404("You have no invitation to this game.")


@api.post("/games/{game_id}/accept", response={200: s.GameOut, **REFUSALS}, tags=["invitations"])
def invitation_accept(request, game_id: GameId):
    need(request, Scope.PLAY)
    _invited(game_id, request.auth)
    services.invitation_accept(game_id=game_id, user=request.auth)
    return _game(game_id, request.auth)


@api.post("/games/{game_id}/decline", response={200: s.Done, **REFUSALS}, tags=["invitations"])
def invitation_decline(request, game_id: GameId):
    """Decline an invitation (or leave a game that has not started; its creator
    leaving withdraws it)."""
    need(request, Scope.PLAY)
    _invited(game_id, request.auth)
    services.invitation_decline(game_id=game_id, user=request.auth)
    return {"detail": "You have left the game."}


@api.get("/lobby", response={200: list[s.OpenGame], **REFUSALS}, tags=["lobby"])
def lobby(request):
    """Open public games I can join (for a bot: those whose creator allowed bots)."""
    need(request, Scope.READ)
    return reading.open_games(request.auth)


@api.post("/games/{game_id}/join", response={200: s.GameOut, **REFUSALS}, tags=["lobby"])
def join(request, game_id: GameId):
    need(request, Scope.PLAY)
    limited(request, "game_join")
    return _flow(request, game_id, services.game_join)


# --- chat -------------------------------------------------------------------------------


@api.get("/games/{game_id}/chat", response={200: list[s.ChatMessage], **REFUSALS}, tags=["chat"])
def chat_read(request, game_id: GameId):
    """The game's chat, oldest first, as its page shows it."""
    need(request, Scope.CHAT)
    game, _seats = reading.visible_game(game_id, request.auth)
    return [
        {
            "id": e.message.pk,
            "author": e.message.author.name,
            "is_bot": e.message.author.is_bot,
            "mine": e.mine,
            "ply": e.ply,
            "text": e.message.text,
            "at": e.message.created_at,
        }
        for e in chat_services.timeline(game, request.auth)
        if e.message is not None
    ]


@api.post("/games/{game_id}/chat", response={201: s.ChatMessage, **REFUSALS}, tags=["chat"])
def chat_post(request, game_id: GameId, data: s.ChatIn):
    """Write in the game's chat (its players only)."""
    need(request, Scope.CHAT)
    game, _seats = reading.visible_game(game_id, request.auth)
    m = chat_services.message_post(game=game, user=request.auth, text=data.text)
    return Status(
        201,
        {
            "id": m.pk,
            "author": request.auth.name,
            "is_bot": request.auth.is_bot,
            "mine": True,
            "ply": m.ply,
            "text": m.text,
            "at": m.created_at,
        },
    )


# --- events and bots ---------------------------------------------------------------------


@api.get("/events", response={200: s.Events, **REFUSALS}, tags=["events"])
def event_stream(
    request,
    since: str | None = Query(None, max_length=4000, description="The last answer's cursor."),
    timeout: int = Query(20, ge=0, le=25, description="Seconds to wait for an event."),
):
    """My events after ``since`` (long polling): answers at once when there are some,
    else after ``timeout`` seconds with none (at once, with ``retry_after``, while
    the site's waiting places are taken). Without ``since``: the turns and
    invitations waiting for me now."""
    need(request, Scope.READ)
    token = request.api_token
    chat = token is None or Scope.CHAT.value in token.scopes
    found, cursor, retry = events.events_for(request.auth, since, chat=chat, wait=timeout)
    return {"events": [e.__dict__ for e in found], "cursor": cursor, "retry_after": retry}


@api.post("/bot/upgrade", response={200: s.BotOut, **REFUSALS}, tags=["bots"])
def bot_upgrade(request):
    """Make this account a bot account, for good: only an account that has never
    played or joined a game. Bots join only games whose creator allowed bots, and
    their games are casual."""
    need(request, Scope.PLAY)
    with transaction.atomic():
        user = bots.upgrade(user=request.auth)
    return {"username": user.username, "is_bot": user.is_bot}
