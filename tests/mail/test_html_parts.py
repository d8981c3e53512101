"""The HTML part of every kind of email is readable in every mail client (issue 18):
under Gmail's clipping size, only inline styles in tables and simple blocks at most
600 pixels wide, every picture with alt text, and the same words as the text part."""

from __future__ import annotations

import re
from html import unescape
from html.parser import HTMLParser

import pytest

from tests.mail.specimens import specimens

pytestmark = pytest.mark.django_db

GMAIL_CLIPS_AT = 102 * 1024  # Gmail cuts the HTML of an email off past about 102 kB


class Parts(HTMLParser):
    """The tags, images, visible text and link targets of an HTML part."""

    def __init__(self):
        super().__init__()
        self.tags: list[tuple[str, dict]] = []
        self.text: list[str] = []
        self.hrefs: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.tags.append((tag, attrs))
        if tag in ("title", "style", "script"):
            self._hidden += 1
        if tag == "a" and attrs.get("href"):
            self.hrefs.append(attrs["href"])

    def handle_endtag(self, tag):
        if tag in ("title", "style", "script"):
            self._hidden -= 1

    def handle_data(self, data):
        if not self._hidden:
            self.text.append(data)


def _words(text: str) -> set[str]:
    text = re.sub(r"(https?://|mailto:)\S+", " ", text)
    return {w.lower() for w in re.findall(r"[A-Za-z][A-Za-z']+", text)}


@pytest.fixture
def emails(settings):
    return [(s.label, s.build()) for s in specimens(settings)]


def test_every_html_part_is_small_enough_never_to_be_clipped(emails):
    for label, mail in emails:
        [(html, mime)] = mail.alternatives
        assert mime == "text/html"
        assert len(html.encode()) < 100_000 < GMAIL_CLIPS_AT, label


def test_every_picture_has_alt_text_and_every_style_is_inline(emails):
    pictures = 0
    for label, mail in emails:
        parts = Parts()
        parts.feed(mail.alternatives[0][0])
        for tag, attrs in parts.tags:
            assert tag not in ("style", "link", "script"), f"{label}: <{tag}>"
            assert not attrs.get("class"), f"{label}: class on <{tag}> needs a stylesheet"
            if tag == "img":
                pictures += 1
                assert len(attrs.get("alt") or "") > 40, f"{label}: {attrs}"
                assert attrs["src"].startswith("cid:"), "pictures travel with the email"
            width = attrs.get("width", "")
            assert not width.isdigit() or int(width) <= 600, f"{label}: <{tag} width={width}>"
            for px in re.findall(r"(?<![-\w])(?:max-)?width:\s*(\d+)px", attrs.get("style", "")):
                assert int(px) <= 600, f"{label}: {attrs['style']}"
    assert pictures >= 5  # turn emails, digests, the reminder and the reply show boards


def test_a_pictures_alt_text_describes_the_position(emails):
    mail = dict(emails)["turn, Triad"]
    parts = Parts()
    parts.feed(mail.alternatives[0][0])
    [alt] = [attrs["alt"] for tag, attrs in parts.tags if tag == "img"]
    assert alt.startswith("The board of Triad #")
    assert "to move." in alt  # whose turn it is, as the board says under the drawing
    assert re.search(r"Black's dice \(\d+\): [a-f][1-6] I", alt)
    assert re.search(r"White's dice \(\d+\): [a-f][1-6] I", alt)
    assert "The board: " in mail.body and alt.split(" ", 5)[-1] in unescape(mail.body)


def test_the_text_and_html_parts_say_the_same(emails):
    for label, mail in emails:
        parts = Parts()
        parts.feed(mail.alternatives[0][0])
        html_words = _words(unescape(" ".join(parts.text)))
        text_words = _words(mail.body)
        assert text_words - html_words == set(), f"{label}: only in the text part"
        assert html_words - text_words == set(), f"{label}: only in the HTML part"
        for url in re.findall(r"https?://\S+", mail.body):
            url = url.rstrip(".")
            assert url in parts.hrefs or url in " ".join(parts.text), f"{label}: {url}"
