"""Players report another player from a game page (reports appear in the admin)."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from config.throttle import throttle
from games.models import Game
from games.services import GameError
from moderation.services import report_create


class ReportForm(forms.Form):
    reported = forms.IntegerField()
    reason = forms.CharField(max_length=2000)


@require_POST
@login_required
@throttle("report")
def game_report(request, game_id: int):
    game = get_object_or_404(Game, pk=game_id)
    form = ReportForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose a player and say what happened."))
        return redirect(game)
    try:
        report_create(
            game=game,
            reporter=request.user,
            reported_id=form.cleaned_data["reported"],
            reason=form.cleaned_data["reason"],
        )
    except GameError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, _("Thank you: the moderators will look at your report."))
    return redirect(game)
