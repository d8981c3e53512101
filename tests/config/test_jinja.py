"""The Jinja environment (config/jinja.py) writes what Django's template language
writes: the game page's body moved to it must read the same, escaped the same, in the
player's language."""

from pathlib import Path

import polib
from django.template import engines
from django.utils import translation
from django.utils.safestring import mark_safe
from jinja2.ext import babel_extract

from games.management.commands.makemessages import CALLS, jinja_as_python

ROOT = Path(__file__).resolve().parents[2]
# The site's frame (templates/) and each app's jinja2/ folder.
TEMPLATES = sorted([*(ROOT / "templates").glob("*.jinja"), *ROOT.glob("*/jinja2/**/*.jinja")])


def german_of(path: Path) -> dict:
    """The translated messages of the catalogue ``bin/messages`` collects ``path`` into:
    its app's own (games, mail) or the site's (locale/)."""
    app = ROOT / path.relative_to(ROOT).parts[0]
    folder = app / "locale" if (app / "locale").is_dir() else ROOT / "locale"
    catalogue = polib.pofile(str(folder / "de" / "LC_MESSAGES" / "django.po"))
    return {(entry.msgctxt, entry.msgid): entry for entry in catalogue if entry.translated()}


def render(source: str, **context) -> str:
    return engines["jinja2"].from_string(source).render(context)


def test_values_are_escaped_as_django_escapes_them():
    assert render("{{ v }}", v='O\'Brien <b>"&"</b>') == (
        "O&#x27;Brien &lt;b&gt;&quot;&amp;&quot;&lt;/b&gt;"
    )
    assert render("{{ v }}", v=mark_safe("<svg/>")) == "<svg/>"  # safe stays as it is
    assert render("{{ v }}|{{ n }}|{{ none }}", v=7, n=True, none=None) == "7|True|None"


def test_numbers_are_localized_in_the_players_language():
    with translation.override("de"):
        assert render("{{ v }}", v=1.5) == "1,5"
    with translation.override("en"):
        assert render("{{ v }}", v=1.5) == "1.5"


def test_what_is_not_there_is_empty_as_in_django():
    assert render("[{{ a.b.c }}][{% if a.b %}x{% endif %}]", a=None) == "[][]"


def test_messages_are_translated_and_their_values_escaped():
    source = '{{ _("Your turn.") }} {% trans names=who %}Waiting for {{ names }}.{% endtrans %}'
    with translation.override("de"):
        assert render(source, who="<Bo>") == "Du bist am Zug. Warte auf &lt;Bo&gt;."
    assert render(source, who="<Bo>") == "Your turn. Waiting for &lt;Bo&gt;."


def test_contexts_and_plurals_follow_the_language_of_the_render():
    source = (
        '{{ pgettext("navigation", "Main") }}|'
        "{% trans count=n %}{{ count }} game{% pluralize %}{{ count }} games{% endtrans %}"
    )
    for language in ("de", "en"):
        with translation.override(language):
            main = translation.pgettext("navigation", "Main")
            games = translation.ngettext("%(count)s game", "%(count)s games", 3) % {"count": 3}
            assert render(source, n=3) == f"{main}|{games}"
    with translation.override("de"):
        assert render(source, n=1).startswith("Haupt")


def test_a_message_keeps_its_markup_and_quotes_as_in_django():
    django = engines["django"].from_string(
        '{% load i18n %}{% translate "Can\'t <b>stop</b>" %} '
        "{% blocktranslate with v=w %}<i>{{ v }}</i> can't{% endblocktranslate %}"
    )
    jinja = "{{ _(\"Can't <b>stop</b>\") }} {% trans v=w %}<i>{{ v }}</i> can't{% endtrans %}"
    assert render(jinja, w="<a>") == django.render({"w": "<a>"})
    assert render(jinja, w="<a>") == "Can't <b>stop</b> <i>&lt;a&gt;</i> can't"


def test_paths_are_djangos():
    assert render("{{ url('game_detail', 12) }}") == "/games/12/"


def test_a_templates_messages_are_collected_on_their_lines():
    source = (
        "<p>{{ _('One') }}</p>\n"
        "{% trans n=3 %}{{ n }} seat{% pluralize %}{{ n }} seats{% endtrans %}\n"
        "\n"
        "{{ pgettext('card', 'Deck') }} {% trans who=x %}Hi {{ who }}{% endtrans %}\n"
    )
    lines = jinja_as_python(source).splitlines()
    assert lines[0] == "gettext('One')"
    assert lines[1] == "ngettext('%(n)s seat', '%(n)s seats', 1)"
    assert lines[2] == ""
    assert lines[3] == "pgettext('card', 'Deck'); gettext('Hi %(who)s')"


def test_every_message_of_the_jinja_templates_has_its_german():
    assert ROOT / "templates" / "base.jinja" in TEMPLATES
    checked = 0
    for path in TEMPLATES:
        with path.open("rb") as source:
            found = babel_extract(source, CALLS, [], {})
            messages = [(f, m) for _line, f, m, _comments in found]
        # literal messages only; pgettext's come with their context
        keys = [tuple(m) if f == "pgettext" else (None, m) for f, m in messages]
        assert all(isinstance(k, str) for key in keys for k in key if k is not None), path
        german = german_of(path)
        missing = [key for key in keys if key not in german]
        assert not missing, f"{path.name}: {missing}"
        checked += len(messages)
    assert checked > 100  # (the frame, the game page's body, My games, ...)
