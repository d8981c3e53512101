"""Moderation in the Django admin: games, reports, the audit log, and bans.

Every action asks for a reason on an intermediate page and goes through
``moderation.services``, which records who did it and why (``AuditLog``).
"""

from __future__ import annotations

from django import forms
from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from accounts.admin import UserAdmin
from accounts.models import User
from games.admin import GameAdmin
from games.models import Game
from moderation import services as moderation
from moderation.admin_actions import reason_action
from moderation.models import AuditLog, Report


class ReasonForm(forms.Form):
    reason = forms.CharField(widget=forms.Textarea(attrs={"rows": 3}), label=_("Why"))
    days = forms.FloatField(required=False, min_value=0.01, max_value=60, label=_("Days to add"))
    winners = forms.CharField(
        required=False,
        label=_("Winning seat numbers"),
        help_text=_("Comma-separated, e.g. 0 or 1,2"),
    )
    draw = forms.BooleanField(required=False, label=_("Draw (every seat shares the result)"))


def moderation_action(name: str, title: str, fields: tuple[str, ...]):
    """An admin action that asks for a reason (and its parameters) before it runs."""
    return reason_action(
        name=name,
        title=title,
        form_class=ReasonForm,
        fields=fields,
        run=lambda modeladmin, obj, actor, data: modeladmin.run_action(name, obj, actor, data),
    )


class AuditInline(admin.TabularInline):
    model = AuditLog
    fk_name = "game"
    extra = 0
    can_delete = False
    fields = ("created_at", "actor", "action", "reason", "details")
    readonly_fields = fields


# Games: the games app's admin plus the moderation actions and the audit log.
admin.site.unregister(Game)


@admin.register(Game)
class ModeratedGameAdmin(GameAdmin):
    inlines = [*GameAdmin.inlines, AuditInline]
    actions = [
        moderation_action("abort", _("Abort the game"), ()),
        moderation_action("extend", _("Extend the deadline"), ("days",)),
        moderation_action("force_timeout", _("Apply the timeout rule now"), ()),
        moderation_action("adjudicate", _("Adjudicate the result"), ("winners", "draw")),
    ]

    def run_action(self, name: str, game: Game, actor, data: dict) -> None:
        reason = data["reason"]
        if name == "abort":
            moderation.game_abort(game_id=game.pk, actor=actor, reason=reason)
        elif name == "extend":
            if not data.get("days"):
                raise ValueError(_("Give the number of days to add."))
            moderation.deadline_extend(
                game_id=game.pk, actor=actor, reason=reason, days=data["days"]
            )
        elif name == "force_timeout":
            moderation.force_timeout(game_id=game.pk, actor=actor, reason=reason)
        elif name == "adjudicate":
            winners = [int(w) for w in (data.get("winners") or "").replace(" ", "").split(",") if w]
            moderation.game_adjudicate(
                game_id=game.pk, actor=actor, reason=reason, winners=winners, draw=data["draw"]
            )


@admin.register(Report)
class ReportAdmin(admin.ModelAdmin):
    list_display = ("created_at", "reporter", "reported", "game", "resolved")
    list_filter = ("resolved",)
    search_fields = ("reporter__username", "reported__username", "reason")
    list_editable = ("resolved",)
    readonly_fields = ("game", "reporter", "reported", "reason", "created_at")


@admin.register(AuditLog)
class AuditLogAdmin(admin.ModelAdmin):
    list_display = ("created_at", "actor", "action", "game", "target_user", "reason")
    list_filter = ("action",)
    search_fields = ("reason", "actor__username", "target_user__username")
    readonly_fields = ("created_at", "actor", "action", "game", "target_user", "reason", "details")

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


# Users: the accounts app's admin plus "Ban", which applies the timeout rule.
admin.site.unregister(User)


@admin.register(User)
class ModeratedUserAdmin(UserAdmin):
    actions = [moderation_action("ban", _("Ban (deactivate; timeout rule in running games)"), ())]

    def run_action(self, name: str, user: User, actor, data: dict) -> None:
        if user.pk == actor.pk:
            raise ValueError(_("You cannot ban yourself."))
        moderation.user_ban(user=user, actor=actor, reason=data["reason"])
