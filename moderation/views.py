"""Players report another player from a game page (reports appear in the admin)."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from config.throttle import throttle
from games.models import Game
from games.services import GameError
from games.views import refused_page
from moderation.services import report_create


class ReportForm(forms.Form):
    reported = forms.IntegerField()
    reason = forms.CharField(max_length=2000)


def _report_refused(request, message: str, game_id: int, status: int = 429) -> HttpResponse:
    """The game page, the report form open with the reason and what was written."""
    report = {
        "form": "report",
        "error": message,
        "reported": request.POST.get("reported", ""),
        "reason": request.POST.get("reason", "")[:2000],
    }
    return refused_page(request, game_id, "", status, refusal=report)


@require_POST
@login_required
@throttle("report", refused=_report_refused)
def game_report(request, game_id: int):
    game = get_object_or_404(Game, pk=game_id)
    form = ReportForm(request.POST)
    if not form.is_valid():
        return _report_refused(
            request, _("Choose a player and say what happened."), game.pk, status=400
        )
    try:
        report_create(
            game=game,
            reporter=request.user,
            reported_id=form.cleaned_data["reported"],
            reason=form.cleaned_data["reason"],
        )
    except GameError as exc:
        return _report_refused(request, str(exc), game.pk, status=400)
    messages.success(request, _("Thank you: the moderators will look at your report."))
    return redirect(game)
