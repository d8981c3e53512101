"""Reads for the devices page."""

from __future__ import annotations

import re

from .models import Device

# (pattern in the User-Agent, name shown), first match wins: a browser's name.
BROWSERS = [
    (r"Edg/", "Edge"),
    (r"OPR/|Opera", "Opera"),
    (r"SamsungBrowser/", "Samsung Internet"),
    (r"Firefox/|FxiOS/", "Firefox"),
    (r"Chrome/|CriOS/|Chromium/", "Chrome"),
    (r"Safari/", "Safari"),
]
SYSTEMS = [
    (r"Android", "Android"),
    (r"iPhone|iPad|iPod", "iOS"),
    (r"Windows", "Windows"),
    (r"Mac OS X|Macintosh", "macOS"),
    (r"CrOS", "ChromeOS"),
    (r"Linux", "Linux"),
]


def _first(patterns, text: str) -> str:
    return next((name for pattern, name in patterns if re.search(pattern, text)), "")


def device_name(user_agent: str) -> str:
    """ "Chrome, Android", from the browser's User-Agent (or the start of it)."""
    parts = [p for p in (_first(BROWSERS, user_agent), _first(SYSTEMS, user_agent)) if p]
    return ", ".join(parts) or user_agent[:60]


def devices_of(user) -> list[Device]:
    devices = list(Device.objects.filter(user=user).order_by("created_at"))
    for device in devices:
        device.name = device_name(device.user_agent)
    return devices
