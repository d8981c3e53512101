"""Chosen outcomes on the analysis board: where the line's next step depends on a card
the viewer has not seen, they choose which card it is, among those possible from
their own view, instead of taking the sample's.

- **The next card drawn** (``GameSpec.draw_choices``, ``with_draw``; Trias:
  ``titles.trias.engine.draws``): where the next step draws a card, which comes.
- **Another seat's hidden card** (``GameSpec.hand_choices``, ``with_hand_card``;
  Trias: ``titles.trias.engine.hands``, Tri*T*Area: ``titles.tritarea.engine.hands``):
  which card a seat holds where the viewer cannot see it and it matters now (the seat
  to move; a Tri*T*Area computer seat, which plays the top card of its deck).

Only the analysis state changes; the choices are counted from the viewer's view, never
the real deck or hands. Each choice is checked again when it is made (the game's hook
raises ``ValueError`` for a card it did not offer).
"""

from __future__ import annotations

from games import registry
from games.i18n import localize


def next_draw_choices(engine: str, state, viewer: int | None) -> list[tuple[str, str]]:
    """The cards the next draw may bring, as (card, its name in the active language),
    in a fixed order; [] where nothing is drawn (a game without such draws, an empty
    deck)."""
    spec = registry.get(engine)
    if spec.draw_choices is None:
        return []
    return [(card, localize(name)) for card, name in spec.draw_choices(state, viewer)]


def with_next_draw(engine: str, state, viewer: int | None, card: str):
    """``state`` with ``card`` drawn next; ``ValueError`` unless it is one of
    ``next_draw_choices``."""
    spec = registry.get(engine)
    if spec.with_draw is None:
        raise ValueError(card)
    return spec.with_draw(state, viewer, card)


def hand_choices(
    engine: str, state, viewer: int | None, seats: int
) -> list[tuple[int, list[tuple[str, str]]]]:
    """For each of the ``seats`` whose hidden card the viewer may choose now, in seat
    order: (the seat, [(card, its name in the active language)]); [] in a game
    without such choices."""
    spec = registry.get(engine)
    if spec.hand_choices is None:
        return []
    found = []
    for seat in range(seats):
        cards = spec.hand_choices(state, viewer, seat)
        if cards:
            found.append((seat, [(card, localize(name)) for card, name in cards]))
    return found


def with_hand_card(engine: str, state, viewer: int | None, seat: int, card: str):
    """``state`` with ``card`` in ``seat``'s hand; ``ValueError`` unless it is one of
    that seat's ``hand_choices``."""
    spec = registry.get(engine)
    if spec.with_hand_card is None:
        raise ValueError(card)
    return spec.with_hand_card(state, viewer, seat, card)
