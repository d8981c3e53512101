from django.contrib import admin
from django.utils import timezone

from .models import InboundMessage, Suppression


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
        lifted = queryset.filter(lifted_at=None).update(lifted_at=timezone.now())
        self.message_user(request, f"Lifted: {lifted}.")


@admin.register(InboundMessage)
class InboundMessageAdmin(admin.ModelAdmin):
    """Email replies the site has seen, with what became of each."""

    list_display = ("received_at", "sender", "outcome")
    search_fields = ("sender", "message_id", "outcome")
    readonly_fields = ("message_id", "sender", "received_at", "outcome")

    def has_add_permission(self, request):
        return False
