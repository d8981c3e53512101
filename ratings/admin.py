"""Ratings in the admin: read-only, with the moderators' one action (void a game's
rating change, with a reason, in the audit log)."""

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.template.response import TemplateResponse

from ratings import services
from ratings.models import RatedGame, Rating, RatingChange


class VoidForm(forms.Form):
    reason = forms.CharField(widget=forms.Textarea(attrs={"rows": 3}), label="Why")


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


@admin.register(RatedGame)
class RatedGameAdmin(admin.ModelAdmin):
    list_display = ["game", "engine", "bracket", "created_at", "voided_at"]
    list_filter = ["engine", "bracket", "voided_at"]
    readonly_fields = ["game", "engine", "bracket", "created_at", "voided_at"]
    inlines = [ChangeInline]
    actions = ["void"]

    @admin.action(description="Void the rating change (asks why)")
    def void(self, request, queryset):
        form = VoidForm(request.POST if "apply" in request.POST else None)
        if form.is_valid():
            for rated in queryset:
                try:
                    services.void_game(
                        game_id=rated.game_id,
                        actor=request.user,
                        reason=form.cleaned_data["reason"],
                    )
                except ValueError as exc:
                    self.message_user(request, f"{rated}: {exc}", messages.ERROR)
                else:
                    self.message_user(request, f"{rated}: void, ratings recomputed.")
            return None
        return TemplateResponse(
            request,
            "moderation/admin_action.html",
            {
                **self.admin_site.each_context(request),
                "title": "Void the rating change",
                "objects": queryset,
                "form": form,
                "fields": [form["reason"]],
                "action": "void",
                "checkbox_name": ACTION_CHECKBOX_NAME,
                "opts": self.model._meta,
            },
        )
