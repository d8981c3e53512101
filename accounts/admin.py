from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin

from .models import User


@admin.register(User)
class UserAdmin(BaseUserAdmin):
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
