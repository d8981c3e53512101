"""Chat in the admin: messages and their reports, with "hide" and "mute for N days";
both ask why and are written to the audit log (moderation.services.record)."""

from __future__ import annotations

from django import forms
from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from moderation.admin_actions import reason_action

from . import services
from .models import ChatSettings, Message, MessageReport


class ChatActionForm(forms.Form):
    reason = forms.CharField(widget=forms.Textarea(attrs={"rows": 3}), label=_("Why"))
    days = forms.FloatField(required=False, min_value=0, max_value=365, label=_("Days muted"))


def _chat_action(name: str, title: str, fields: tuple[str, ...], run):
    """An admin action that asks why (and for how long) before it runs ``run(obj, ...)``."""
    return reason_action(
        name=name,
        title=title,
        form_class=ChatActionForm,
        fields=fields,
        run=lambda modeladmin, obj, actor, data: run(obj, actor, data),
        errors=(services.ChatError,),
    )


def _hide(message: Message, actor, data) -> None:
    services.message_hide(message=message, actor=actor, reason=data["reason"])


def _mute(message: Message, actor, data) -> None:
    if data.get("days") is None:
        raise ValueError(_("Give the number of days (0 lifts a mute)."))
    services.user_mute(user=message.author, actor=actor, reason=data["reason"], days=data["days"])


def _report_hide(report: MessageReport, actor, data) -> None:
    _hide(report.message, actor, data)


def _report_mute(report: MessageReport, actor, data) -> None:
    _mute(report.message, actor, data)


@admin.register(Message)
class MessageAdmin(admin.ModelAdmin):
    list_display = ("created_at", "author", "game", "ply", "text", "deleted_at", "hidden_at")
    list_filter = (
        ("hidden_at", admin.EmptyFieldListFilter),
        ("deleted_at", admin.EmptyFieldListFilter),
    )
    search_fields = ("text", "author__username", "=game__id")
    readonly_fields = ("game", "author", "ply", "text", "created_at", "deleted_at", "hidden_at")
    list_select_related = ("author", "game")
    actions = [
        _chat_action("hide", _("Hide the message"), (), _hide),
        _chat_action("mute", _("Mute the author for some days"), ("days",), _mute),
    ]

    def has_add_permission(self, request) -> bool:
        return False


@admin.register(MessageReport)
class MessageReportAdmin(admin.ModelAdmin):
    list_display = ("created_at", "reporter", "author", "text", "reason", "resolved")
    list_filter = ("resolved",)
    search_fields = ("reporter__username", "message__author__username", "message__text")
    list_editable = ("resolved",)
    readonly_fields = ("message", "reporter", "reason", "created_at")
    list_select_related = ("reporter", "message__author")
    actions = [
        _chat_action("hide", _("Hide the reported message"), (), _report_hide),
        _chat_action("mute", _("Mute the author for some days"), ("days",), _report_mute),
    ]

    def has_add_permission(self, request) -> bool:
        return False

    @admin.display(description=_("Author"))
    def author(self, report: MessageReport):
        return report.message.author

    @admin.display(description=_("Message"))
    def text(self, report: MessageReport) -> str:
        return report.message.text


@admin.register(ChatSettings)
class ChatSettingsAdmin(admin.ModelAdmin):
    list_display = ("user", "enabled", "mail", "muted_until")
    search_fields = ("user__username",)
    readonly_fields = ("user", "muted_until")
