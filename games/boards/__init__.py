"""Server-rendered SVG boards, one module per game (``games.boards.<engine name>``).

Pure Python like the engines. Each module exposes::

    render_svg(view: dict, *, seat: int | None, actions: Sequence[str] = (),
               selected: str | None = None) -> str

``view`` is the engine's ``view(state, seat)``; ``actions`` are the legal actions of
the viewer (empty when it is not their turn or for a spectator). The result is one
self-contained ``<svg>`` element (viewBox, ``role="img"``, a ``<title>``), drawn only
from ``view`` so it can never show a secret the viewer may not see. Coordinates and
names used by the notation are labelled on the board.

Playing by clicking: an element the viewer can click carries either
``data-select="TOKEN"`` (pick a piece; the page re-renders with ``selected=TOKEN``
and the targets light up) or ``data-action="NOTATION"`` (play that exact legal
action). An unknown ``selected`` token is ignored. The page wires these attributes
to htmx; the renderer knows nothing of URLs.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence


def render_svg(
    game: str,
    view: dict,
    *,
    seat: int | None,
    actions: Sequence[str] = (),
    selected: str | None = None,
) -> str:
    """Render the board of engine ``game`` through its module in this package."""
    module = importlib.import_module(f"{__name__}.{game}")
    return module.render_svg(view, seat=seat, actions=actions, selected=selected)
