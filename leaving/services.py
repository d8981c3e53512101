"""A player's data, and deleting an account.

Export: everything the site holds about the player as JSON: every field of their row
(settings included) but the few ``NOT_EXPORTED_FIELDS``, addresses, ratings and their
history, every game they sat in with its moves (as they may read them: another
player's secret action of a running game shows in its public spelling, and no snapshot
or seed is included, so no opponent's hand or deck order), their chat messages and
notes, their calendar feed and webhooks, the emails the site wrote them and the
addresses it stopped writing to, the email replies they sent, the reports they made
and the moderation about them.

Delete: the account is anonymised, never removed (seats protect the user row, and
other players' finished games must replay as before): the name becomes "deleted player
N", username, email addresses and password are gone, every session ends (the password
hash changes, so Django refuses each session's auth hash), pending emails are dropped,
running games are settled by the timeout rule and unstarted ones are left. Chat
messages stay in their games under the anonymous name; notes, chat settings, the
calendar feed and webhooks go.
"""

from __future__ import annotations

import contextlib

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from calendars.models import CalendarFeed
from chat.models import ChatSettings, Message, MessageReport, Note, Reading
from games import clocks, results
from games import services as game_services
from games.models import EmailInvitation, Game, GameStatus, InvitationOptOut, Seat, Visit
from games.presenters import move_rows
from mail.models import InboundMessage, Notification, Suppression
from moderation.models import AuditLog, Report
from moderation.services import record, timeout_running_games
from planning.models import AnalysisNote, ConditionalMoves, PlanningSettings
from push.models import Device, Preferences, PushMessage
from push.models import Kind as PushKind
from ratings import services as ratings
from ratings.models import Rating
from webhooks.models import Hook


def _at(value) -> str | None:
    return value.isoformat() if value else None


# What the export leaves out of what the site keeps about a player, each with why. A
# test (tests/leaving/test_export_is_complete.py) walks the User's fields and every
# model that points at a player: each must be exported (``EXPORTED_LINKS``) or listed
# here, so a new personal field or model cannot be forgotten.
NOT_EXPORTED_FIELDS = {
    "password": "the password's hash: it only checks a password, and a download that "
    "leaked would hand it to an attacker to guess at",
    "username_skeleton": "what the username looks like (accounts.names.skeleton), "
    "derived from the exported username to refuse lookalike names",
    "display_name_skeleton": "the same, derived from the exported display name",
}
NOT_EXPORTED_LINKS = {
    "moderation.Report.reported": "reports about the player are their reporters' words to "
    "the moderators; showing them would tell who reported",
    "admin.LogEntry.user": "a staff member's edits in the admin, kept for the site's "
    "accountability; they describe other players' records, not the staff member",
    "mail.SentEmail.user": "hashes of the words of emails the export lists under "
    "emails_sent_to_you, kept to tell a quoted email from a move; nothing readable",
    "api.ApiToken.user": "personal API tokens: their names, scopes and last use are on "
    "Settings, API tokens; the token itself is not kept (only its hash), and none works "
    "once the account is deleted",
}
# Every model that points at a player, and the key of the export that holds its rows.
EXPORTED_LINKS = {
    "account.EmailAddress.user": "profile.email_addresses",
    "games.Seat.user": "games",
    "games.Game.created_by": "games",
    "moderation.Report.reporter": "reports_you_made",
    "moderation.AuditLog.target_user": "moderation_about_you",
    "moderation.AuditLog.actor": "moderation_by_you",
    "chat.Message.author": "chat_messages",
    "chat.MessageReport.reporter": "reports_you_made",
    "chat.ChatSettings.user": "chat_settings",
    "chat.Note.user": "notes",
    "chat.Reading.user": "chat_read",
    "mail.Notification.user": "emails_sent_to_you",
    "mail.Suppression.user": "emails_stopped",
    "ratings.Rating.user": "ratings",
    "games.EmailInvitation.invited_by": "email_invitations_you_sent",
    "games.EmailInvitation.user": "email_invitations_to_you",
    "games.Visit.user": "games_watched",
    "calendars.CalendarFeed.user": "calendar",
    "webhooks.Hook.owner": "webhooks",
    "planning.PlanningSettings.user": "planning_settings",
    "planning.AnalysisNote.user": "analysis_lines",
    "planning.ConditionalMoves.user": "conditional_moves",
    "push.Device.user": "push_devices",
    "push.Preferences.user": "push_preferences",
    "push.PushMessage.user": "pushes_sent_to_you",
}


