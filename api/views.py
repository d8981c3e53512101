"""Settings → API tokens: make, see and revoke one's personal tokens."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.cache import add_never_cache_headers
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from .forms import TokenForm
from .tokens import TokenError, live_tokens, token_create, token_revoke


@login_required
def tokens(request):
    form = TokenForm(request.POST or None)
    made = None
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                _token, made = token_create(
                    user=request.user,
                    name=form.cleaned_data["name"],
                    scopes=form.cleaned_data["scopes"],
                )
            except TokenError as exc:
                form.add_error(None, str(exc))
                status = 400
            else:
                form = TokenForm()
        else:
            status = 400
    context = {"form": form, "made": made, "tokens": live_tokens(request.user)}
    response = render(request, "api/tokens.html", context, status=status)
    add_never_cache_headers(response)  # the new token is on this page, once
    return response


@require_POST
@login_required
def revoke(request, token_id: int):
    from django.contrib import messages

    if token_revoke(user=request.user, token_id=token_id):
        messages.success(request, _("The token is revoked: it no longer works."))
    return redirect("api_tokens")
