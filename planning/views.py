from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from . import services
from .forms import SettingsForm


@login_required
def planning_settings(request):
    prefs = services.planning_settings(request.user)
    # (bound on every POST: unticking the only box sends no field at all)
    form = SettingsForm(
        request.POST if request.method == "POST" else None,
        initial={"play_forced_steps": prefs.play_forced_steps},
    )
    if request.method == "POST" and form.is_valid():
        services.settings_update(
            user=request.user, play_forced_steps=form.cleaned_data["play_forced_steps"]
        )
        messages.success(request, _("Your settings for moves played for you are saved."))
        return redirect("planning_settings")
    return render(request, "planning/settings.html", {"form": form})
