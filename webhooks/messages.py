"""What a post says, written when it is sent (from the game as it is then), in the
hook owner's language and time zone. Only what anyone at the table may know: the
game's title and number, names, whose turn, the deadline and the result.

Discord's execute-webhook body is ``{"content": text}``, Slack's incoming webhook's
``{"text": text}``; a JSON endpoint gets ``json_body`` (documented in the README).
"""

from __future__ import annotations

import json
from contextlib import contextmanager

from django.conf import settings
from django.utils import timezone, translation
from django.utils.text import get_text_list
from django.utils.translation import gettext as _

from accounts.when import when_long
from games.models import Game, Seat

from .models import Delivery, Event, HookKind

DISCORD_LIMIT = 2000  # characters in a Discord message's content


@contextmanager
def owner_locale(user):
    with (
        translation.override(user.language or settings.LANGUAGE_CODE),
        timezone.override(user.time_zone or "UTC"),
    ):
        yield


def link(game: Game) -> str:
    return settings.SITE_URL + game.get_absolute_url()


def title(game: Game) -> str:
    return f"{game.title} #{game.pk}"


def due_seats(game: Game) -> list[Seat]:
    return [s for s in game.seats.all() if s.is_due and s.is_active_human]


def text(delivery: Delivery, due: list[Seat]) -> str:
    game = delivery.game
    if delivery.event == Event.GAME_OVER:
        result = game.result_shown
        if result:
            line = _("%(game)s is over: %(result)s") % {"game": title(game), "result": result}
        else:
            line = _("%(game)s is over.") % {"game": title(game)}
        return f"{line}\n{link(game)}"
    names = get_text_list([s.name for s in due], _("and"))
    line = _("%(game)s: %(names)s to move.") % {"game": title(game), "names": names}
    deadlines = sorted(s.deadline for s in due if s.deadline is not None)
    if deadlines:
        line += " " + _("Time runs out %(when)s.") % {"when": when_long(deadlines[0])}
    return f"{line}\n{link(game)}"


def json_body(delivery: Delivery, due: list[Seat], message: str) -> dict:
    game = delivery.game
    body = {
        "id": f"d{delivery.pk}",
        "event": delivery.event,
        "game": {
            "id": game.pk,
            "title": game.title,
            "url": link(game),
            "version": delivery.version,
            "status": game.status,
        },
        "players": [s.name for s in game.seats.all()],
        "text": message,
    }
    if delivery.event == Event.TURN:
        body["to_move"] = [
            {"name": s.name, "deadline": s.deadline.isoformat() if s.deadline else None}
            for s in due
        ]
    else:
        body["winners"] = [s.name for s in game.seats.all() if s.is_winner]
        body["result"] = game.result_shown
    return body


def slack_escaped(message: str) -> str:
    """Slack reads ``<...>`` as links and mentions (``<!channel>``): names say only
    themselves."""
    return message.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def body(delivery: Delivery, due: list[Seat]) -> bytes:
    """The bytes posted for ``delivery`` to its hook."""
    hook = delivery.hook
    with owner_locale(hook.owner):
        message = text(delivery, due)
        if hook.kind == HookKind.DISCORD:
            data = {"content": message[:DISCORD_LIMIT], "allowed_mentions": {"parse": []}}
        elif hook.kind == HookKind.SLACK:
            data = {"text": slack_escaped(message)}
        else:
            data = json_body(delivery, due, message)
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()
