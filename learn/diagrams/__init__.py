"""The rules pages' diagrams: positions built in code through the engines, drawn by
the game's own board code (``games.boards.render_svg``), so a diagram can never
disagree with what the game page shows.

Each game's module (its ``GameSpec.diagrams``, e.g. ``titles.trias.diagrams``) has
``diagrams() -> dict[str, Diagram]``. A diagram keeps its engine state; ``figures``
are the numbers the page states about it (points, herds, ranks), computed from the
engine when the page is built, never typed into a template. Captions and text
alternatives are written in the templates, in words, around those figures.
"""

from __future__ import annotations

import functools
import math
import random
import re
from dataclasses import dataclass, field

from django.utils.translation import get_language, gettext

from games import boards, registry
from games.engines import IllegalAction, get_engine

# A diagram is shown at least this wide (CSS px) so that its smallest text stays at
# 12 px: a narrow screen scrolls it inside its box rather than shrinking it unreadably.
PHONE_WIDTH = 358  # the content width at 390 px
FIT_STEP = 16
PAIR_COLUMN = 470
FIT_MAX = 1392
# Diagrams are kept at most this tall (learn.css: 34rem) unless that would shrink
# their smallest text under 12 px; then the limit is the height that keeps 12 px.
MAX_HEIGHT = 544
TALL_MAX = 1200
_VIEWBOX = re.compile(r'viewBox="[-\d.]+ [-\d.]+ ([\d.]+) ([\d.]+)"')
_FONT = re.compile(r'font-size="([\d.]+)"')


def fit_class(svg: str) -> str:
    """``fit-N``: the CSS class that keeps ``svg`` at least N px wide (its smallest
    text at 12 px), or "" when it is legible at phone width anyway."""
    box = _VIEWBOX.search(svg)
    sizes = [float(s) for s in _FONT.findall(svg)]
    if not box or not sizes or min(sizes) <= 0:
        return ""
    needed = float(box.group(1)) * 12 / min(sizes)
    if needed <= PHONE_WIDTH:
        return ""
    return f"fit-{min(FIT_MAX, math.ceil(needed / FIT_STEP) * FIT_STEP)}"


def tall_class(svg: str) -> str:
    """``tall-N``: the CSS class that lets a tall ``svg`` be N px high rather than the
    usual limit, so its smallest text stays at 12 px; "" when the limit keeps it so."""
    box = _VIEWBOX.search(svg)
    sizes = [float(s) for s in _FONT.findall(svg)]
    if not box or not sizes or min(sizes) <= 0:
        return ""
    needed = float(box.group(2)) * 12 / min(sizes)
    if needed <= MAX_HEIGHT:
        return ""
    return f"tall-{min(TALL_MAX, math.ceil(needed / FIT_STEP) * FIT_STEP)}"


@dataclass(frozen=True)
class Diagram:
    game: str
    state: object
    seat: int | None = None
    actions: tuple[str, ...] = ()
    selected: str | None = None
    figures: dict = field(default_factory=dict)

    @functools.cached_property
    def view(self) -> dict:
        return get_engine(self.game).view(self.state, self.seat)

    @functools.cached_property
    def svg(self) -> str:
        return boards.as_picture(
            boards.render_svg(
                self.game, self.view, seat=self.seat, actions=self.actions, selected=self.selected
            )
        )

    @functools.cached_property
    def fit(self) -> str:
        return fit_class(self.svg)

    @functools.cached_property
    def tall(self) -> str:
        return tall_class(self.svg)

    @property
    def wide(self) -> bool:
        """Too wide to stand beside another diagram (a column is about 470 px)."""
        fit = self.fit
        return bool(fit) and int(fit.removeprefix("fit-")) > PAIR_COLUMN


def showing(game: str, state, seat: int, action: str, **figures) -> Diagram:
    """``state`` with the piece that ``action`` moves picked, so the board lights up
    every place that piece may go (the same two-step choice as on the game page)."""
    engine = get_engine(game)
    actions = tuple(engine.legal_actions(state, seat))
    if action not in actions:
        raise ValueError(f"{action!r} is not legal in this diagram's position")
    view = engine.view(state, seat)
    guide = boards.guide(game, view, seat=seat, actions=actions)
    token = next((c.token for c in guide.choices if action in {t.action for t in c.targets}), None)
    return Diagram(game, state, seat, actions, token, figures)


def played_out(game: str, players: int, seed: int) -> Diagram:
    """A whole game played to its end by seeded random choices (the same game on every
    build), for the "End of the game" sections. ``figures``: the engine's own words
    for the result and each seat's score, by seat name."""
    engine = get_engine(game)
    state = engine.new_game(players, seed=seed)
    rng = random.Random(seed)
    while engine.to_move(state):
        seat = engine.to_move(state)[0]
        state = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
    outcome = engine.outcome(state)
    spec = registry.get(game)
    labels = spec.seat_labels(players, {}) if spec.seat_labels else []
    npcs = spec.rules_computer_seats(players, {})
    scores = [
        {
            "seat": labels[i] if i < len(labels) else gettext("Seat %(n)d") % {"n": i + 1},
            "score": int(score) if float(score).is_integer() else score,
            "computer": i in npcs,
        }
        for i, score in enumerate(outcome.scores)
    ]
    return Diagram(
        game,
        state,
        figures={"reason": outcome.reason, "scores": scores, "winners": outcome.winners},
    )


def refusal(game: str, state, seat: int, action: str) -> str:
    """The engine's own words for refusing ``action`` (a diagram of an illegal move),
    as the engine's ``Text``, so the page quotes them in its reader's language."""
    try:
        get_engine(game).apply(state, seat, action)
    except IllegalAction as exc:
        return exc.text
    raise ValueError(f"{action!r} is legal in this position")


def for_game(game: str) -> dict[str, Diagram]:
    """Every diagram of ``game``'s rules page, in the active language (the board's
    labels and the engine's quoted words are the reader's)."""
    return _built(game, get_language())


@functools.cache
def _built(game: str, language: str) -> dict[str, Diagram]:
    # Built once per process and language: pure functions of the engine.
    return registry.get(game).part("diagrams").diagrams()
