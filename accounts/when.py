"""Dates and times as a player reads them: in their time zone and language.

    when(dt)       Fri 4 Dec, 08:22 CET         Fr. 4. Dez., 08:22 MEZ
    when_long(dt)  Fri 4 Dec 2026, 08:22 CET    Fr. 4. Dez. 2026, 08:22 MEZ
    day(dt)        4 Dec 2026                   4. Dez. 2026
    weekday(dt)    Fri 4 Dec                    Fr. 4. Dez.
    clock(dt)      4 Dec, 08:22                 4. Dez., 08:22

The active time zone (accounts.middleware, or the recipient's for an email) and the
active language choose; Django's own catalogue names the days and months. Time
spans ("2 days, 23 hours" / "2 Tage, 23 Stunden") are Django's ``timeuntil``.
"""

from __future__ import annotations

import functools
from datetime import datetime

from django.template.defaultfilters import date as format_date
from django.utils import timezone, translation

FORMATS = {
    "en": {
        "when": "D j M, H:i",
        "when_long": "D j M Y, H:i",
        "day": "j M Y",
        "weekday": "D j M",
        "clock": "j M, H:i",
    },
    "de": {
        "when": "D. j. N, H:i",
        "when_long": "D. j. N Y, H:i",
        "day": "j. N Y",
        "weekday": "D. j. N",
        "clock": "j. N, H:i",
    },
}
# German names of the zones German speakers meet; others keep their abbreviation.
ZONE_NAMES = {
    "de": {
        "CET": "MEZ",
        "CEST": "MESZ",
        "WET": "WEZ",
        "WEST": "WESZ",
        "EET": "OEZ",
        "EEST": "OESZ",
    }
}


def _language() -> str:
    language = (translation.get_language() or "en").split("-")[0]
    return language if language in FORMATS else "en"


def zone_name(value: datetime) -> str:
    """The abbreviation of ``value``'s zone in the active time zone ("MEZ")."""
    name = timezone.localtime(value).tzname() or ""
    return ZONE_NAMES.get(_language(), {}).get(name, name)


def _format(value: datetime | None, kind: str, *, zone: bool) -> str:
    if value is None:
        return ""
    language, tz = translation.get_language(), timezone.get_current_timezone()
    return _formatted(value, kind, zone, language, tz)


# A page or email shows a moment more than once (an email's text and HTML parts), and
# Django's date formatting is slow: each text is made once for the active language and
# time zone, which are part of the key.
@functools.lru_cache(maxsize=1024)
def _formatted(value: datetime, kind: str, zone: bool, language, tz) -> str:
    if timezone.is_aware(value):
        value = timezone.localtime(value)
    text = format_date(value, FORMATS[_language()][kind])
    return f"{text} {zone_name(value)}" if zone else text


def when(value):
    return _format(value, "when", zone=True)


def when_long(value):
    return _format(value, "when_long", zone=True)


def day(value):
    return _format(value, "day", zone=False)


def weekday(value):
    return _format(value, "weekday", zone=False)


def clock(value):
    return _format(value, "clock", zone=False)
