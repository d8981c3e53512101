from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render

from .forms import PlayerSettingsForm
from .services import player_update_settings


@login_required
def player_settings(request):
    form = PlayerSettingsForm(request.POST or None, instance=request.user)
    if request.method == "POST" and form.is_valid():
        player_update_settings(user=request.user, cleaned_data=form.cleaned_data)
        messages.success(request, "Your settings are saved.")
        return redirect("player_settings")
    return render(request, "accounts/settings.html", {"form": form})
