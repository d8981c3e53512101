"""Chosen outcomes on the analysis board: where the line's next step draws a card the
viewer has not seen, they choose which card comes, among those possible from their
own view, instead of taking the sample's.

A game offers it by declaring ``GameSpec.draw_choices`` and ``GameSpec.with_draw``
(Trias: ``titles.trias.engine.draws``). Tri*T*Area has no draw in the middle of a
round: each round's hands are dealt from the seed at its start. Only the analysis
state changes; the choices are counted from the viewer's view, never the real deck.
"""

from __future__ import annotations

from games import registry


def next_draw_choices(engine: str, state, viewer: int | None) -> list[tuple[str, str]]:
    """The cards the next draw may bring, as (card, its name), in a fixed order; [] where
    nothing is drawn (a game without such draws, an empty deck)."""
    spec = registry.get(engine)
    if spec.draw_choices is None:
        return []
    return spec.draw_choices(state, viewer)


def with_next_draw(engine: str, state, viewer: int | None, card: str):
    """``state`` with ``card`` drawn next; ``ValueError`` unless it is one of
    ``next_draw_choices``."""
    spec = registry.get(engine)
    if spec.with_draw is None:
        raise ValueError(card)
    return spec.with_draw(state, viewer, card)
