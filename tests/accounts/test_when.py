"""Dates read in the player's zone and language (issue 16: "Fr. 4. Dez., 08:22 MEZ")."""

import zoneinfo
from datetime import UTC, datetime

import pytest
from django.template import Context, Template
from django.utils import timezone, translation

from accounts import when

MOMENT = datetime(2026, 12, 4, 7, 22, tzinfo=UTC)  # a Friday; 08:22 in Berlin
SUMMER = datetime(2026, 7, 3, 6, 22, tzinfo=UTC)


@pytest.fixture(autouse=True)
def berlin():
    with timezone.override(zoneinfo.ZoneInfo("Europe/Berlin")):
        yield


def test_german_dates_read_as_a_german_expects():
    with translation.override("de"):
        assert when.when(MOMENT) == "Fr. 4. Dez., 08:22 MEZ"
        assert when.when_long(MOMENT) == "Fr. 4. Dez. 2026, 08:22 MEZ"
        assert when.day(MOMENT) == "4. Dez. 2026"
        assert when.when(SUMMER) == "Fr. 3. Juli, 08:22 MESZ"


def test_english_dates_keep_their_form():
    with translation.override("en"):
        assert when.when(MOMENT) == "Fri 4 Dec, 08:22 CET"
        assert when.when_long(SUMMER) == "Fri 3 Jul 2026, 08:22 CEST"
        assert when.weekday(MOMENT) == "Fri 4 Dec"


def test_the_filters_and_the_time_span_in_german():
    template = Template("{% load when %}{{ at|when }} ({{ at|timeuntil:now }})")
    now = datetime(2026, 12, 1, 8, 0, tzinfo=UTC)
    with translation.override("de"):
        text = template.render(Context({"at": MOMENT, "now": now}))
    assert text == "Fr. 4. Dez., 08:22 MEZ (2\xa0Tage, 23\xa0Stunden)"


def test_no_value_is_empty():
    assert when.when(None) == ""


def test_a_moment_reads_in_whichever_language_and_zone_is_active_each_time():
    for _ in range(2):  # (the second round reads what the first one kept)
        with translation.override("de"):
            assert when.when(MOMENT) == "Fr. 4. Dez., 08:22 MEZ"
        with translation.override("en"):
            assert when.when(MOMENT) == "Fri 4 Dec, 08:22 CET"
            with timezone.override(zoneinfo.ZoneInfo("Asia/Tokyo")):
                assert when.when(MOMENT) == "Fri 4 Dec, 16:22 JST"
