"""The time zones a player chooses from: real places, grouped by region.

``zoneinfo.available_timezones()`` holds about 600 names, many of them legacy aliases
("W-SU", "Zulu", "US/Pacific", "Etc/GMT+5"). The list offered is the tz database's
``zone.tab`` (one entry per place people live, e.g. Europe/Oslo, America/Los_Angeles),
read from the same folder as the zones, plus UTC; without that file, every
Region/City name. Browsers may report a legacy alias (Chrome says "Asia/Calcutta"):
:func:`aliases` maps those to a listed zone, from the database's link lines
(``tzdata.zi``), so the page can preselect the right entry.
"""

from __future__ import annotations

import zoneinfo
from functools import cache
from pathlib import Path

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

REGIONS = (
    "Africa", "America", "Antarctica", "Arctic", "Asia", "Atlantic", "Australia",
    "Europe", "Indian", "Pacific",
)  # fmt: skip
DEFAULT = "UTC"
# The regions in the reader's language (the zone names themselves stay as they are).
REGION_NAMES = {
    "Africa": _("Africa"),
    "America": _("America"),
    "Antarctica": _("Antarctica"),
    "Arctic": _("Arctic"),
    "Asia": _("Asia"),
    "Atlantic": _("Atlantic"),
    "Australia": _("Australia"),
    "Europe": _("Europe"),
    "Indian": _("Indian Ocean"),
    "Pacific": _("Pacific"),
}


def _zoneinfo_file(name: str) -> Path | None:
    for folder in zoneinfo.TZPATH:
        path = Path(folder) / name
        if path.is_file():
            return path
    return None


@cache
def listed() -> tuple[str, ...]:
    """The zones offered, sorted, UTC first."""
    known = zoneinfo.available_timezones()
    tab = _zoneinfo_file("zone.tab")
    if tab is not None:
        lines = tab.read_text(encoding="utf-8").splitlines()
        zones = {line.split("\t")[2] for line in lines if line and not line.startswith("#")}
    else:
        zones = {z for z in known if z.split("/", 1)[0] in REGIONS}
    return (DEFAULT, *sorted(z for z in zones & known if z != DEFAULT))


@cache
def aliases() -> dict[str, str]:
    """Legacy names that stand for a listed zone: {"Asia/Calcutta": "Asia/Kolkata"}."""
    zi = _zoneinfo_file("tzdata.zi")
    if zi is None:
        return {}
    shown = set(listed())
    found = {}
    for line in zi.read_text(encoding="utf-8").splitlines():
        if line.startswith("L "):
            _, target, alias = line.split()
            if target in shown and alias not in shown:
                found[alias] = target
    return found


def label(zone: str) -> str:
    """A zone's place in words, the city first (a select finds it by its first letters)
    and its region after: "Los Angeles (America)", "Salta, Argentina (America)", in the
    active language: "Los Angeles (Amerika)"."""
    if "/" not in zone:
        return zone
    region, place = zone.split("/", 1)
    parts = place.replace("_", " ").split("/")
    return f"{', '.join(reversed(parts))} ({REGION_NAMES.get(region, region)})"


def grouped(current: str | None = None) -> list:
    """Choices for a select with one optgroup per region. ``current``: a player's zone
    from before this list (a legacy name), kept so that saving the form keeps it."""
    groups: dict[str, list[tuple[str, str]]] = {}
    for zone in listed()[1:]:
        groups.setdefault(zone.split("/", 1)[0], []).append((zone, label(zone)))
    choices: list = [(DEFAULT, gettext("UTC (no daylight saving)"))]
    if current and current not in listed():
        choices.append((current, current))
    choices += [
        (str(REGION_NAMES.get(region, region)), zones) for region, zones in sorted(groups.items())
    ]
    return choices
