"""What every game engine shares: the error type, the outcome value and seeded chance.

The engine protocol (each engine is a module exposing these names):

- ``name``, ``title``, ``min_players``, ``max_players``
- ``options``: a dict ``{option name: Option}`` of the game's options (see ``Option``)
- ``validate_options(num_players, options) -> dict``: complete options or ``ValueError``
- ``new_game(num_players, seed, options=None) -> State``
- ``to_move(state) -> tuple[int, ...]``: seats that must act now (empty when over)
- ``legal_actions(state, seat) -> list[str]``: canonical notation, deterministic order
- ``parse(state, seat, text) -> str``: the one legal action that ``text`` names, in
  canonical notation, forgiving case, spaces and the aliases the game's notation
  allows; else ``UnknownAction`` (not this game's notation at all, whatever the
  position), ``IllegalNow`` (well-formed, but not legal now for this seat) or
  ``AmbiguousAction`` (names more than one legal action). The site turns every typed
  action (web form, email reply, API) into an action with it; ``match_legal`` is the
  common core.
- ``apply(state, seat, action) -> State``: a new state; ``IllegalAction`` if not legal
  (any spelling that ``parse`` accepts is applied as the action it names)
- ``view(state, seat | None) -> dict``: JSON-safe, only what that seat may see
- ``describe(state, seat, action) -> str``: one plain sentence (``state`` is the
  position *before* the action)
- ``outcome(state) -> Outcome | None``
- ``to_json(state) -> dict`` and ``from_json(data) -> State``

Optional (the game's ``GameSpec`` in :mod:`games.registry` names the ones it has; the
site asks the spec, never the module):

- ``determinize(state, seat, rng) -> State``: for games with hidden information, a
  state that ``seat`` cannot tell from ``state`` with every secret it cannot see
  (other hands, deck order, future chance) re-drawn from ``rng``. Bots search on
  these so that they never decide from secrets they could not know.
- ``seat_labels(num_players, options) -> list[str]``: colour/role names per seat.
- ``seat_count(num_players, options) -> int``: seats at the table when it differs
  from the number of people (Tri*T*Area always has four).
- ``computer_seats(num_players, options) -> tuple[int, ...]``: seats run by the
  rules' own NPC logic; they never appear in ``to_move`` (a person decides for them
  where the rules say so).
- ``reveals_information(state, seat, action) -> bool``: whether the action draws,
  rolls or uncovers something; actions that do not can be taken back by the site
  until the turn ends. Without it, no action is taken back.
- ``redact_action(action) -> str | None``: the public spelling of an action whose
  notation itself is a secret until revealed (Tri*T*Area's ``lead M4`` is shown to
  the other players as ``lead ?`` while the game runs); ``None`` when it is public.

States are immutable values (frozen dataclasses of tuples); a game replays exactly
from its seed and action list.

Player-facing text (translation without Django)
-----------------------------------------------

Every sentence an engine writes for a player (``IllegalAction`` messages,
``describe()``, ``Outcome.reason``, option and level labels, seat labels) is a
``Text``: a ``str`` holding the English sentence, so engines, tests, logs and JSON
keep working with plain strings, that also remembers how it was made: its message
id (an English template with ``%(name)s`` placeholders), its plural form and count,
its context and its parameters (which may themselves be ``Text``).

Engines make texts with the three marker functions below, named like Django's so
that ``makemessages`` (xgettext) extracts their message ids into the catalogue:
``gettext_lazy(msgid, **params)``, ``ngettext_lazy(singular, plural, n, **params)``
and ``pgettext_lazy(context, msgid, **params)``. Nothing here imports Django: the
site translates a text where it reaches a player with ``text.localized(catalog)``,
where ``catalog`` offers ``gettext``, ``ngettext``, ``pgettext`` and ``npgettext``
(``django.utils.translation`` does; ``games.i18n.localize`` is the site's helper).
``Text.to_json``/``Text.from_json`` keep a text translatable after it is stored.

Code that writes for a player right away (the boards and turn guides in
``games.boards``, pure Python too) translates through the catalogue the site installs
at start-up (``install_catalog``; ``games.apps`` installs Django's): ``localize(text)``
gives any text in the active language, and ``translated.gettext``/``ngettext``/
``pgettext`` (same names, so the catalogue finds their message ids) build and
translate in one step. Without an installed catalogue everything stays English.

The move notation is never a message id: actions and cell names are parameters,
so they read the same in every language.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass
from typing import Any, Protocol


class Catalog(Protocol):
    """What ``Text.localized`` needs (``django.utils.translation`` is one)."""

    def gettext(self, message: str) -> str: ...
    def ngettext(self, singular: str, plural: str, number: int) -> str: ...
    def pgettext(self, context: str, message: str) -> str: ...
    def npgettext(self, context: str, singular: str, plural: str, number: int) -> str: ...


class Text(str):
    """An English sentence that a translation catalogue can translate (see above)."""

    msgid: str
    plural: str | None
    n: int | None
    context: str | None
    params: dict[str, Any]

    def __new__(
        cls,
        msgid: str,
        params: dict[str, Any] | None = None,
        *,
        plural: str | None = None,
        n: int | None = None,
        context: str | None = None,
    ) -> Text:
        return cls._made(msgid, dict(params or {}), plural, n, context)

    @classmethod
    def _made(cls, msgid, params, plural, n, context) -> Text:
        """The text, keeping ``params`` itself (a dict of the caller's own)."""
        template = msgid if plural is None or n == 1 else plural
        self = str.__new__(cls, template % params if params else template)
        self.msgid, self.plural, self.n, self.context = msgid, plural, n, context
        self.params = params
        return self

    def __reduce__(self):  # pickled (caches, tasks) with its message, not only the English
        return (_rebuild_text, (self.msgid, self.params, self.plural, self.n, self.context))

    def localized(self, catalog: Catalog) -> str:
        """This sentence in the catalogue's language (parameters translated too)."""
        if self.plural is None:
            if self.context is None:
                template = catalog.gettext(self.msgid)
            else:
                template = catalog.pgettext(self.context, self.msgid)
        elif self.context is None:
            template = catalog.ngettext(self.msgid, self.plural, self.n)
        else:
            template = catalog.npgettext(self.context, self.msgid, self.plural, self.n)
        if not self.params:
            return template
        params = {
            key: value.localized(catalog) if isinstance(value, Text) else value
            for key, value in self.params.items()
        }
        return template % params

    def to_json(self) -> dict:
        """A JSON-safe form from which ``from_json`` rebuilds the same text."""
        data: dict[str, Any] = {"msgid": self.msgid}
        if self.plural is not None:
            data["plural"], data["n"] = self.plural, self.n
        if self.context is not None:
            data["context"] = self.context
        if self.params:
            data["params"] = {
                key: value.to_json() if isinstance(value, Text) else value
                for key, value in self.params.items()
            }
        return data

    @classmethod
    def from_json(cls, data: dict) -> Text:
        # Straight to ``_made``: a long game's log holds thousands of nested texts, all
        # read back each time its state is loaded.
        params = data.get("params")
        if params:
            params = {
                key: cls.from_json(value) if isinstance(value, dict) else value
                for key, value in params.items()
            }
        return cls._made(
            data["msgid"], params or {}, data.get("plural"), data.get("n"), data.get("context")
        )


def _rebuild_text(msgid, params, plural, n, context) -> Text:
    return Text(msgid, params, plural=plural, n=n, context=context)


def gettext_lazy(msgid: str, **params: Any) -> Text:
    """A player-facing sentence; ``%(name)s`` placeholders take ``params``."""
    return Text(msgid, params)


def ngettext_lazy(singular: str, plural: str, n: int, **params: Any) -> Text:
    """A sentence with a count: ``n`` picks the form and is the ``%(n)s`` parameter."""
    params.setdefault("n", n)
    return Text(singular, params, plural=plural, n=n)


def join_texts(items, sep: str = ", ") -> Text:
    """Texts in a row, each translated ("Red 3, Blue 1"); the separator is not a word."""
    params = {f"i{k}": item for k, item in enumerate(items)}
    return Text(sep.join(f"%(i{k})s" for k in range(len(params))), params)


def pgettext_lazy(context: str, msgid: str, **params: Any) -> Text:
    """A short word whose translation depends on where it is used (a colour, a role)."""
    return Text(msgid, params, context=context)


@dataclass(frozen=True)
class Option:
    """One game option as the new-game form shows it.

    ``choices`` is a tuple of ``(value, label)`` pairs; ``players`` limits the option
    to those player counts (empty: every count).
    """

    label: str
    default: object
    choices: tuple[tuple[object, str], ...]
    help: str = ""
    players: tuple[int, ...] = ()


class IllegalAction(ValueError):
    """An action that the rules do not allow now; the message tells the player why.

    Raise it with a ``Text`` (``IllegalAction(gettext_lazy(...))``); ``text`` gives
    it back for translation (a plain ``str`` message is used as it is). ``parse``
    raises one of its three kinds below.
    """

    @property
    def text(self) -> str:
        return self.args[0] if self.args else ""


class UnknownAction(IllegalAction):
    """Text that is not this game's notation at all, in any position (python-chess's
    ``InvalidMoveError``); the message says how actions are written."""


class IllegalNow(IllegalAction):
    """A well-formed action that is not legal now: not this seat's turn, or not allowed
    in this position (python-chess's ``IllegalMoveError``); the message says why."""


class AmbiguousAction(IllegalAction):
    """Text that names more than one legal action (python-chess's
    ``AmbiguousMoveError``); ``candidates`` are their canonical spellings."""

    def __init__(self, text: str, candidates) -> None:
        self.written = text
        self.candidates: tuple[str, ...] = tuple(candidates)
        super().__init__(
            gettext_lazy(
                "%(text)s could be more than one action (%(actions)s): write the one you "
                "mean as listed",
                text=repr(text),
                actions=", ".join(self.candidates),
            )
        )

    def __reduce__(self):
        return (AmbiguousAction, (self.written, self.candidates))


def match_legal(
    text: object,
    legal: Collection[str],
    spell: Callable[[str], Iterable[str]],
    explain: Callable[[str], str],
) -> str:
    """The one action of ``legal`` that ``text`` names: what every engine's ``parse``
    does once the game's notation rules are known.

    ``spell(text)``: the canonical spellings ``text`` may stand for (several for an
    abbreviation), or ``UnknownAction`` if it is not the game's notation;
    ``explain(spelling)``: why that (first) spelling is not legal now, for
    ``IllegalNow``. Text spelled exactly as a legal action is that action, even where
    another legal action differs from it only in case.
    """
    if not isinstance(text, str):
        raise UnknownAction(gettext_lazy("%(text)s is not an action", text=repr(text)))
    if text in legal:
        return text
    spellings = list(dict.fromkeys(spell(text)))
    found = [spelling for spelling in spellings if spelling in legal]
    if len(found) == 1:
        return found[0]
    if found:
        raise AmbiguousAction(" ".join(text.split()), found)
    raise IllegalNow(explain(spellings[0] if spellings else text))


def among(legal: Iterable[str]) -> Callable[[str], str]:
    """A parser for a plain list of legal actions, in any case and spacing (where two
    differ only in case, only the exact spelling names one): for code that knows the
    actions but not the game, such as tests of the email reader."""
    listed = tuple(legal)
    folded: dict[str, list[str]] = {}
    for action in listed:
        folded.setdefault(" ".join(action.split()).casefold(), []).append(action)

    def spell(text: str) -> list[str]:
        key = " ".join(text.split())
        if key in listed:
            return [key]
        if key.casefold() not in folded:
            raise UnknownAction(gettext_lazy("%(text)s is not an action", text=repr(text)))
        return folded[key.casefold()]

    def parse(text: str) -> str:
        # Every spelling is listed, so nothing is illegal now: known or unknown.
        return match_legal(text, listed, spell, lambda spelling: "")

    return parse


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended.

    ``scores`` has one entry per seat; ``winners`` lists the winning seats (several
    for a shared win or a draw); ``reason`` says in words why the game ended.
    """

    scores: tuple[float, ...]
    winners: tuple[int, ...]
    reason: str
    draw: bool = False

    def to_json(self) -> dict:
        data = {
            "scores": list(self.scores),
            "winners": list(self.winners),
            "reason": str(self.reason),
            "draw": self.draw,
        }
        if isinstance(self.reason, Text):
            data["reason_text"] = self.reason.to_json()
        return data

    @classmethod
    def from_json(cls, data: dict) -> Outcome:
        return cls(
            scores=tuple(data["scores"]),
            winners=tuple(data["winners"]),
            reason=Text.from_json(data["reason_text"]) if "reason_text" in data else data["reason"],
            draw=data.get("draw", False),
        )


class _English:
    """The catalogue until the site installs one: every message is its own English."""

    @staticmethod
    def gettext(message):
        return message

    @staticmethod
    def ngettext(singular, plural, number):
        return singular if number == 1 else plural

    @staticmethod
    def pgettext(context, message):
        return message

    @staticmethod
    def npgettext(context, singular, plural, number):
        return singular if number == 1 else plural


_catalog: Catalog = _English()


def install_catalog(catalog: Catalog) -> None:
    """Where ``localize`` looks up translations (the site's, in its active language)."""
    global _catalog
    _catalog = catalog


def catalog() -> Catalog:
    """The catalogue texts are translated with now (the installed one)."""
    return _catalog


def localize(text: object) -> str:
    """A ``Text`` in the installed catalogue's active language; other values as they are."""
    if isinstance(text, Text):
        return text.localized(catalog())
    return "" if text is None else str(text)


def _filled(template: str, params: dict) -> str:
    if not params:
        return template
    return template % {
        key: value.localized(catalog()) if isinstance(value, Text) else value
        for key, value in params.items()
    }


class translated:
    """Translate a text at once, for code that renders for a player now: what
    ``localize(Text(...))`` gives, without building the English ``Text`` first (the
    boards ask for hundreds of labels a page)."""

    @staticmethod
    def gettext(msgid: str, **params: Any) -> str:
        return _filled(catalog().gettext(msgid), params)

    @staticmethod
    def ngettext(singular: str, plural: str, n: int, **params: Any) -> str:
        params.setdefault("n", n)
        return _filled(catalog().ngettext(singular, plural, n), params)

    @staticmethod
    def pgettext(context: str, msgid: str, **params: Any) -> str:
        return _filled(catalog().pgettext(context, msgid), params)


def seeded_rng(seed: int, *keys: object) -> random.Random:
    """A ``random.Random`` fixed by the game's seed and the event's keys.

    Chance events draw from ``seeded_rng(state.seed, "deal", round_no)`` and the like,
    so a state needs to keep only its seed (and never a generator's internal state)
    to replay exactly, on any Python version.
    """
    text = ":".join([str(seed), *map(str, keys)])
    digest = hashlib.sha256(text.encode()).digest()
    return random.Random(int.from_bytes(digest[:16], "big"))
