"""Games in the Django admin: read-only records (seats, moves, the snapshot).

The moderation app adds its actions (abort, extend, adjudicate...) to this admin."""

from __future__ import annotations

import json

from django.contrib import admin
from django.utils.html import format_html

from games.models import EmailInvitation, Game, InvitationOptOut, Move, Seat


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    can_delete = False
    fields = (
        "index",
        "user",
        "controller",
        "status",
        "is_due",
        "deadline",
        "remind_at",
        "bank_seconds",
        "score",
        "rank",
        "is_winner",
    )
    readonly_fields = fields


class MoveInline(admin.TabularInline):
    model = Move
    extra = 0
    can_delete = False
    fields = ("ply", "seat", "action", "description", "by_computer", "created_at")
    readonly_fields = fields


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("__str__", "engine", "status", "players", "version", "deadline", "created_at")
    list_filter = ("engine", "status", "time_control")
    search_fields = ("=id", "seats__user__username", "seats__user__email")
    readonly_fields = (
        "engine",
        "num_players",
        "options",
        "seed",
        "status",
        "version",
        "to_move",
        "time_control",
        "days_per_move",
        "bank_start_days",
        "bank_increment_days",
        "bank_cap_days",
        "weekends_off",
        "auto_vacation_allowed",
        "deadline",
        "created_by",
        "created_at",
        "started_at",
        "finished_at",
        "result_reason",
        "state_pretty",
    )
    exclude = ("state",)
    inlines = [SeatInline, MoveInline]

    def get_queryset(self, request):
        return super().get_queryset(request).prefetch_related("seats__user")

    def lookup_allowed(self, lookup, value, request=None):
        # "Filter by player": ?seats__user__username=alice
        return lookup.startswith("seats__user") or super().lookup_allowed(lookup, value, request)

    @admin.display(description="Players")
    def players(self, game: Game) -> str:
        return ", ".join(s.name for s in game.seats.all())

    @admin.display(description="State")
    def state_pretty(self, game: Game):
        return format_html("<pre>{}</pre>", json.dumps(game.state, indent=1)[:20000])

    def has_add_permission(self, request) -> bool:
        return False


@admin.register(EmailInvitation)
class EmailInvitationAdmin(admin.ModelAdmin):
    """Invitations by email address, to see who invited whom and what was sent (read
    only; the nonce, part of the link's token, is never shown)."""

    list_display = ("email", "game", "invited_by", "created_at", "user", "outcome")
    list_filter = ("outcome",)
    search_fields = ("email", "invited_by__username")
    fields = (
        "game",
        "place",
        "email",
        "invited_by",
        "user",
        "created_at",
        "answered_at",
        "sent_at",
        "outcome",
        "attempts",
        "message_id",
    )
    readonly_fields = fields

    def has_add_permission(self, request) -> bool:
        return False


@admin.register(InvitationOptOut)
class InvitationOptOutAdmin(admin.ModelAdmin):
    """Addresses that asked for no more invitations by email (their unsubscribe)."""

    list_display = ("email", "created_at")
    search_fields = ("email",)
