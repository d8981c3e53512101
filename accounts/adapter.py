"""allauth's adapter, with Tripost's rules for names (accounts.names)."""

from __future__ import annotations

import unicodedata

from allauth.account.adapter import DefaultAccountAdapter
from django import forms
from django.urls import reverse

from . import names

# The session key under which an emailed invitation's token waits while its holder
# signs up or signs in (games.views.email_invitation): they come back to it after.
INVITATION_SESSION_KEY = "email_invitation"


class AccountAdapter(DefaultAccountAdapter):
    def get_login_redirect_url(self, request) -> str:
        # Once: the invitation page stores it again while the invitation still waits.
        token = request.session.pop(INVITATION_SESSION_KEY, None)
        if token:
            return reverse("email_invitation", args=[token])
        return super().get_login_redirect_url(request)

    def clean_username(self, username: str, shallow: bool = False) -> str:
        """A new username: NFKC, in one script, and unlike every player's name
        (usernames and display names, by skeleton) besides allauth's own checks."""
        username = unicodedata.normalize("NFKC", username)
        username = super().clean_username(username, shallow=shallow)
        try:
            names.check(username)
        except forms.ValidationError as exc:
            raise forms.ValidationError(exc.messages[0]) from exc
        if not shallow and names.taken(username, by_others_than=None):
            raise forms.ValidationError(names.TAKEN_MESSAGE)
        return username

    def _get_login_attempts_cache_key(self, request, **credentials) -> str:
        """allauth's key for the "login_failed" limit (``ACCOUNT_RATE_LIMITS``): the
        account, and here also the client's address. Wrong passwords from one address
        lock the account at that address only, so nobody can lock its owner out from
        elsewhere; the per-address rate of the same limit still bounds how many
        passwords one address may try over all accounts."""
        account = super()._get_login_attempts_cache_key(request, **credentials)
        return f"{account}:{self.get_client_ip(request)}"