def _value(value):
    if hasattr(value, "isoformat"):
        return value.isoformat()
    return value


def _profile(user: User, addresses) -> dict:
    """Every field of the player's row (their settings included: language, time zone,
    digest hour, night hours, vacations), but those in ``NOT_EXPORTED_FIELDS``."""
    profile = {
        field.name: _value(getattr(user, field.attname))
        for field in User._meta.concrete_fields
        if field.name not in NOT_EXPORTED_FIELDS
    }
    profile["groups"] = sorted(user.groups.values_list("name", flat=True))
    profile["user_permissions"] = sorted(
        f"{app}.{code}"
        for app, code in user.user_permissions.values_list("content_type__app_label", "codename")
    )
    profile["email_addresses"] = [
        {"email": a.email, "verified": a.verified, "primary": a.primary} for a in addresses
    ]
    return profile


def _ratings(user: User) -> list[dict]:
    """Each rating with its history: every rated game's result and the rating after."""
    changes = ratings.history(user=user, viewer=user)
    words = ratings.results_of(changes)
    out = []
    for rating in Rating.objects.filter(user=user).order_by("engine", "bracket"):
        out.append(
            {
                "game": rating.engine,
                "bracket": rating.bracket,
                "rating": rating.display,
                "provisional": rating.provisional,
                "mu": rating.mu,
                "sigma": rating.sigma,
                "rated_games": rating.games,
                "last_played_at": _at(rating.last_played_at),
                "history": [
                    {
                        "game": c.rated_game.game_id,
                        "finished_at": _at(c.rated_game.game.finished_at),
                        "result": words[c.pk],
                        "before": c.before,
                        "after": c.after,
                    }
                    for c in changes
                    if c.rating_id == rating.pk
                ],
            }
        )
    return out


def _moderation(entries) -> list[dict]:
    return [
        {"action": e.action, "game": e.game_id, "reason": e.reason, "at": _at(e.created_at)}
        for e in entries.order_by("created_at")
    ]


