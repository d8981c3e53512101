"""Admin actions that ask why before they run (moderation, chat, ratings): an
intermediate page with the reason (and the action's own fields), then ``run`` for each
selected row; errors are shown per row. The flows record who did it and why."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.template.response import TemplateResponse
from django.utils.translation import gettext

from games.services import GameError


def reason_action(
    *, name: str, title: str, form_class, run, fields: tuple[str, ...] = (), errors=()
):
    """An admin action ``name`` that asks for ``form_class``'s reason and ``fields``
    before calling ``run(obj, actor, cleaned_data)`` on each selected object."""
    caught = (GameError, ValueError, *errors)

    def action(modeladmin, request, queryset):
        form = form_class(request.POST if "apply" in request.POST else None)
        if form.is_valid():
            done = 0
            for obj in queryset:
                try:
                    run(modeladmin, obj, request.user, form.cleaned_data)
                    done += 1
                except caught as exc:
                    modeladmin.message_user(request, f"{obj}: {exc}", messages.ERROR)
            if done:
                modeladmin.message_user(
                    request,
                    gettext("%(action)s: %(count)d done.") % {"action": title, "count": done},
                    messages.SUCCESS,
                )
            return None
        return TemplateResponse(
            request,
            "moderation/admin_action.html",
            {
                **modeladmin.admin_site.each_context(request),
                "title": title,
                "objects": queryset,
                "form": form,
                "fields": [form[f] for f in ("reason", *fields)],
                "action": name,
                "checkbox_name": ACTION_CHECKBOX_NAME,
                "opts": modeladmin.model._meta,
            },
        )

    action.__name__ = name
    action.short_description = title
    return action
