"""The engines' translatable texts (games.engines.base.Text), without Django."""

import json
import pickle
import re

from games.engines.base import Outcome, Text, gettext_lazy, ngettext_lazy, pgettext_lazy


class Shouting:
    """A stand-in catalogue: every message upper-cased, so translation is visible."""

    @staticmethod
    def gettext(message):
        parts = re.split(r"(%\(\w+\)s)", message)  # placeholders stay as they are
        return "".join(p if p.startswith("%(") else p.upper() for p in parts)

    @staticmethod
    def ngettext(singular, plural, n):
        return Shouting.gettext(singular if n == 1 else plural)

    @staticmethod
    def pgettext(context, message):
        return f"{context}:{message}"

    @staticmethod
    def npgettext(context, singular, plural, n):
        return f"{context}:{singular if n == 1 else plural}"


def test_a_text_is_its_english_sentence():
    text = gettext_lazy("%(who)s ends the turn.", who=pgettext_lazy("colour", "Red"))
    assert text == "Red ends the turn."
    assert json.dumps({"t": text}) == '{"t": "Red ends the turn."}'


def test_a_text_is_translated_with_its_parameters_but_not_the_notation():
    who = pgettext_lazy("colour", "Red")
    text = gettext_lazy("%(who)s plays %(action)s", who=who, action="d 1,-2>2,-3")
    assert text.localized(Shouting) == "colour:Red PLAYS d 1,-2>2,-3"


def test_plurals_follow_the_count():
    assert ngettext_lazy("%(n)s herd", "%(n)s herds", 1) == "1 herd"
    assert ngettext_lazy("%(n)s herd", "%(n)s herds", 3) == "3 herds"
    assert ngettext_lazy("%(n)s herd", "%(n)s herds", 3).localized(Shouting) == "3 HERDS"


def test_a_stored_or_pickled_text_keeps_its_message():
    text = gettext_lazy(
        "%(who)s rescues %(swimmers)s.",
        who=pgettext_lazy("colour", "Blue"),
        swimmers=ngettext_lazy("%(n)s swimmer", "%(n)s swimmers", 2),
    )
    for copy in (
        Text.from_json(json.loads(json.dumps(text.to_json()))),
        pickle.loads(pickle.dumps(text)),
    ):
        assert copy == text == "Blue rescues 2 swimmers."
        assert copy.to_json() == text.to_json()
        assert copy.localized(Shouting) == text.localized(Shouting)


def test_an_outcome_keeps_its_reason_translatable_through_json():
    reason = gettext_lazy("%(who)s wins.", who=pgettext_lazy("colour", "Black"))
    again = Outcome.from_json(Outcome((1.0, 0.0), (0,), reason).to_json())
    assert again.reason == "Black wins." and isinstance(again.reason, Text)
    plain = Outcome.from_json({"scores": [1, 0], "winners": [0], "reason": "Old English."})
    assert plain.reason == "Old English."


def test_translating_at_once_gives_what_a_built_text_gives():
    """``translated`` skips building the English ``Text``; the words are the same, in
    English and through a catalogue, with and without parameters, plurals, contexts."""
    from games.engines import base

    red = pgettext_lazy("colour", "Red")
    cases = [
        (("gettext", "Your turn."), {}, base.Text("Your turn.")),
        (("gettext", "%(who)s ends the turn."), {"who": red},
         base.Text("%(who)s ends the turn.", {"who": red})),
        (("pgettext", "colour", "Blue"), {}, base.Text("Blue", context="colour")),
        (("ngettext", "%(n)s herd", "%(n)s herds", 1), {},
         base.Text("%(n)s herd", {"n": 1}, plural="%(n)s herds", n=1)),
        (("ngettext", "%(n)s herd of %(who)s", "%(n)s herds of %(who)s", 3), {"who": red},
         base.Text("%(n)s herd of %(who)s", {"n": 3, "who": red},
                   plural="%(n)s herds of %(who)s", n=3)),
    ]  # fmt: skip
    before = base._catalog
    try:
        for catalog in (base._English(), Shouting):
            base.install_catalog(catalog)
            for (name, *args), params, text in cases:
                assert getattr(base.translated, name)(*args, **params) == base.localize(text)
        assert base.translated.gettext("%(who)s ends the turn.", who=red) == (
            "colour:Red ENDS THE TURN."
        )
    finally:
        base.install_catalog(before)
