"""Admins do for a player what the player can: download their data, delete (anonymise)
their account. Django's own "delete" is taken away: seats protect the row."""

from __future__ import annotations

from django.contrib import admin, messages
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from moderation.admin import ModeratedUserAdmin, moderation_action

from . import services
from .views import data_response

admin.site.unregister(User)


@admin.register(User)
class LeavingUserAdmin(ModeratedUserAdmin):
    actions = [
        *ModeratedUserAdmin.actions,
        moderation_action("delete_account", _("Delete the account (anonymise)"), ()),
        "download_data",
    ]

    list_display = (*ModeratedUserAdmin.list_display, "outbox")

    @admin.display(description=_("Emails"))
    def outbox(self, user: User):
        url = reverse("admin:mail_notification_changelist") + f"?user__id__exact={user.pk}"
        return format_html('<a href="{}">Emails</a>', url)

    def get_actions(self, request):
        actions = super().get_actions(request)
        actions.pop("delete_selected", None)
        return actions

    def has_delete_permission(self, request, obj=None) -> bool:
        return False

    def run_action(self, name: str, user: User, actor, data: dict) -> None:
        if name != "delete_account":
            return super().run_action(name, user, actor, data)
        if user.pk == actor.pk:
            raise ValueError(_("Delete your own account from your settings page."))
        services.account_delete(user=user, actor=actor, reason=data["reason"])
        return None

    @admin.action(description=_("Download the player's data (JSON)"))
    def download_data(self, request, queryset):
        if queryset.count() != 1:
            self.message_user(request, _("Choose one player."), messages.ERROR)
            return None
        return data_response(queryset.get())
