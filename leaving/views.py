"""Download one's data; delete one's account (a page that asks for the password)."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET

from accounts import languages

from . import services


def data_response(user) -> JsonResponse:
    response = JsonResponse(
        services.account_export(user=user), json_dumps_params={"indent": 2, "ensure_ascii": False}
    )
    response["Content-Disposition"] = f'attachment; filename="tripost-{user.username}.json"'
    return response


@require_GET
@login_required
def data_download(request):
    return data_response(request.user)


class DeleteForm(forms.Form):
    password = forms.CharField(widget=forms.PasswordInput, label=_("Your password"))

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        self.user = user

    def clean_password(self) -> str:
        password = self.cleaned_data["password"]
        if not self.user.check_password(password):
            raise forms.ValidationError(_("That is not your password."))
        return password


@login_required
def account_delete(request):
    form = DeleteForm(request.POST or None, user=request.user)
    if request.method == "POST" and form.is_valid():
        services.account_delete(
            user=request.user, actor=request.user, reason="Deleted by the player."
        )
        language = request.user.language
        logout(request)
        messages.success(request, _("Your account is deleted. Thank you for playing."))
        # Signed out now: the goodbye page stays in the language they had chosen.
        return languages.remember(redirect("home"), language) if language else redirect("home")
    return render(request, "leaving/delete.html", {"form": form})
