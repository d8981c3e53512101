"""The position of a game in words, for the email beside its picture: readers whose
client blocks images (it is also the picture's alt text), screen readers, and spam
filters, which distrust an email that is mostly one image.

Drawn only from ``view(state, seat)`` of the email's reader, like the picture, so it
tells nothing the reader may not see. Each sentence is whole, for translation. The
pieces are each game's to say (``titles/<name>/words.py``).
"""

from __future__ import annotations

import contextlib
import re
from html import unescape

from games import registry

_TITLE = re.compile(r"<title>(.*?)</title>", re.S)


def describe(engine: str, view: dict, svg: str = "", *, title: str = "") -> list[str]:
    """Sentences that say what the board shows: the board's own title first (what it
    says above or below the drawing: ``title``, else the ``<title>`` of its ``svg``),
    then the pieces."""
    lines = []
    if not title and (found := _TITLE.search(svg)):
        title = unescape(found.group(1))
    if title:
        lines.append(_sentence(title))
    # the game's own words (``GameSpec.words``); a view they do not know yet: the
    # title still says something
    with contextlib.suppress(KeyError, TypeError, ValueError, IndexError):
        lines += registry.get(engine).part("words").describe(view)
    return lines


def _sentence(text: str) -> str:
    text = " ".join(text.replace(" · ", ", ").split())
    return text if text.endswith((".", "!", "?")) else text + "."
