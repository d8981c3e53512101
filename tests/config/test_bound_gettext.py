"""config/bound_gettext.py: bound once to the active language, it gives what Django's
own functions give, for every message of every catalogue."""

from pathlib import Path

import polib
import pytest
from django.utils import translation

from config.bound_gettext import BoundGettext

ROOT = Path(__file__).resolve().parents[2]
CATALOGUES = sorted(ROOT.glob("**/locale/de/LC_MESSAGES/django.po"))
CATALOGUES = [path for path in CATALOGUES if ".venv" not in path.parts]


def entries():
    for path in CATALOGUES:
        yield from polib.pofile(str(path))


@pytest.mark.parametrize("language", ["de", "en"])
def test_it_gives_what_djangos_functions_give_for_every_message(language):
    assert len(CATALOGUES) >= 4  # (locale/, games, learn, mail)
    checked = 0
    with translation.override(language):
        bound = BoundGettext()
        for entry in entries():
            context, msgid, plural = entry.msgctxt, entry.msgid, entry.msgid_plural
            if plural:
                for n in (0, 1, 2, 5, 21):
                    if context:
                        want = translation.npgettext(context, msgid, plural, n)
                        assert bound.npgettext(context, msgid, plural, n) == want
                    else:
                        assert bound.ngettext(msgid, plural, n) == translation.ngettext(
                            msgid, plural, n
                        )
            elif context:
                assert bound.pgettext(context, msgid) == translation.pgettext(context, msgid)
            else:
                assert bound.gettext(msgid) == translation.gettext(msgid)
            checked += 1
    assert checked > 1000


def test_unknown_and_empty_messages_and_no_language_at_all():
    with translation.override("de"):
        bound = BoundGettext()
        assert bound.gettext("My games") == "Meine Partien"  # (a real translation)
        assert bound.gettext("no such message") == "no such message"
        assert bound.gettext("") == ""  # not the catalogue's header
        assert bound.pgettext("no such context", "My games") == "My games"
    with translation.override(None):  # (deactivate_all: messages as they are)
        assert BoundGettext().gettext("My games") == translation.gettext("My games")


def test_it_keeps_the_language_it_was_made_in():
    with translation.override("de"):
        bound = BoundGettext()
    with translation.override("en"):
        assert bound.gettext("My games") == "Meine Partien"
