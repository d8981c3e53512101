"""What the front page and the shared-link pictures show of each game: a sentence on
how it plays, who it is for, how long it lasts, and a board drawn from a demo
position (a new game played on by the seeded random bot through the engine)."""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from django.urls import reverse
from django.utils.translation import get_language, gettext, ngettext

from games import boards, registry
from games.computer.players import RandomBot
from games.engines import ENGINES
from games.i18n import localize as localized
from games.registry import GameSpec


@dataclass(frozen=True)
class GameCard:
    """A game's card. Its sentences are functions, not strings, so that each page
    gets them in its reader's language."""

    engine: str
    title: str
    _players: Callable[[], str]
    _length: Callable[[], str]
    _pitch: Callable[[], str]
    demo_moves: int  # actions the demo position is played on from a new game
    demo_players: int
    demo_seed: int

    @property
    def players(self) -> str:
        return self._players()

    @property
    def length(self) -> str:
        return self._length()

    @property
    def pitch(self) -> str:
        return self._pitch()

    @property
    def rules_url(self) -> str:
        return reverse("game_help", args=[self.engine])


def _player_range(engine: str) -> str:
    module = ENGINES[engine]
    low, high = module.min_players, module.max_players
    if low == high:
        return ngettext("%(n)d player", "%(n)d players", low) % {"n": low}
    return gettext("%(low)d–%(high)d players") % {"low": low, "high": high}


def _card(spec: GameSpec) -> GameCard:
    shown, words = spec.showcase, spec.part("words")
    return GameCard(
        spec.name,
        spec.title,
        words.players if shown.own_players else functools.partial(_player_range, spec.name),
        words.length,
        words.pitch,
        demo_moves=shown.demo_moves,
        demo_players=shown.demo_players,
        demo_seed=shown.demo_seed,
    )


@functools.cache
def _cards_of(games: tuple[str, ...]) -> dict[str, GameCard]:
    specs = map(registry.get, games)
    return {spec.name: _card(spec) for spec in specs if spec.showcase}


class _Cards(Mapping):
    """The cards of the registered games that have one (``GameSpec.showcase``), in
    the registry's order; built once for each set of registered games."""

    def _cards(self) -> dict[str, GameCard]:
        return _cards_of(tuple(registry.names()))

    def __getitem__(self, engine: str) -> GameCard:
        return self._cards()[engine]

    def __iter__(self):
        return iter(self._cards())

    def __len__(self) -> int:
        return len(self._cards())


GAMES: Mapping[str, GameCard] = _Cards()


def options(engine: str) -> list[dict]:
    """The engine's options as the new-game form offers them, for the rules page."""
    out = []
    for key, option in ENGINES[engine].options.items():
        out.append(
            {
                "key": key,
                "label": localized(option.label),
                "help": localized(option.help),
                "choices": [localized(label) for _value, label in option.choices],
                "default": localized(dict(option.choices).get(option.default, "")),
                "players": ", ".join(map(str, option.players)),
            }
        )
    return out


@functools.cache
def demo_state(engine: str):
    """A new game of the card's player count played on ``demo_moves`` actions by the
    seeded random bot (the same every time; built once per process)."""
    card = GAMES[engine]
    module = ENGINES[engine]
    state = module.new_game(card.demo_players, card.demo_seed)
    bot = RandomBot(card.demo_seed)
    for _ in range(card.demo_moves):
        movers = module.to_move(state)
        if not movers:
            break
        state = module.apply(state, movers[0], bot.choose(module, state, movers[0]))
    return state


def demo_svg(engine: str) -> str:
    """The demo position as a spectator sees it (no hand, no secrets), with the board's
    words in the reader's language."""
    return _demo_svg(engine, get_language())


@functools.cache
def _demo_svg(engine: str, language: str) -> str:
    # ``language`` keys the cache: the board code writes its labels in the active one.
    view = ENGINES[engine].view(demo_state(engine), None)
    return boards.render_svg(engine, view, seat=None)


SOCIAL_DEFAULT = "trias"  # the front page's picture


def social_png(name: str) -> bytes:
    """The PNG of ``name``'s demo board (``KeyError`` if unknown); ``tripost`` is the
    front page's. Rasterised by the mail pictures' code and cached with them."""
    from mail.sending.compose import svg_png

    engine = SOCIAL_DEFAULT if name == "tripost" else name
    if engine not in GAMES:
        raise KeyError(name)
    return svg_png(demo_svg(engine))


def og_image_path(name: str) -> str:
    return reverse("social_image", args=[name])
