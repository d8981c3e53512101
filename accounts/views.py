from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django.views.i18n import set_language

from . import languages
from .forms import PlayerSettingsForm
from .services import player_set_language, player_update_settings


@login_required
def player_settings(request):
    form = PlayerSettingsForm(request.POST or None, instance=request.user)
    if request.method == "POST" and form.is_valid():
        user = player_update_settings(user=request.user, cleaned_data=form.cleaned_data)
        # The page after this one is in the language just chosen: so is its message.
        translation.activate(languages.shown_after_saving(request, user.language))
        messages.success(request, _("Your settings are saved."))
        return languages.remember(redirect("player_settings"), user.language)
    return render(request, "accounts/settings.html", {"form": form})


@require_POST
def language_switch(request):
    """The footer's language switch: Django's ``set_language`` (the cookie, then back
    to ``next``), and for a signed-in player their setting too, which otherwise would
    win over the cookie (and emails follow it)."""
    response = set_language(request)
    language = request.POST.get("language", "")
    if request.user.is_authenticated and languages.known(language):
        player_set_language(user=request.user, language=language)
    return response