def account_export(*, user: User) -> dict:
    from allauth.account.models import EmailAddress

    seats = (
        Seat.objects.filter(user=user)
        .select_related("game", "game__created_by")
        .defer("game__state")
        .order_by("game__created_at")
    )
    games = []
    for seat in seats:
        game = seat.game
        players = game.seats.select_related("user").order_by("index")
        games.append(
            {
                "id": game.pk,
                "game": game.engine,
                "title": game.title,
                "status": game.status,
                "public": game.is_public,
                "rated": game.rated,
                "created_by_you": game.created_by_id == user.pk,
                "created_at": _at(game.created_at),
                "started_at": _at(game.started_at),
                "finished_at": _at(game.finished_at),
                "result": game.result_reason,
                "players": [{"seat": s.index, "name": s.name} for s in players],
                "your_seat": {
                    "seat": seat.index,
                    "color": seat.color,
                    "status": seat.status,
                    "score": seat.score,
                    "rank": seat.rank,
                    "winner": seat.is_winner,
                    "result": results.seat_result(seat, game).as_json(),
                    "last_seen_at": _at(seat.last_seen_at),
                },
                "moves": [
                    {
                        "ply": m.ply,
                        "seat": m.seat,
                        "action": m.action,
                        "description": m.description,
                        "yours": m.seat == seat.index,
                    }
                    for m in move_rows(game, seat.own_view)
                ],
            }
        )
    addresses = EmailAddress.objects.filter(user=user).order_by("pk")
    emails = set(addresses.values_list("email", flat=True)) | ({user.email} - {""})
    return {
        "exported_at": _at(timezone.now()),
        "profile": _profile(user, addresses),
        "chat_settings": [
            {"enabled": c.enabled, "mail": c.mail, "muted_until": _at(c.muted_until)}
            for c in ChatSettings.objects.filter(user=user)
        ],
        "ratings": _ratings(user),
        # (not the feed's address: whoever reads this file could follow it)
        "calendar": [
            {
                "made_at": _at(f.created_at),
                "renewed_at": _at(f.renewed_at),
                "remind_hours": f.remind_hours,
            }
            for f in CalendarFeed.objects.filter(user=user)
        ],
        # (not a JSON hook's signing secret, for the same reason)
        "webhooks": [
            {
                "kind": h.kind,
                "url": h.url,
                "game": h.game_id,
                "turns": h.turns,
                "results": h.results,
                "created_at": _at(h.created_at),
                "turned_off_at": _at(h.disabled_at),
            }
            for h in Hook.objects.filter(owner=user)
        ],
        "games": games,
        # Games looked at without a seat: where each one's news starts (games.changes).
        "games_watched": [
            {"game": v.game_id, "seen_version": v.seen_version, "updated_at": _at(v.updated_at)}
            for v in Visit.objects.filter(user=user).order_by("game_id")
        ],
        "chat_messages": [
            {
                "game": m.game_id,
                "ply": m.ply,
                "text": m.text,
                "at": _at(m.created_at),
                "deleted_at": _at(m.deleted_at),
                "hidden_by_moderator": m.hidden_at is not None,
            }
            for m in Message.objects.filter(author=user).order_by("created_at")
        ],
        "chat_read": [
            {"game": r.game_id, "seen_at": _at(r.seen_at)}
            for r in Reading.objects.filter(user=user).order_by("game_id")
        ],
        "notes": [
            {"game": n.game_id, "text": n.text, "updated_at": _at(n.updated_at)}
            for n in Note.objects.filter(user=user).order_by("game_id")
        ],
        "planning_settings": [
            {"play_forced_steps": p.play_forced_steps}
            for p in PlanningSettings.objects.filter(user=user)
        ],
        # (each line's start is the analysis's own position, never the game's secrets)
        "analysis_lines": [
            {"game": n.game_id, "title": n.title, "actions": n.actions, "at": _at(n.created_at)}
            for n in AnalysisNote.objects.filter(user=user).order_by("game_id", "pk")
        ],
        "conditional_moves": [
            {"game": c.game_id, "seat": c.seat, "tree": c.tree, "from_version": c.version}
            for c in ConditionalMoves.objects.filter(user=user).order_by("game_id")
        ],
        # Web push (push/): the browsers that take notifications, the kinds chosen, and
        # each push written.
        "push_devices": [
            {
                "browser": d.user_agent,
                "endpoint": d.endpoint,
                "added_at": _at(d.created_at),
                "last_used_at": _at(d.last_used_at),
            }
            for d in Device.objects.filter(user=user).order_by("created_at")
        ],
        "push_preferences": [
            {kind: p.wants(kind) for kind in PushKind.values}
            for p in Preferences.objects.filter(user=user)
        ],
        "pushes_sent_to_you": [
            {
                "kind": m.kind,
                "game": m.game_id,
                "written_at": _at(m.created_at),
                "sent_at": _at(m.sent_at),
                "outcome": m.outcome,
            }
            for m in PushMessage.objects.filter(user=user).order_by("created_at")
        ],
        "emails_sent_to_you": [
            {
                "kind": n.kind,
                "game": n.game_id,
                "written_at": _at(n.created_at),
                "sent_at": _at(n.sent_at),
                "outcome": n.outcome,
            }
            for n in Notification.objects.filter(user=user).order_by("created_at")
        ],
        "emails_stopped": [
            {
                "email": s.email,
                "reason": s.reason,
                "detail": s.detail,
                "at": _at(s.created_at),
                "lifted_at": _at(s.lifted_at),
            }
            for s in Suppression.objects.filter(user=user).order_by("created_at")
        ],
        "email_replies_from_you": [
            {"received_at": _at(m.received_at), "outcome": m.outcome}
            for m in InboundMessage.objects.filter(sender__in=emails).order_by("received_at")
        ],
        "reports_you_made": [
            {"game": r.game_id, "reason": r.reason, "at": _at(r.created_at)}
            for r in Report.objects.filter(reporter=user)
        ]
        + [
            {"chat_message": r.message_id, "reason": r.reason, "at": _at(r.created_at)}
            for r in MessageReport.objects.filter(reporter=user)
        ],
        "email_invitations_you_sent": _email_invitations(
            EmailInvitation.objects.filter(invited_by=user)
        ),
        "email_invitations_to_you": _email_invitations(EmailInvitation.objects.filter(user=user)),
        "email_invitations_stopped": [
            {"email": o.email, "at": _at(o.created_at)}
            for o in InvitationOptOut.objects.filter(email__in={e.lower() for e in emails})
        ],
        "moderation_about_you": _moderation(AuditLog.objects.filter(target_user=user)),
        "moderation_by_you": _moderation(AuditLog.objects.filter(actor=user)),
    }


