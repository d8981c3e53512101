"""What the API shows of games: the page's own presenters, read for one caller.

A game's position, actions, clocks and move list come from
``games.presenters.build_game_page`` for the caller, the very function the game page
draws from (``engine.view`` for the caller's own seat, others' secret notation
redacted by ``move_rows``): the API can show nothing the caller's page would not.
"""

from __future__ import annotations

from django.conf import settings
from django.db.models import Prefetch
from django.http import Http404

from games import lobby as lobby_rules
from games import selectors
from games.boards import Guide
from games.models import Controller, Game, GameStatus, Seat
from games.presenters import build_game_page, listed_seats


def absolute(path: str) -> str:
    return settings.SITE_URL.rstrip("/") + path


def visible_game(game_id: int, user) -> tuple[Game, list[Seat]]:
    """The game and its seats if ``user`` may look at it (public games, or private ones
    they play in), else 404 that says nothing of whether it exists (as the page)."""
    seats = selectors.game_page_seats(game_id)
    if not seats:
        raise Http404("There is no such game, or it is private.")
    game = seats[0].game
    if not game.is_public and not any(s.user_id == user.pk for s in seats):
        raise Http404("There is no such game, or it is private.")
    return game, seats


def _labels(guide: Guide | None) -> dict[str, tuple[str, str]]:
    """Each action the guide offers: the words of its button and its note."""
    found: dict[str, tuple[str, str]] = {}
    if guide is None:
        return found
    for target in guide.buttons:
        found.setdefault(target.action, (str(target.label), str(target.note)))
    for choice in guide.choices:
        for target in choice.targets:
            found.setdefault(target.action, (f"{choice.label}: {target.label}", str(target.note)))
    return found


def game_out(game: Game, seats: list[Seat], user) -> dict:
    page = build_game_page(game, user, seats=seats)
    me = page.viewer_seat
    deadlines = {s.index: (at, note) for s, at, note in page.deadlines}
    labels = _labels(page.guide)
    results = page.seat_results
    players = []
    for seat, score in page.seat_rows:
        at, note = deadlines.get(seat.index, (None, ""))
        # (a seat kept for an invited address tells nothing of whose it is: games.invitations)
        player = seat.user if seat.user and seat.accepted else None
        players.append(
            {
                "seat": seat.index,
                "name": seat.name,
                "username": player.username if player else None,
                "is_bot": bool(player and player.is_bot),
                "controller": seat.controller,
                "color": seat.colour_shown,
                "status": seat.status,
                "is_due": seat.is_due,
                "accepted": seat.accepted,
                "deadline": at,
                "deadline_note": note,
                "score": score if isinstance(score, int | float) else None,
                "result": results.get(seat.index, ""),
            }
        )
    return {
        "id": game.pk,
        "game": game.engine,
        "title": str(game.title),
        "status": game.status,
        "version": game.version,
        "is_public": game.is_public,
        "rated": game.rated,
        "bots_allowed": game.bots_allowed,
        "days_per_move": game.days_per_move,
        "your_seat": me.own_view if me is not None else None,
        "to_move": list(game.to_move or []) if game.status == GameStatus.ACTIVE else [],
        "players": players,
        "view": page.view,
        "prompt": str(page.guide.prompt) if page.guide and page.actions else "",
        "actions": [
            {"action": a, "label": labels.get(a, (a, ""))[0], "note": labels.get(a, ("", ""))[1]}
            for a in page.actions
        ],
        "can_undo": page.can_undo,
        "draw": {
            "offered_by": game.draw_offered_by if game.status == GameStatus.ACTIVE else None,
            "can_offer": page.can_offer_draw,
            "can_answer": page.can_answer_draw,
        },
        "moves": [
            {"ply": m.ply, "seat": m.seat, "action": m.action, "description": m.description}
            for m in page.moves
        ],
        "result": game.result_shown if game.is_over else "",
        "url": absolute(game.get_absolute_url()),
    }


def my_games(user) -> list[dict]:
    """The caller's running and open games as My games orders them: the ones awaiting
    them first, soonest deadline first."""
    current = selectors.current_seats(user.pk)
    listed = listed_seats(user, [c.pk for c in current])
    out = []
    for c in current:
        seat = listed.get(c.pk)
        if seat is None:
            continue
        out.append(
            {
                "id": seat.game_id,
                "game": "",
                "title": str(seat.title),
                "status": c.game__status,
                "version": c.game__version,
                "your_turn": seat.is_due,
                "deadline": seat.deadline if seat.is_due else None,
                "game_deadline": seat.game_deadline,
                "accepted": seat.accepted,
                "players": [p.name for p in seat.others],
                "draw": seat.draw,
                "url": absolute(f"/games/{seat.game_id}/"),
            }
        )
    engines = dict(Game.objects.filter(pk__in=[g["id"] for g in out]).values_list("pk", "engine"))
    for g in out:
        g["game"] = engines.get(g["id"], "")
    return out


def invitations(user) -> list[dict]:
    """Invitations waiting for the caller's answer (open games, seat not accepted)."""
    seats = (
        Seat.objects.filter(user=user, accepted=False, game__status=GameStatus.OPEN)
        .select_related("game__created_by")
        .order_by("-game__created_at")
    )
    out = []
    for seat in seats:
        game = seat.game
        others = game.seats.select_related("user").exclude(user=user).order_by("index")
        out.append(
            {
                "game_id": game.pk,
                "game": game.engine,
                "title": str(game.title),
                "inviter": game.created_by.name if game.created_by else "",
                "players": [s.name for s in others],
                "created_at": game.created_at,
            }
        )
    return out


def open_games(user) -> list[dict]:
    """The lobby as the caller's lobby page lists it (for a bot: games allowing bots)."""
    games = (
        Game.objects.filter(
            status=GameStatus.OPEN,
            is_public=True,
            seats__user__isnull=True,
            seats__controller=Controller.HUMAN,
            seats__invited_as="",
        )
        .exclude(seats__user=user)
        .exclude(created_by=user)
        .select_related("created_by")
        .distinct()
        .prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("user")))
        .order_by("-created_at")
    )
    if user.is_bot:
        games = games.filter(bots_allowed=True)
    return [
        {
            "id": g.pk,
            "game": g.engine,
            "title": str(g.title),
            "creator": g.created_by.name if g.created_by else "",
            "players": g.num_players,
            "free_seats": sum(
                1
                for s in g.seats.all()
                if s.user_id is None and s.controller == Controller.HUMAN and not s.invited_as
            ),
            "days_per_move": g.days_per_move,
            "rated": g.rated,
            "bots_allowed": g.bots_allowed,
            "options": g.options,
            "expires_at": lobby_rules.expires_at(g),
        }
        for g in games[:100]
    ]
