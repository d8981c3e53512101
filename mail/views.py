"""One-click unsubscribe (RFC 8058): POST unsubscribes without login; GET only asks."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from accounts.models import EmailPreference, User
from games import invitations

from .deliverability import bounces
from .sending import guests, tokens


# The POST comes from the mail provider's one-click button (no session, no CSRF token);
# the signed token in the URL is the authorisation, and it can only switch mail off.
@csrf_exempt
def unsubscribe(request, token: str):
    try:
        user_id = tokens.read_unsubscribe_token(token)
    except tokens.BadToken as exc:
        return HttpResponseBadRequest(str(exc))
    user = User.objects.filter(pk=user_id).first()
    if user is None:
        return HttpResponseBadRequest(_("This unsubscribe link is no longer valid."))
    done = False
    if request.method == "POST":
        User.objects.filter(pk=user.pk).update(email_preference=EmailPreference.NONE)
        done = True
    return render(request, "mail/unsubscribe.html", {"done": done, "player": user})


# As ``unsubscribe``: the provider's one-click POST has no session and no CSRF token;
# the signed address in the URL is the permission, and it can only stop mail.
@csrf_exempt
def invitation_stop(request, token: str):
    """An address invited by email asks for no more invitations (no account needed)."""
    address = guests.read_stop_token(token)
    if address is None:
        return HttpResponseBadRequest(_("This unsubscribe link is damaged."))
    done = False
    if request.method == "POST":
        invitations.opt_out(address)
        done = True
    return render(request, "mail/invitation_stop.html", {"done": done, "address": address})


@login_required
@require_POST
def resume(request):
    """The player fixed the address that bounced: send to it again."""
    if bounces.lift(user=request.user):
        messages.success(request, _("Emails to your address are switched on again."))
    return redirect("player_settings")