def _email_invitations(rows) -> list[dict]:
    """Invitations by email address (games.invitations); the link's secret is left out."""
    return [
        {
            "game": i.game_id,
            "email": i.email,
            "at": _at(i.created_at),
            "sent_at": _at(i.sent_at),
            "answered_at": _at(i.answered_at),
        }
        for i in rows.order_by("created_at")
    ]


def anonymous_name(user: User) -> str:
    return f"deleted player {user.pk}"


def account_delete(*, user: User, actor: User, reason: str) -> User:
    """Anonymise the account (see the module docstring); ``actor`` is the player or an
    admin, recorded in the audit log with ``reason``."""
    if not user.is_active and user.username == f"deleted-{user.pk}":
        raise game_services.GameError(_("This account has been deleted already."))
    from allauth.account.models import EmailAddress

    with transaction.atomic():
        record(actor, "account_delete", reason, target=user)
        # No new emails from here on (receivers write none for an inactive player).
        User.objects.filter(pk=user.pk).update(is_active=False)
    user.refresh_from_db()
    old_name = user.name
    game_ids = set(Seat.objects.filter(user=user).values_list("game_id", flat=True))
    for game_id in Seat.objects.filter(user=user, game__status=GameStatus.OPEN).values_list(
        "game_id", flat=True
    ):
        # Leaving an unstarted game (its creator leaving withdraws it); one that has
        # started meanwhile is settled just below.
        with contextlib.suppress(game_services.GameError):
            game_services.invitation_decline(game_id=game_id, user=user)
    timeout_running_games(
        user=user, actor=actor, reason=reason, log_action="account_delete_timeout"
    )
    with transaction.atomic():
        now = timezone.now()
        Notification.objects.filter(user=user, sent_at__isnull=True).update(
            sent_at=now, outcome="dropped: account deleted", claim="", claimed_until=None
        )
        EmailAddress.objects.filter(user=user).delete()
        Note.objects.filter(user=user).delete()
        AnalysisNote.objects.filter(user=user).delete()
        ConditionalMoves.objects.filter(user=user).delete()
        PlanningSettings.objects.filter(user=user).delete()
        Visit.objects.filter(user=user).delete()
        ChatSettings.objects.filter(user=user).delete()
        CalendarFeed.objects.filter(user=user).delete()
        Hook.objects.filter(owner=user).delete()
        user.username = f"deleted-{user.pk}"
        user.display_name = anonymous_name(user)
        user.email = ""
        user.first_name = ""
        user.last_name = ""
        user.is_active = False
        user.is_staff = False
        user.is_superuser = False
        if user.on_vacation:  # its clocks' own switch (the games are settled above)
            clocks.vacation_end(user=user, now=now)
        user.set_unusable_password()  # a new hash: every session's auth hash fails
        user.save()
        # Results that name the player ("Alice resigned.") name the anonymous one, in
        # the English kept and in the message kept for other languages (its parameters).
        for game in Game.objects.filter(pk__in=game_ids).only("result_reason", "result_text"):
            reason = game.result_reason
            if reason.startswith(f"{old_name} "):
                reason = user.name + reason[len(old_name) :]
            text = _renamed(game.result_text, old_name, user.name)
            if (reason, text) != (game.result_reason, game.result_text):
                game.result_reason, game.result_text = reason, text
                game.save(update_fields=["result_reason", "result_text"])
    return user


def _renamed(data, old: str, new: str):
    """A stored message (``games.i18n.stored``) with every parameter that is the old
    name replaced by the new one."""
    if isinstance(data, dict):
        return {key: _renamed(value, old, new) for key, value in data.items()}
    if isinstance(data, list):
        return [_renamed(value, old, new) for value in data]
    return new if data == old else data
