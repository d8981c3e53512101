"""The feed's iCalendar text (RFC 5545, written with the ``icalendar`` library).

One event per game awaiting the player, at its deadline, with an alarm before it.
Its UID names the game, the seat and the moment the turn began, so a calendar app
that polls again updates the event (a deadline moved by a vacation) rather than
adding a second, and a new turn is a new event. Only what anyone at the table may
know: the game's title and number, the players' names and the deadline.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from urllib.parse import urlsplit

from django.conf import settings
from django.utils import translation
from django.utils.text import get_text_list
from django.utils.translation import gettext as _
from icalendar import Alarm, Calendar, Event, vDuration

from games.models import Seat

from .models import CalendarFeed

PRODID = "-//Tripost//Calendar of deadlines//EN"
# How often calendar apps are asked to poll (they may poll less often).
REFRESH = timedelta(minutes=15)


def _domain() -> str:
    return urlsplit(settings.SITE_URL).hostname or "tripost"


def uid(seat: Seat) -> str:
    began = int(seat.due_since.timestamp()) if seat.due_since else 0
    return f"turn-{seat.game_id}-{seat.index}-{began}@{_domain()}"


def _opponents(seat: Seat) -> list[str]:
    return [other.name for other in seat.game.seats.all() if other.index != seat.index]


def _event(seat: Seat, deadline: datetime, feed: CalendarFeed, now: datetime) -> Event:
    game = seat.game
    link = settings.SITE_URL + game.get_absolute_url()
    title = f"{game.title} #{game.pk}"
    summary = _("Your move: %(game)s") % {"game": title}
    opponents = _opponents(seat)
    lines = []
    if opponents:
        lines.append(_("Against %(names)s.") % {"names": get_text_list(opponents, _("and"))})
    lines.append(_("Your time for this move runs out now."))
    lines.append(link)
    event = Event.new(
        uid=uid(seat),
        summary=summary,
        description="\n".join(lines),
        start=deadline.astimezone(UTC),
        stamp=now.astimezone(UTC),
        url=link,
        transparency="TRANSPARENT",
    )
    alarm = Alarm()
    alarm.add("action", "DISPLAY")
    alarm.add("description", summary)
    alarm.add("trigger", -timedelta(hours=feed.remind_hours))
    event.add_component(alarm)
    return event


def ics(feed: CalendarFeed, turns: list[tuple[Seat, datetime]], now: datetime) -> bytes:
    """The feed's text, in the player's language."""
    user = feed.user
    with translation.override(user.language or settings.LANGUAGE_CODE):
        calendar = Calendar()
        calendar.add("prodid", PRODID)
        calendar.add("version", "2.0")
        calendar.add("calscale", "GREGORIAN")
        calendar.add("method", "PUBLISH")
        calendar.add("x-wr-calname", _("Tripost: your moves"))
        calendar.add("refresh-interval", REFRESH, parameters={"VALUE": "DURATION"})
        calendar.add("x-published-ttl", vDuration(REFRESH).to_ical().decode())
        for seat, deadline in turns:
            calendar.add_component(_event(seat, deadline, feed, now))
        return calendar.to_ical()
