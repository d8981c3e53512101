"""allauth's adapter, with Tripost's rules for names (accounts.names)."""

from __future__ import annotations

import unicodedata

from allauth.account.adapter import DefaultAccountAdapter
from django import forms

from . import names


class AccountAdapter(DefaultAccountAdapter):
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
