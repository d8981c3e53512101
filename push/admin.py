from django.contrib import admin

from .models import Device, PushMessage


@admin.register(Device)
class DeviceAdmin(admin.ModelAdmin):
    list_display = ["user", "user_agent", "created_at", "last_used_at"]
    raw_id_fields = ["user"]
    search_fields = ["user__username"]


@admin.register(PushMessage)
class PushMessageAdmin(admin.ModelAdmin):
    """The push outbox, to see what was sent and why not."""

    list_display = ["kind", "user", "game", "version", "created_at", "attempts", "outcome"]
    list_filter = ["kind", "outcome"]
    raw_id_fields = ["device", "user", "game", "seat"]
    search_fields = ["user__username"]
