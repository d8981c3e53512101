"""Ratings in the admin: read-only, with the moderators' one action (void a game's
rating change, with a reason, in the audit log)."""

from django import forms
from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from moderation.admin_actions import reason_action
from ratings import services
from ratings.models import RatedGame, Rating, RatingChange


class VoidForm(forms.Form):
    reason = forms.CharField(widget=forms.Textarea(attrs={"rows": 3}), label=_("Why"))


@admin.register(Rating)
class RatingAdmin(admin.ModelAdmin):
    list_display = ["__str__", "engine", "bracket", "games", "last_played_at"]
    list_filter = ["engine", "bracket"]
    search_fields = ["user__username", "user__display_name", "computer_level"]
    readonly_fields = [f.name for f in Rating._meta.fields]


class ChangeInline(admin.TabularInline):
    model = RatingChange
    extra = 0
    can_delete = False
    readonly_fields = ["rating", "seat_index", "rank", "before", "after"]
    fields = readonly_fields

    # Changes are written by rating a game, never by hand; without this the add and
    # change pages draw an empty row whose "before" has no values to show.
    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(RatedGame)
class RatedGameAdmin(admin.ModelAdmin):
    list_display = ["game", "engine", "bracket", "created_at", "voided_at"]
    list_filter = ["engine", "bracket", "voided_at"]
    readonly_fields = ["game", "engine", "bracket", "created_at", "voided_at"]
    inlines = [ChangeInline]
    actions = [
        reason_action(
            name="void",
            title=_("Void the rating change"),
            form_class=VoidForm,
            run=lambda modeladmin, rated, actor, data: services.void_game(
                game_id=rated.game_id, actor=actor, reason=data["reason"]
            ),
        )
    ]
