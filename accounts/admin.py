from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin
from django.contrib.auth.forms import UserChangeForm

from games import clocks

from . import services
from .models import User


class PlayerChangeForm(UserChangeForm):
    def clean(self):
        cleaned = super().clean()
        try:
            clocks.validate_night(cleaned.get("night_start_hour"), cleaned.get("night_end_hour"))
        except ValueError as exc:
            self.add_error("night_end_hour", str(exc))
        return cleaned


@admin.register(User)
class UserAdmin(BaseUserAdmin):
    form = PlayerChangeForm
    list_display = ("username", "display_name", "email", "is_active", "is_staff", "date_joined")
    list_filter = (
        "is_active",
        "is_staff",
        "is_superuser",
        "email_preference",
        "language",
        "on_vacation",
    )
    search_fields = ("username", "display_name", "email", "first_name", "last_name")
    fieldsets = (
        *BaseUserAdmin.fieldsets,
        (
            "Tripost",
            {
                "fields": (
                    "display_name",
                    "language",
                    "time_zone",
                    "email_preference",
                    "digest_hour",
                    "night_start_hour",
                    "night_end_hour",
                    "on_vacation",
                    "auto_vacation",
                    "vacation_automatic",
                )
            },
        ),
    )

    def save_model(self, request, obj, form, change):
        """A change goes through the settings' service, so that a vacation switched
        here moves the player's clocks as it does on the settings page."""
        if not change:
            return super().save_model(request, obj, form, change)
        services.player_update_settings(user=obj, cleaned_data={})
        return None
