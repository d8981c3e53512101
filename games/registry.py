"""The games the site knows: each declares itself in one :class:`GameSpec`, and the
core asks this registry what a game is and what it can do (like OpenSpiel's
``GameType`` and ``register_game``), never the engine module by ``getattr``.

A game is a folder (``titles/<name>/``, see the README, "One folder per game") whose
``__init__`` holds ``SPEC = GameSpec(...)``. The setting ``TRIPOST_GAMES`` lists those
folders as modules, in the order the site shows the games; the registry imports them
when first asked. Tests add a game of their own with :func:`register` and take it
away with :func:`unregister`.

Pure Python apart from reading the setting; without a Django site (the engines'
benchmarks) it holds :data:`DEFAULT_GAMES` and imports nothing from Django.
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

# The games a checkout ships, when no Django settings say otherwise.
DEFAULT_GAMES: tuple[str, ...] = ("titles.triad", "titles.trias", "titles.tritarea")


@dataclass(frozen=True)
class Showcase:
    """What the front page shows of a game: the demo position its picture shows (a new
    game of ``demo_players`` played on ``demo_moves`` actions by a bot seeded with
    ``demo_seed``). Its sentences are the game's ``words`` module's ``pitch()`` and
    ``length()``, and ``players()`` when ``own_players`` (else "2–5 players" from the
    engine's range): functions, so each page says them in its reader's language."""

    demo_moves: int
    demo_players: int
    demo_seed: int
    own_players: bool = False


@dataclass(frozen=True)
class GameSpec:
    """One game: its engine, what the game allows, and the parts it provides.

    The engine (``engine``, a module of the protocol in :mod:`games.engines.base`) is
    pure Python and is imported with the spec; the other parts are named by module
    path and imported when first used (they draw with Django's translations, and the
    rules page's diagrams import the learn app).
    """

    engine: ModuleType

    # --- the parts the game provides (module paths) ------------------------------------
    # A game played on the site has them all; an engine registered alone (a test's
    # toy for the computer players) needs none.
    board: str = ""  # render_svg and guide (games.boards); see board_layers, board_picture
    # The board module also draws ``layers(view, seat=)`` (its fixed parts cached apart
    # from the pieces) and ``picture(view, seat=)`` (a board with nothing to click, for
    # emails and replays, where it differs from ``render_svg`` without actions).
    board_layers: bool = False
    board_picture: bool = False
    changes: str = ""  # changes, overlay (games.boards.changes)
    # describe(view) -> sentences: the position in words for emails; the front page's
    # pitch() and length() (see Showcase)
    words: str = ""
    diagrams: str = ""  # diagrams() -> the rules page's Diagram by name (learn.diagrams)
    rules_template: str = ""  # the rules page (extends "learn/_rules_base.html")
    # The rules page's section ids a turn guide may point to (``Guide.rules_anchor``);
    # the page must carry every one.
    rules_anchors: tuple[str, ...] = ()
    # Rules the site decides where the rulebook is silent (the rules page lists them).
    site_rules: tuple[str, ...] = ()
    # Names a rules page's captions may say (``learn``'s ``named`` filter): ``names``
    # through the catalogue (seat colours), ``own_names`` the engine's texts, said as
    # the game page says them (Tri*T*Area's areas).
    names: tuple[str, ...] = ()
    own_names: tuple[str, ...] = ()
    showcase: Showcase | None = None

    # --- capabilities -----------------------------------------------------------------
    # Secrets some seat may not see (hands, the deck's order): views differ by seat.
    hidden_information: bool = False
    # Draws by agreement (Triad TD10): the page offers one (never to a computer).
    draws: bool = False
    # The outcome's scores are points worth showing (Triad's are only win or loss).
    keeps_points: bool = True
    # The game scores in rounds: an email summarises the rounds that ended.
    rounds: bool = False
    # ``(state, seat, action) -> bool``: whether the action draws, rolls or uncovers
    # something; the others can be taken back until the turn ends. None: no take-back.
    reveals_information: Callable[[Any, int, str], bool] | None = None
    # ``(action) -> str | None``: the public spelling of an action whose notation is a
    # secret while the game runs (``lead M4`` -> ``lead ?``); None when all are public.
    redact_action: Callable[[str], str | None] | None = None
    # ``(state, seat, rng) -> state``: the secrets ``seat`` cannot see re-drawn, for
    # the computer players' search (with hidden information).
    determinize: Callable[[Any, int, Any], Any] | None = None
    # ``(num_players, options) -> labels``: colour or role names per seat; None:
    # "Player 1", "Player 2", ...
    seat_labels: Callable[[int, dict], list[str]] | None = None
    # ``(num_players, options) -> int``: seats at the table when it differs from the
    # number of people (Tri*T*Area always has four; the form then counts people).
    seat_count: Callable[[int, dict], int] | None = None
    # ``(num_players, options) -> seats``: seats the rules' own computer logic runs.
    computer_seats: Callable[[int, dict], tuple[int, ...]] | None = None
    # ``(state, seat, action) -> bool``: whether a person's step whose only legal
    # action is ``action`` may be played for them at once (``planning.forced``): not
    # where that the step is forced tells the others a secret (a card rule on a hidden
    # hand), nor where taking it uncovers something they may want to time. None: never.
    auto_play_forced: Callable[[Any, int, str], bool] | None = None
    # Perfect information after setup: a player may set replies in advance ("if they
    # play X, I play Y"; ``planning.conditional``).
    conditional_moves: bool = False
    # The analysis board's chosen draws (``planning.chance``): ``(state, viewer) ->
    # [(card, name)]``, the cards the next draw may bring as the viewer can count them,
    # and ``(state, viewer, card) -> state`` with that card drawn next. None: no choice.
    draw_choices: Callable[[Any, int | None], list[tuple[str, str]]] | None = None
    with_draw: Callable[[Any, int | None, str], Any] | None = None
    # The analysis board's chosen hidden cards (``planning.chance``): ``(state, viewer,
    # seat) -> [(card, name)]``, the cards the viewer may say ``seat`` holds, where
    # its next card is hidden from them now (the seat to move, with a hand they cannot
    # see; a computer seat whose deck's top card it plays next), counted from the
    # viewer's own view, [] where there is nothing to choose; and ``(state, viewer,
    # seat, card) -> state`` with that card in the seat's hand (its deck's top), the
    # deal kept whole by swapping it with the unseen card it replaces; ``ValueError``
    # unless the card is one of the choices. None: no choice.
    hand_choices: Callable[[Any, int | None, int], list[tuple[str, str]]] | None = None
    with_hand_card: Callable[[Any, int | None, int, str], Any] | None = None
    # The board module draws ``card_picture(card) -> str``, one card as the game page
    # draws it (a small ``<svg>``), for lists of cards beside the board.
    card_pictures: bool = False
    # The new-game form's first player count (None: the fewest).
    default_players: int | None = None
    # The board prints its cells' names only on the "Show coordinates" toggle (Trias's
    # map, where they would crowd the hexes); the other boards always print theirs.
    coordinates_toggle: bool = False

    # --- computer players ---------------------------------------------------------------
    # ``name -> (state, seat) -> float in [0, 1]``: the estimates a level may judge by
    # (``MonteCarloBot``'s ``evaluator``; ``evaluate`` unless a level names another).
    evaluators: Mapping[str, Callable[[Any, int], float]] = field(default_factory=dict)
    # Per level id, MonteCarloBot arguments replacing the level's own (a Trias action
    # costs ten of Triad's, so its playouts are fewer and shorter for a similar think).
    levels: Mapping[str, dict] = field(default_factory=dict)
    # Per level id, {fewest people: arguments}: what replaces ``levels``' arguments at
    # tables of at least that many people (the largest such key wins).
    levels_by_table: Mapping[str, Mapping[int, dict]] = field(default_factory=dict)
    # The engine benchmark's targets (``games.engines.bench``).
    bench: Mapping[str, Any] = field(default_factory=dict)

    # --- what the engine declares -------------------------------------------------------
    @property
    def name(self) -> str:
        return self.engine.name

    @property
    def title(self) -> str:
        return self.engine.title

    @property
    def min_players(self) -> int:
        return self.engine.min_players

    @property
    def max_players(self) -> int:
        return self.engine.max_players

    @property
    def options(self) -> dict:
        """The engine's options (``Option``: label, help, choices, default, players),
        from which the new-game form makes its fields."""
        return self.engine.options

    def part(self, which: str) -> ModuleType:
        """The module of one of the game's parts: ``board``, ``changes``, ``words`` or
        ``diagrams``."""
        if which not in ("board", "changes", "words", "diagrams"):
            raise ValueError(f"a game has no part {which!r}")
        path = getattr(self, which)
        if not path:
            raise LookupError(f"{self.name} provides no {which}")
        return importlib.import_module(path)

    def seats(self, num_players: int, options: dict | None) -> int:
        """Seats at the table for ``num_players`` people."""
        if self.seat_count is None:
            return num_players
        return self.seat_count(num_players, options or {})

    def rules_computer_seats(self, num_players: int, options: dict | None) -> tuple[int, ...]:
        """The seats the rules' own computer logic runs (none in most games)."""
        if self.computer_seats is None:
            return ()
        return tuple(self.computer_seats(num_players, options or {}))


_specs: dict[str, GameSpec] = {}
_loaded = False


def _configured() -> tuple[str, ...]:
    if "DJANGO_SETTINGS_MODULE" not in os.environ and "django.conf" not in sys.modules:
        return DEFAULT_GAMES  # no site: the engines alone (benchmarks)
    from django.conf import settings
    from django.core.exceptions import ImproperlyConfigured

    try:
        return tuple(settings.TRIPOST_GAMES)
    except ImproperlyConfigured:
        return DEFAULT_GAMES


def _load() -> None:
    global _loaded
    if _loaded:
        return
    for path in _configured():
        spec = importlib.import_module(path).SPEC
        _specs.setdefault(spec.name, spec)
    _loaded = True


def register(spec: GameSpec) -> None:
    """Add a game (after the configured ones); ``ValueError`` if its name is taken."""
    _load()
    if spec.name in _specs:
        raise ValueError(f"a game called {spec.name!r} is already registered")
    _specs[spec.name] = spec


def unregister(name: str) -> None:
    """Take away the game called ``name`` (a test's own game)."""
    _load()
    del _specs[name]


def get(name: str) -> GameSpec:
    """The game called ``name``; ``KeyError`` with a clear message if unknown."""
    _load()
    try:
        return _specs[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}; known games: {', '.join(_specs)}") from None


def all() -> list[GameSpec]:
    """Every game, in the order of ``TRIPOST_GAMES`` (then registered ones)."""
    _load()
    return list(_specs.values())


def names() -> list[str]:
    _load()
    return list(_specs)


class Engines(Mapping):
    """The registered games' engines by name: a live view of the registry for code
    that only needs the engine (``games.engines.ENGINES``)."""

    def __getitem__(self, name: str) -> ModuleType:
        _load()
        return _specs[name].engine

    def __iter__(self) -> Iterator[str]:
        return iter(names())

    def __len__(self) -> int:
        _load()
        return len(_specs)

    def __contains__(self, name: object) -> bool:
        _load()
        return name in _specs
