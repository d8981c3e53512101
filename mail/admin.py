"""The outbox in the admin: every email the site wrote, filtered by kind, state and
player, with why a row was not sent; "resend" puts rows back for the next delivery
(the reasons not to send are checked again then, so a stale turn is skipped again)."""

from __future__ import annotations

from django.contrib import admin, messages
from django.db import transaction
from django.utils import timezone

from .deliverability import bounces
from .models import InboundMessage, Notification, Suppression
from .sending import outbox


class StateFilter(admin.SimpleListFilter):
    title = "state"
    parameter_name = "state"

    def lookups(self, request, model_admin):
        return [
            ("pending", "Waiting to be sent"),
            ("sent", "Sent"),
            ("not_sent", "Not sent (see the outcome)"),
        ]

    def queryset(self, request, queryset):
        if self.value() == "pending":
            return queryset.filter(sent_at__isnull=True)
        if self.value() == "sent":
            return queryset.filter(outcome="sent")
        if self.value() == "not_sent":
            return queryset.filter(sent_at__isnull=False).exclude(outcome="sent")
        return queryset


@admin.register(Notification)
class NotificationAdmin(admin.ModelAdmin):
    list_display = (
        "created_at",
        "user",
        "kind",
        "game",
        "send_after",
        "sent_at",
        "outcome",
        "attempts",
    )
    list_filter = ("kind", StateFilter, "created_at")
    search_fields = ("user__username", "user__email", "=game__id", "outcome", "message_id")
    list_select_related = ("user", "game")
    readonly_fields = [f.name for f in Notification._meta.fields]
    date_hierarchy = "created_at"
    actions = ["resend"]

    def lookup_allowed(self, lookup, value, request=None):
        # "Filter by player": ?user__id__exact=7 (the user page links here).
        return lookup.startswith("user__") or super().lookup_allowed(lookup, value, request)

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    @admin.action(description="Send again (now)")
    def resend(self, request, queryset):
        now = timezone.now()
        with transaction.atomic():
            rows = list(queryset.filter(sent_at__isnull=False))
            Notification.objects.filter(pk__in=[r.pk for r in rows]).update(
                sent_at=None,
                outcome="",
                claim="",
                claimed_until=None,
                attempts=0,
                send_after=now,
            )
            for user_id in {r.user_id for r in rows}:
                transaction.on_commit(lambda user_id=user_id: outbox.enqueue(user_id))
        skipped = queryset.count() - len(rows)
        self.message_user(request, f"{len(rows)} queued to be sent again.", messages.SUCCESS)
        if skipped:
            self.message_user(request, f"{skipped} still waiting: left as they are.")


@admin.register(Suppression)
class SuppressionAdmin(admin.ModelAdmin):
    """Addresses mail is stopped to (hard bounce, spam complaint)."""

    list_display = ("email", "user", "reason", "created_at", "lifted_at")
    list_filter = ("reason", ("lifted_at", admin.EmptyFieldListFilter))
    search_fields = ("email", "user__username")
    readonly_fields = ("user", "email", "reason", "detail", "created_at")
    actions = ["lift"]

    @admin.action(description="Send to these addresses again")
    def lift(self, request, queryset):
        stopped = queryset.filter(lifted_at=None)
        users = set(stopped.values_list("user_id", flat=True))
        lifted = stopped.update(lifted_at=timezone.now())
        for user_id in users:  # their banner goes at once
            bounces.forget_shown(user_id)
        self.message_user(request, f"Lifted: {lifted}.")


@admin.register(InboundMessage)
class InboundMessageAdmin(admin.ModelAdmin):
    """Email replies the site has seen, with what became of each."""

    list_display = ("received_at", "sender", "outcome")
    search_fields = ("sender", "message_id", "outcome")
    readonly_fields = ("message_id", "sender", "received_at", "outcome")

    def has_add_permission(self, request):
        return False
