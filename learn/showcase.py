"""What the front page and the shared-link pictures show of each game: a sentence on
how it plays, who it is for, how long it lasts, and a board drawn from a demo
position (a new game played on by the seeded random bot through the engine)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

from django.urls import reverse
from django.utils.translation import get_language, gettext, ngettext

from games import boards
from games.engines import ENGINES
from games.engines.bots import RandomBot
from games.i18n import localize as localized
from titles.trias.engine.cards import deck1
from titles.tritarea.engine.state import LAST_ROUND, TRICKS_PER_ROUND


@dataclass(frozen=True)
class GameCard:
    """A game's card. Its sentences are functions, not strings, so that each page
    gets them in its reader's language (the cards are built once, at import)."""

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


def _trias_turns() -> str:
    # Every turn takes one card from the deck, and the game ends soon after the
    # Meteorite, which lies in the small deck 2 below deck 1 (rulebook, Setup).
    low = sum(deck1(5).values()) // 5
    high = sum(deck1(2).values()) // 2
    return gettext("about %(low)d–%(high)d turns each, a few actions per turn") % {
        "low": low,
        "high": high + 2,
    }


def _trias_pitch() -> str:
    return gettext(
        "The supercontinent breaks apart: drift tiles of land out to sea, move and "
        "breed your herds, and hold the majority on the islands when the meteorite "
        "strikes."
    )


def _triad_length() -> str:
    return gettext("a few dozen moves each, one die per move")


def _triad_pitch() -> str:
    return gettext(
        "Turn a die to a new value and move it exactly that far; line up three dice "
        "of both colours showing I, II and III, or three alike, to take one of yours "
        "off. Remove three first to win."
    )


def _tritarea_players() -> str:
    return gettext("%(players)s, computer seats fill the table") % {
        "players": _player_range("tritarea")
    }


def _tritarea_length() -> str:
    return gettext(
        "%(rounds)d rounds of %(tricks)d tricks: a card each trick, and blocks to "
        "place when you win the right to build"
    ) % {"rounds": LAST_ROUND, "tricks": TRICKS_PER_ROUND}


def _tritarea_pitch() -> str:
    return gettext(
        "Developers bid plan cards for the right to build; stack blocks to top the "
        "most buildings in each of four areas and own the tallest tower."
    )


GAMES: dict[str, GameCard] = {
    card.engine: card
    for card in (
        GameCard(
            "trias",
            "Trias",
            functools.partial(_player_range, "trias"),
            _trias_turns,
            _trias_pitch,
            demo_moves=60,
            demo_players=3,
            demo_seed=21,
        ),
        GameCard(
            "triad",
            "Triad",
            functools.partial(_player_range, "triad"),
            _triad_length,
            _triad_pitch,
            demo_moves=14,
            demo_players=2,
            demo_seed=8,
        ),
        GameCard(
            "tritarea",
            "Tri*T*Area",
            _tritarea_players,
            _tritarea_length,
            _tritarea_pitch,
            demo_moves=40,
            demo_players=2,
            demo_seed=5,
        ),
    )
}


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
    from mail.compose import svg_png

    engine = SOCIAL_DEFAULT if name == "tripost" else name
    if engine not in GAMES:
        raise KeyError(name)
    return svg_png(demo_svg(engine))


def og_image_path(name: str) -> str:
    return reverse("social_image", args=[name])
