from django.apps import AppConfig


class CalendarsConfig(AppConfig):
    """Each player's calendar of deadlines: a secret iCalendar feed of the games that
    await their move. Imports ``games`` and ``accounts``; neither imports it (the
    settings page links to it by one line)."""

    name = "calendars"
    verbose_name = "Calendar of deadlines"
