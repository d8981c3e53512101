from __future__ import annotations

import binascii
from urllib.parse import urlsplit

from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _

from .keys import unb64url
from .models import Preferences


def _b64url_bytes(value: str, length: int, *, first: int | None = None) -> bool:
    try:
        raw = unb64url(value)
    except (binascii.Error, ValueError):
        return False
    return len(raw) == length and (first is None or raw[0] == first)


def allowed_push_service(endpoint: str) -> bool:
    """An https URL on one of ``PUSH_SERVICE_HOSTS`` (or a subdomain): the server
    posts to the endpoint a browser hands it, so it may only be a push service."""
    parts = urlsplit(endpoint)
    host = (parts.hostname or "").lower()
    if parts.scheme != "https":
        return False
    return any(host == h or host.endswith("." + h) for h in settings.PUSH_SERVICE_HOSTS)


class SubscriptionForm(forms.Form):
    """A browser's ``PushSubscription.toJSON()``: endpoint, and its keys."""

    endpoint = forms.URLField(max_length=1000, assume_scheme="https")
    p256dh = forms.CharField(max_length=120)
    auth = forms.CharField(max_length=40)

    def clean_endpoint(self) -> str:
        endpoint = self.cleaned_data["endpoint"]
        if not allowed_push_service(endpoint):
            raise forms.ValidationError(_("This browser's push service is not one the site knows."))
        return endpoint

    def clean_p256dh(self) -> str:
        value = self.cleaned_data["p256dh"]
        if not _b64url_bytes(value, 65, first=4):  # an uncompressed P-256 point
            raise forms.ValidationError(_("The browser's key is not a P-256 public key."))
        return value

    def clean_auth(self) -> str:
        value = self.cleaned_data["auth"]
        if not _b64url_bytes(value, 16):
            raise forms.ValidationError(_("The browser's secret is not 16 bytes."))
        return value


class PreferencesForm(forms.ModelForm):
    class Meta:
        model = Preferences
        fields = ["turn", "reminder", "result", "invitation", "draw_offer", "chat", "conditional"]
