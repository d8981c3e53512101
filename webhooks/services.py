"""Adding, removing and turning back on a player's webhooks."""

from __future__ import annotations

from django.conf import settings
from django.utils.translation import gettext as _

from games.models import Game, GameStatus

from . import addresses
from .models import Hook, HookKind


class HookError(ValueError):
    """The hook cannot be saved; the message says why."""


# The hosts each service's webhooks live on (their docs' URLs); a JSON endpoint may be
# any public server.
SERVICE_HOSTS = {
    HookKind.DISCORD: ("discord.com", "discordapp.com", "ptb.discord.com", "canary.discord.com"),
    HookKind.SLACK: ("hooks.slack.com",),
}
SERVICE_PATHS = {HookKind.DISCORD: "/api/webhooks/", HookKind.SLACK: "/services/"}


def check_url(kind: str, url: str) -> None:
    """``HookError`` unless ``url`` is an https address on a public server (resolved
    now; checked again before each post) and, for Discord and Slack, theirs."""
    try:
        host, port, path = addresses.target(url)
    except addresses.Refused as exc:
        raise HookError(str(exc)) from exc
    hosts = SERVICE_HOSTS.get(kind)
    if hosts is not None and (
        host.lower() not in hosts or not path.startswith(SERVICE_PATHS[kind])
    ):
        raise HookError(
            _("This is not a %(service)s webhook address.") % {"service": HookKind(kind).label}
        )
    try:
        addresses.checked_address(host, port)
    except addresses.Refused as exc:
        raise HookError(str(exc)) from exc


def creatable_games(user):
    """The games ``user`` created that have not ended: a hook may be set for them."""
    return Game.objects.filter(
        created_by=user, status__in=[GameStatus.OPEN, GameStatus.ACTIVE]
    ).order_by("-created_at")


def hook_add(
    *, user, kind: str, url: str, game: Game | None = None, turns: bool = True, results: bool = True
) -> Hook:
    if kind not in HookKind.values:
        raise HookError(_("Choose where to post."))
    if not (turns or results):
        raise HookError(_("Choose at least one thing to post."))
    if game is not None and game.created_by_id != user.pk:
        raise HookError(_("Only the game's creator can add a webhook for it."))
    if Hook.objects.filter(owner=user).count() >= settings.WEBHOOKS_PER_PLAYER:
        raise HookError(
            _("You have %(n)s webhooks already; remove one first.")
            % {"n": settings.WEBHOOKS_PER_PLAYER}
        )
    check_url(kind, url)
    return Hook.objects.create(
        owner=user, kind=kind, url=url, game=game, turns=turns, results=results
    )


def hook_remove(*, user, hook_id: int) -> bool:
    deleted, _ = Hook.objects.filter(owner=user, pk=hook_id).delete()
    return bool(deleted)


def hook_enable(*, user, hook_id: int) -> bool:
    """Turn a hook that was turned off back on, its failures forgotten (its address is
    checked again)."""
    hook = Hook.objects.filter(owner=user, pk=hook_id).first()
    if hook is None:
        return False
    check_url(hook.kind, hook.url)
    Hook.objects.filter(pk=hook.pk).update(disabled_at=None, failures=0, last_error="")
    return True
