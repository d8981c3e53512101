"""Finding English left on a page or in an email rendered in German.

A German page may still hold names, the move notation and a few loan words, so the
check looks for English *function words* and a short list of words German never
uses: a sentence left in English always has some ("the", "your", "to move"). Text
comes from everything a person reads: element text (SVG labels included) and the
attributes that are read aloud or shown (alt, title, aria-label, placeholder, and
the value of buttons), never scripts, styles or the move notation in ``<code>``.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

# Words no German sentence uses (so not "was", "also", "Start", "OK", "Do." or
# "Minute", which German has too); each a whole word, case-insensitive.
ENGLISH_WORDS = frozenset(
    """
    the you your yours and of is are were this that these those with for from
    has have had not it its be been or what when which who whose why how there here
    they them their our we us my me by at as if than then into onto out over under
    again only just very more most less any each every some all none
    can could would should shall must may might does did done
    game games move moves turn turns player players play played playing won lost
    draw drawn wins win loses lose waiting wait new open join joined started
    settings sign password email emails account reply replies deadline deadlines
    day days hour hours minutes week weeks left time clock clocks vacation
    show hide next back previous first last end rules rule learn how watch
    board pieces piece card cards tile tiles herd herds score scores points
    yes no cancel save send sent offer accept decline resign resigned
    """.split()  # noqa: SIM905 (a list literal would be 12 lines of quotes)
)

READ_ATTRIBUTES = ("alt", "title", "aria-label", "placeholder", "aria-description")
_WORD = re.compile(r"[A-Za-zÄÖÜäöüß']+")


class _Reader(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style", "code", "kbd", "samp"):
            self._skip += 1
        values = dict(attrs)
        for name in READ_ATTRIBUTES:
            if values.get(name):
                self.texts.append(values[name])
        if tag == "input" and values.get("type") in ("submit", "button") and values.get("value"):
            self.texts.append(values["value"])

    def handle_endtag(self, tag):
        if tag in ("script", "style", "code", "kbd", "samp") and self._skip:
            self._skip -= 1

    def handle_data(self, data):
        if not self._skip and data.strip():
            self.texts.append(data)


def texts_of(html: str) -> list[str]:
    """The pieces of text a person reads on ``html``."""
    reader = _Reader()
    reader.feed(html)
    return [" ".join(text.split()) for text in reader.texts]


def english_left(text_or_html: str, *, allowed: frozenset[str] = frozenset()) -> list[str]:
    """Each piece of text that still has an English word, with the word marked.

    ``allowed``: words that are right here (a player called "Will", a game name).
    Plain text (an email's text part) is read line by line.
    """
    if "<" in text_or_html and ">" in text_or_html:
        pieces = texts_of(text_or_html)
    else:
        pieces = [line.strip() for line in text_or_html.splitlines() if line.strip()]
    found = []
    for piece in pieces:
        for word in _WORD.findall(piece):
            lower = word.lower()
            if lower in ENGLISH_WORDS and lower not in allowed:
                found.append(f"{word!r} in {piece[:160]!r}")
                break
    return found
