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
