"""The Trias turn in words: the guide beside the board (contract in :mod:`games.boards`).

``Turn`` sorts the legal actions by what the player picks first (a free tile, a
tile to drift, the herds on a tile, swimmers) and what then; the board
(:mod:`titles.trias.board`) and the guide share it, so both offer the same
two steps. Choice tokens:

- ``p:q,r`` a free tile in setup (target: place 2 herds there, TS11);
- ``d:q,r`` a tile that may drift (targets: the water where it may go, TS4);
- ``m:q,r`` the player's herds on a tile (targets: the tiles next to it, and a new
  herd there when one may reproduce, TS8); ``mf:q,r`` the herds there that may
  still reproduce ("fertile"), when the tile also holds some that may not (their
  moves are the notation's ``m+``);
- ``r:q,r`` the player's swimmers at a water position, one rescued per action;
  ``r:q,r_q,r...`` two or three swimmers rescued together for one action, grouped
  by which swimmers (their positions), so each list stays short (TS8); a group with
  many ways is split by where its first swimmer goes, ``r:q,r_q,r_q,r~q,r``.

Tokens use only characters that need no escaping in a URL's query (``?select=``).

``play``, ``draw`` and ``end`` are one-step buttons. Every label is a whole
sentence part in words; the notation is the target's ``action`` (the page shows
it small beside the words). The consequences of a drift (interim scoring, herds
left swimming, swimmers carried back to land) are worked out only for the tile
the player has picked, so a turn with a thousand possible drifts stays quick.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from games.boards import SAME_SEAT, Choice, Guide, LegendItem, Target, looking
from games.engines.base import translated as tr
from titles.trias.engine.board import analyse, neighbours
from titles.trias.engine.scoring import interim_land_mass, interim_points

DRIFT_COST = 3  # actions (TS8)
LONG_RESCUE = 16  # rescue targets in one list before it is split by the first place
LANDSCAPE_FILL = {"M": "#a3a7ad", "S": "#b58b57", "W": "#3d7a3a", "P": "#eef4f8"}
# English keys of the words (see landscape_name / card_name for the shown words)
LANDSCAPE_NAME = {"M": "mountain", "S": "steppe", "W": "wood", "P": "South Pole"}
HERD_FILL = ("#d62828", "#1f5fbf", "#7b3fa0", "#1a1a1a", "#f5f5f5")
COLOURS = ("Red", "Blue", "Purple", "Black", "White")
CARD_NAME = {"M": "mountain", "S": "steppe", "W": "wood", "X": "Meteorite Impact"}
WATER = "#2f6ea5"
INTERIOR = "#8cc4ea"
MOVABLE = "#ffd400"  # the ring of herds that can move
SCORED = "#f2c200"


def key(pos) -> str:
    return f"{pos[0]},{pos[1]}"


def parse_key(text: str) -> tuple[int, int]:
    q, r = text.split(",")
    return int(q), int(r)


def colour(seat: int) -> str:
    """A seat's colour in the viewer's language."""
    if 0 <= seat < len(COLOURS):
        return tr.pgettext("Trias colour", COLOURS[seat])
    return tr.gettext("Seat %(n)s", n=seat + 1)


# (one word translated per call: a guide names a landscape for every place it lists,
# and translating all four each time was a twentieth of a Trias page's first view)
_LANDSCAPE_NAMES = {
    "M": lambda: tr.pgettext("Trias landscape", "mountain"),
    "S": lambda: tr.pgettext("Trias landscape", "steppe"),
    "W": lambda: tr.pgettext("Trias landscape", "wood"),
    "P": lambda: tr.pgettext("Trias landscape", "South Pole"),
}
_CARD_NAMES = {
    "M": lambda: tr.pgettext("Trias card", "mountain"),
    "S": lambda: tr.pgettext("Trias card", "steppe"),
    "W": lambda: tr.pgettext("Trias card", "wood"),
    "X": lambda: tr.pgettext("Trias card", "Meteorite Impact"),
}


def landscape_name(letter: str) -> str:
    name = _LANDSCAPE_NAMES.get(letter)
    return name() if name else tr.gettext("tile")


def card_name(letter: str) -> str:
    name = _CARD_NAMES.get(letter)
    return name() if name else ""


# --- the legal actions, sorted by the two steps ---------------------------------------


@dataclass
class Turn:
    """The legal actions of one turn, by what is picked first. Keys are ``q,r``."""

    place: dict[str, str] = field(default_factory=dict)
    drifts: dict[str, dict[str, str]] = field(default_factory=dict)
    moves: dict[str, dict[str, str]] = field(default_factory=dict)
    moves_plus: dict[str, dict[str, str]] = field(default_factory=dict)
    reproduce: dict[str, str] = field(default_factory=dict)
    # sources ("3,0"; "3,0_4,-1" for two swimmers rescued together) -> actions
    rescues: dict[str, list[str]] = field(default_factory=dict)
    buttons: list[str] = field(default_factory=list)


def turn_of(actions: Sequence[str]) -> Turn:
    """The actions sorted by the two steps (shared by the board and the guide of one
    page, so parsed once; treat the result as read-only)."""
    return _turn_of(tuple(actions))


@lru_cache(maxsize=16)
def _turn_of(actions: tuple[str, ...]) -> Turn:
    turn = Turn()
    for action in actions:
        head, _, rest = action.partition(" ")
        if head == "d" or head == "m" or head == "m+":
            frm, _, to = rest.partition(">")
            table = turn.drifts if head == "d" else turn.moves if head == "m" else turn.moves_plus
            table.setdefault(frm, {})[to] = action
        elif head == "+":
            turn.reproduce[rest] = action
        elif head == "p":
            turn.place[rest] = action
        elif head == "r":
            sources = "_".join(step.partition(">")[0] for step in rest.split(" "))
            turn.rescues.setdefault(sources, []).append(action)
        else:
            turn.buttons.append(action)
    for sources in [k for k, v in turn.rescues.items() if len(v) > LONG_RESCUE]:
        # Many ways to rescue these swimmers together: one choice per place the first
        # of them goes to ("3,0_3,0_4,-1~2,0"), so each list stays short.
        for action in turn.rescues.pop(sources):
            first = action[2:].partition(" ")[0].partition(">")[2]
            turn.rescues.setdefault(f"{sources}~{first}", []).append(action)
    return turn


def selection(turn: Turn, selected: str | None) -> tuple[str, str]:
    """``(kind, key)`` of a valid selection, else ``("", "")``."""
    if not selected:
        return "", ""
    kind, _, where = selected.partition(":")
    if kind == "m":
        valid = where in turn.moves or where in turn.reproduce
    else:
        table = {"p": turn.place, "d": turn.drifts, "mf": turn.moves_plus, "r": turn.rescues}
        valid = where in table.get(kind, ())
    return (kind, where) if valid else ("", "")


# --- words for places ------------------------------------------------------------------


class Places:
    """The view's tiles and swimmers by position key, and their words."""

    def __init__(self, view: dict, seat: int | None, me: object = SAME_SEAT):
        self.seat = seat  # whose herds act
        self.me = looking(seat, me)  # who reads the words ("yours")
        self.tiles = {key(t["pos"]): t for t in view.get("tiles") or []}
        self.swimmers = {key(s["pos"]): s["herds"] for s in view.get("swimmers") or []}
        self._names: dict[str, str] = {}  # (by landscape: a guide names dozens of places)

    def name(self, where: str) -> str:
        tile = self.tiles.get(where)
        if not tile:
            return tr.gettext("water")
        letter = tile["landscape"]
        found = self._names.get(letter)
        if found is None:
            found = self._names[letter] = landscape_name(letter)
        return found

    def herds(self, where: str) -> int:
        tile = self.tiles.get(where)
        return sum(tile["herds"]) if tile else 0

    def state(self, where: str) -> str:
        """``wood, 2 of 4`` (herds on it of its capacity)."""
        tile = self.tiles.get(where)
        if not tile:
            return tr.gettext("water")
        return tr.gettext(
            "%(landscape)s, %(n)s of %(capacity)s",
            landscape=self.name(where),
            n=self.herds(where),
            capacity=tile["capacity"],
        )

    def own(self, where: str) -> int:
        tile = self.tiles.get(where)
        counts = tile["herds"] if tile else self.swimmers.get(where, ())
        return counts[self.seat] if self.seat is not None and self.seat < len(counts) else 0

    def owners(self, where: str) -> str:
        """``yours 1, Blue 1`` for the herds at ``where``."""
        tile = self.tiles.get(where)
        counts = tile["herds"] if tile else self.swimmers.get(where, ())
        parts = []
        for s, n in enumerate(counts):
            if n:
                if s == self.me:
                    parts.append(tr.gettext("yours %(n)s", n=n))
                else:
                    parts.append(tr.gettext("%(who)s %(n)s", who=colour(s), n=n))
        return ", ".join(parts)

    def beside(self, where: str, mass: set[str] | None = None) -> str:
        """A tile next to the water position ``where`` (of ``mass`` if given), in words."""
        for n in neighbours(parse_key(where)):
            k = key(n)
            if k in self.tiles and (mass is None or k in mass):
                return tr.gettext(
                    "beside the %(landscape)s at %(at)s", landscape=self.name(k), at=k
                )
        return ""


# --- the guide -------------------------------------------------------------------------


def legend(view: dict, seat: int | None, actions: Sequence[str]) -> tuple[LegendItem, ...]:
    items = [
        LegendItem(LANDSCAPE_FILL["M"], tr.gettext("Mountains (grey, ▲ pips): hold 2 herds")),
        LegendItem(LANDSCAPE_FILL["S"], tr.gettext("Steppe (brown, ■ pips): holds 3 herds")),
        LegendItem(LANDSCAPE_FILL["W"], tr.gettext("Woods (green, ● pips): hold 4 herds")),
        LegendItem(
            LANDSCAPE_FILL["P"],
            tr.gettext("South Pole (white, ◆ pips): a steppe (holds 3) that never drifts"),
        ),
        LegendItem(
            "#ffffff",
            tr.gettext(
                "Pips on a tile: one for each herd it holds, filled for each herd on it "
                "(▲△ is 1 of 2). A full tile cannot be entered, crossed or reproduced on."
            ),
        ),
    ]
    for s in range(int(view.get("num_players") or len(view.get("seats") or []))):
        if s == seat:
            text = tr.gettext(
                "%(who)s herds (yours): the number is how many are on the tile", who=colour(s)
            )
        else:
            text = tr.gettext(
                "%(who)s herds: the number is how many are on the tile", who=colour(s)
            )
        items.append(LegendItem(HERD_FILL[s % len(HERD_FILL)], text))
    items.append(
        LegendItem(
            WATER,
            tr.gettext(
                "Water. Herds in it (a dashed box) are swimmers: rescued, or back to stock "
                "at the end of their player's turn"
            ),
        )
    )
    if view.get("interior_seas"):
        items.append(LegendItem(INTERIOR, tr.gettext("Interior sea: water enclosed by land")))
    if actions:
        items.append(
            LegendItem(
                MOVABLE,
                tr.gettext(
                    "Yellow ring: a tile or swimmers where your herds can act now; tap it, "
                    "then a tile ringed in yellow"
                ),
            )
        )
        if any(a.startswith("d ") for a in actions):
            items.append(
                LegendItem("#ffffff", tr.gettext("Dashed white edge: a tile you may drift"))
            )
    if view.get("scored"):
        items.append(LegendItem(SCORED, tr.gettext("Gold dotted edge: the land mass scored last")))
    return tuple(items)


def guide(
    view: dict,
    *,
    seat: int | None,
    actions: Sequence[str] = (),
    selected: str | None = None,
    viewer: object = SAME_SEAT,
) -> Guide:
    """``viewer``: who reads it when not ``seat`` (the analysis board's seat to move):
    the legend and the herds' owners name them, not ``seat``, "yours"."""
    me = looking(seat, viewer)
    phase = view.get("phase") or ""
    anchors = {"place": "place", "card": "card", "drift": "drift", "actions": "actions"}
    anchor = anchors.get(phase, "end" if phase == "over" else "goal")
    items = legend(view, me, actions)
    if not actions:
        return Guide(prompt="", rules_anchor=anchor, legend=items)
    turn = turn_of(actions)
    places = Places(view, seat, me)
    kind, where = selection(turn, selected)
    if phase == "place":
        words = _placing(view, turn, places, where)
    elif phase == "card":
        words = _card(view, turn, places)
    elif phase == "drift":
        words = _mandatory_drift(view, turn, places, where)
    else:
        words = _actions(view, turn, places, kind, where)
    prompt, detail, choices, buttons = words
    return Guide(
        prompt=prompt,
        detail=detail,
        rules_anchor=anchor,
        choices=tuple(choices),
        buttons=tuple(buttons),
        legend=items,
    )


def _placing(view, turn: Turn, places: Places, where: str):
    me = _me(view, places.seat)
    first = not me.get("on_land")
    if first:
        prompt = tr.gettext(
            "Place 2 of your herds on a tile without herds (your first of two placements)."
        )
    else:
        prompt = tr.gettext(
            "Place 2 of your herds on a tile without herds (your second of two placements)."
        )
    if where:
        prompt = tr.gettext(
            "Place 2 herds on the %(landscape)s at %(at)s? Tap “Place here”.",
            landscape=places.name(where),
            at=where,
        )
    # Two placements each (TS11); the last placer then plays first, so the site's Undo
    # (services.undoable: nobody else has acted since) can take that placement back
    # until their card is chosen; any other placement hands the turn on at once.
    placed = sum(sum(t["herds"]) for t in places.tiles.values()) // 2
    players = int(view.get("num_players") or len(view.get("seats") or []) or 2)
    last = placed == 2 * players - 1
    if last:
        detail = tr.gettext(
            "Tap a tile with a dashed edge, then “Place here”. You place last and then "
            "play first: Undo can take this placement back until you play or draw your "
            "card. Spread out: the land drifts apart, and herds far out may soon be "
            "swimming."
        )
        note = tr.gettext("Undo can take it back until you choose your card")
    else:
        detail = tr.gettext(
            "Tap a tile with a dashed edge, then “Place here”; a placement cannot be taken "
            "back, as the next player places at once. Spread out: the land drifts apart, "
            "and herds far out may soon be swimming."
        )
        note = tr.gettext("final")
    choices = []
    steppe = tr.gettext("Steppe (holds 3)")
    groups = {"W": tr.gettext("Woods (hold 4)"), "S": steppe, "P": steppe}
    for landscape in ("W", "S", "P", "M"):
        for k, action in turn.place.items():
            tile = places.tiles.get(k)
            if not tile or tile["landscape"] != landscape:
                continue
            label = tr.gettext(
                "The %(landscape)s at %(at)s (holds %(capacity)s)",
                landscape=places.name(k),
                at=k,
                capacity=tile["capacity"],
            )
            target = Target(
                action,
                tr.gettext(
                    "Place 2 herds on the %(landscape)s at %(at)s", landscape=places.name(k), at=k
                ),
                note,
            )
            group = groups.get(landscape) or tr.gettext("Mountains (hold 2)")
            choices.append(Choice(f"p:{k}", label, (target,), group=group))
    return prompt, detail, choices, []


def _card(view, turn: Turn, places: Places):
    """The card phase; the hand card is a guess when the reader is not its holder (the
    analysis board's seat to move), and named as that seat's."""
    hand = view.get("hand") or ""
    card = card_name(hand)
    guessed = places.seat != places.me and places.seat is not None
    deck = view.get("deck") or {}
    left = int(deck.get("left", 0))
    actions = 3 if view.get("num_players") == 2 else 4
    if guessed:
        prompt = tr.gettext(
            "Play %(seat)s's hand card (%(card)s, a guess) or draw a card: a tile of that "
            "landscape must then drift.",
            seat=colour(places.seat),
            card=card,
        )
    else:
        prompt = tr.gettext(
            "Play your hand card (%(card)s) or draw a card: a tile of that landscape must "
            "then drift.",
            card=card,
        )
    detail = tr.gettext(
        "A drawn card must be played. Either way the card is shown, so this cannot be "
        "taken back. Then you have %(actions)s actions. %(cards)s left; "
        "the Meteorite Impact, which starts the last round, lies in the last %(last)s.",
        actions=actions,
        cards=tr.ngettext("%(n)s card", "%(n)s cards", left),
        last=int(deck.get("deck2_left", 0)),
    )
    buttons = []
    for action in turn.buttons:
        if action == "play":
            buttons.append(
                Target(
                    action,
                    tr.gettext(
                        "Play %(seat)s's hand card (a guess): %(card)s",
                        seat=colour(places.seat),
                        card=card,
                    )
                    if guessed
                    else tr.gettext("Play your hand card: %(card)s", card=card),
                    tr.gettext("then drift a %(card)s tile", card=card),
                )
            )
        elif action == "draw":
            buttons.append(
                Target(
                    action,
                    tr.gettext("Draw a card and play it"),
                    tr.gettext("you must play whatever you draw"),
                )
            )
        else:
            buttons.append(Target(action, action))
    return prompt, detail, [], buttons


def _card_kind(view) -> str:
    return view.get("card") or ""


def _drift_choices(view, turn: Turn, places: Places, where: str, cost_note: str):
    """One choice per tile that may drift; the picked tile's targets say what follows."""
    choices = []
    selected_effects = None
    if where in turn.drifts:
        selected_effects = _DriftEffects(view, places, where)
    for k in sorted(turn.drifts, key=board_order):
        targets = turn.drifts[k]
        tile = places.tiles.get(k)
        if not tile:
            continue
        herds = places.herds(k)
        # Each label stands alone (a page may list the choices without their group).
        if cost_note:
            what = tr.gettext(
                "Drift the %(landscape)s at %(at)s for %(cost)s actions",
                landscape=places.name(k),
                at=k,
                cost=DRIFT_COST,
            )
        else:
            what = tr.gettext("Drift the %(landscape)s at %(at)s", landscape=places.name(k), at=k)
        label = tr.gettext(
            "%(what)s (%(n)s of %(capacity)s herds)",
            what=what,
            n=herds,
            capacity=tile["capacity"],
        )
        if herds:
            label = tr.ngettext(
                "%(what)s (%(owners)s: it would swim)",
                "%(what)s (%(owners)s: they would swim)",
                herds,
                what=what,
                owners=places.owners(k),
            )
        items = []
        for to in sorted(targets, key=board_order):
            action = targets[to]
            text = tr.gettext("Put it at %(at)s", at=to)
            note = cost_note
            if k == where and selected_effects is not None:
                beside, effects = selected_effects.of(to)
                if beside:
                    text = tr.gettext("Put it at %(at)s, %(beside)s", at=to, beside=beside)
                note = "; ".join(x for x in (cost_note, effects) if x)
            items.append(Target(action, text, note))
        if cost_note:
            group = tr.gettext("Drift a tile (%(cost)s actions)", cost=DRIFT_COST)
        else:
            group = tr.gettext("Drift a tile")
        choices.append(Choice(f"d:{k}", label, tuple(items), group=group))
    return choices


class _DriftEffects:
    """What drifting the tile at ``frm`` to each place would do (TS6, TS7)."""

    def __init__(self, view: dict, places: Places, frm: str):
        self.places = places
        self.frm = frm
        tiles = tuple(sorted((*t["pos"], t["landscape"]) for t in view.get("tiles") or []))
        self.board = analyse(tiles)
        self.p = parse_key(frm)
        self.scoring = int(view.get("num_players") or 0) > 2
        mass = self.board.masses[self.board.mass_of[self.p]]
        self.mass = {key(x) for x in mass if x != self.p}

    def of(self, to: str) -> tuple[str, str]:
        places, d = self.places, parse_key(to)
        effects = []
        carried = places.swimmers.get(to)
        if carried and sum(carried):
            effects.append(
                tr.ngettext(
                    "carries %(n)s swimmer there back onto land (%(owners)s)",
                    "carries %(n)s swimmers there back onto land (%(owners)s)",
                    sum(carried),
                    owners=places.owners(to),
                )
            )
        if self.scoring:
            mass = interim_land_mass(self.board, self.p, d)
            if mass is not None:
                counts: dict[int, int] = {}
                for x in mass:
                    k = key(x)
                    tile = places.tiles.get(k)
                    herds = carried if k == to else tile["herds"] if tile else ()
                    for s, n in enumerate(herds or ()):
                        counts[s] = counts.get(s, 0) + n
                points = interim_points(counts)
                scored = ", ".join(
                    tr.gettext("you %(n)s", n=n)
                    if s == places.me
                    else tr.gettext("%(who)s %(n)s", who=colour(s), n=n)
                    for s, n in sorted(points.items(), key=lambda i: -i[1])
                )
                effects.append(
                    tr.ngettext(
                        "scores the new land mass of %(n)s tile: %(points)s",
                        "scores the new land mass of %(n)s tiles: %(points)s",
                        len(mass),
                        points=scored or tr.gettext("nobody has herds there"),
                    )
                )
        others = {
            key(n)
            for n in neighbours(d)
            if key(n) in places.tiles and key(n) not in self.mass and key(n) != self.frm
        }
        if others:
            effects.append(tr.gettext("joins another land mass"))
        return places.beside(to, self.mass), "; ".join(effects)


def _mandatory_drift(view, turn: Turn, places: Places, where: str):
    letter = _card_kind(view)
    card = landscape_name(letter) if letter else ""
    kinds = {places.tiles[k]["landscape"] for k in turn.drifts if k in places.tiles}
    fallback = letter and kinds and kinds != {letter}
    if fallback:
        prompt = tr.gettext(
            "No %(landscape)s tile can drift, so drift a tile of another landscape.",
            landscape=card,
        )
    else:
        prompt = tr.gettext(
            "Drift a %(landscape)s tile: tap a tile with a dashed edge, then where it goes.",
            landscape=card,
        )
    if where:
        count = len(turn.drifts.get(where, {}))
        prompt = tr.ngettext(
            "Drift the %(landscape)s at %(at)s: tap the %(n)s dotted water place for it.",
            "Drift the %(landscape)s at %(at)s: tap one of the %(n)s dotted water places for it.",
            count,
            landscape=places.name(where),
            at=where,
        )
    actions = 3 if view.get("num_players") == 2 else 4
    detail = tr.gettext(
        "A drifting tile moves farther from the South Pole and stays beside its land mass; "
        "herds on it stay in the water as swimmers. Undo can take the drift back. "
        "Then you have %(actions)s actions.",
        actions=actions,
    )
    choices = _drift_choices(view, turn, places, where, "")
    return prompt, detail, choices, []


def _me(view, seat) -> dict:
    seats = view.get("seats") or []
    return seats[seat] if seat is not None and 0 <= seat < len(seats) else {}


def _cost(n: int, left: int) -> str:
    """The cost note of an action: what it spends and whether it ends the turn."""
    if n >= left:
        return tr.ngettext(
            "your last action; this ends your turn",
            "your last %(n)s actions; this ends your turn",
            left,
        )
    return tr.gettext("%(n)s of your %(left)s actions", n=n, left=left)


def _actions(view, turn: Turn, places: Places, kind: str, where: str):
    left = int(view.get("actions_left") or 0)
    me = _me(view, places.seat)
    stock = int(me.get("stock", 0))
    swimming = int(me.get("swimmers", 0))
    last_round = bool(view.get("last_round"))
    prompt = tr.ngettext(
        "You have %(n)s action left: move or reproduce herds, rescue "
        "swimmers or drift a tile, then end your turn.",
        "You have %(n)s actions left: move or reproduce herds, rescue "
        "swimmers or drift a tile, then end your turn.",
        left,
    )
    if not (turn.moves or turn.reproduce or turn.rescues or turn.drifts):
        prompt = tr.gettext("No action is possible now: end your turn.")
    if left == 1:
        spend = tr.gettext("your last action")
    else:
        spend = tr.gettext("1 of your %(left)s actions", left=left)
    at = {"landscape": places.name(where), "at": where, "spend": spend}
    if kind in ("m", "mf"):
        if kind == "m" and where in turn.reproduce:
            prompt = tr.gettext(
                "Your herds on the %(landscape)s at %(at)s: tap a ringed tile to move "
                "one there, or “+1 herd” to reproduce (%(spend)s).",
                **at,
            )
        else:
            prompt = tr.gettext(
                "Your herds on the %(landscape)s at %(at)s: tap a ringed tile to move "
                "one there (%(spend)s).",
                **at,
            )
        if kind == "m" and where not in turn.moves:
            prompt = tr.gettext(
                "Your herds on the %(landscape)s at %(at)s cannot move, but one may "
                "reproduce: tap “+1 herd” (%(spend)s).",
                **at,
            )
    elif kind == "r" and "_" in where:
        prompt = tr.gettext(
            "Rescue these swimmers together for %(spend)s: choose where each goes.", spend=spend
        )
    elif kind == "r":
        prompt = tr.gettext(
            "Your swimmer at %(at)s: tap a ringed tile to rescue it there (%(spend)s). Up to "
            "3 swimmers can be rescued together for 1 action: choose them in the list.",
            **at,
        )
    elif kind == "d":
        prompt = tr.gettext(
            "Drift the %(landscape)s at %(at)s for %(cost)s of your "
            "%(left)s actions? Tap a dotted water place to confirm.",
            cost=DRIFT_COST,
            left=left,
            **at,
        )
    costs = tr.gettext(
        "A move (one herd to a tile next to it), a reproduction or a rescue (up to 3 "
        "swimmers) costs 1 action, a drift %(cost)s. Unused actions are lost. Undo can "
        "take an action back, except the one that ends your turn.",
        cost=DRIFT_COST,
    )
    notes = []
    if last_round:
        notes.append(tr.gettext("Last round: no card; final scoring follows."))
    if swimming:
        notes.append(
            tr.ngettext(
                "You have %(n)s swimmer: rescue it this turn or it goes back to your stock.",
                "You have %(n)s swimmers: rescue them this turn or they go back to your stock.",
                swimming,
            )
        )
    if stock == 0:
        notes.append(tr.gettext("You have no herds left in stock, so none can reproduce."))
    detail = " ".join([*notes, costs])

    one = _cost(1, left)
    choices = []
    for k in sorted(set(turn.moves) | set(turn.reproduce), key=board_order):
        both = k in turn.moves_plus
        items = []
        for to, action in turn.moves.get(k, {}).items():
            if both:
                text = tr.gettext(
                    "Move a herd that cannot reproduce again this turn to %(to)s (%(state)s)",
                    to=to,
                    state=places.state(to),
                )
            else:
                text = tr.gettext(
                    "Move one herd to %(to)s (%(state)s)", to=to, state=places.state(to)
                )
            items.append(Target(action, text, one))
        if k in turn.reproduce:
            items.append(
                Target(
                    turn.reproduce[k],
                    tr.gettext("Reproduce: a new herd on %(at)s from your stock", at=k),
                    tr.gettext("%(cost)s; %(n)s in stock", cost=one, n=stock),
                )
            )
        own = places.own(k)
        label = tr.ngettext(
            "Your herd on %(at)s (%(state)s)",
            "Your %(n)s herds on %(at)s (%(state)s)",
            own,
            at=k,
            state=places.state(k),
        )
        group = tr.gettext("Move or reproduce herds")
        choices.append(Choice(f"m:{k}", label, tuple(items), group=group))
        if both:
            plus = tuple(
                Target(
                    action,
                    tr.gettext(
                        "Move one of them to %(to)s (%(state)s)", to=to, state=places.state(to)
                    ),
                    one,
                )
                for to, action in turn.moves_plus[k].items()
            )
            choices.append(
                Choice(
                    f"mf:{k}",
                    tr.gettext("Your herds on %(at)s that may still reproduce this turn", at=k),
                    plus,
                    group=group,
                )
            )
    for sources in sorted(turn.rescues, key=lambda s: (-s.count("_"), s)):
        choices.append(_rescue_choice(places, sources, turn.rescues[sources], one))
    choices.extend(
        _drift_choices(view, turn, places, where if kind == "d" else "", _cost(DRIFT_COST, left))
    )
    buttons = []
    for action in turn.buttons:
        if action == "end":
            unused = tr.ngettext(
                "%(n)s unused action is lost", "%(n)s unused actions are lost", left
            )
            if swimming:
                unused = tr.ngettext(
                    "%(lost)s; %(n)s swimmer goes back to stock",
                    "%(lost)s; %(n)s swimmers go back to stock",
                    swimming,
                    lost=unused,
                )
            buttons.append(Target(action, tr.gettext("End your turn"), unused))
        else:
            buttons.append(Target(action, action))
    return prompt, detail, choices, buttons


@lru_cache(maxsize=4096)
def board_order(k: str) -> tuple[int, int]:
    """Reading order on the board: top row first, left to right."""
    q, r = parse_key(k)
    return r, 2 * q + r


def _how_many(n: int, of: int, to: str, state: str) -> str:
    """ "one to 2,0 (steppe, 1 of 3)", "both to ...", "all three to ...", "two to ..."."""
    where = {"to": to, "state": state}
    if n == 1:
        return tr.gettext("one to %(to)s (%(state)s)", **where)
    if n == of == 2:
        return tr.gettext("both to %(to)s (%(state)s)", **where)
    if n == of == 3:
        return tr.gettext("all three to %(to)s (%(state)s)", **where)
    return tr.gettext("two to %(to)s (%(state)s)", **where)


def _and(parts: list[str]) -> str:
    """Parts joined with "and" ("a and b and c"), the word translated."""
    text = parts[0]
    for part in parts[1:]:
        text = tr.gettext("%(first)s and %(last)s", first=text, last=part)
    return text


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _rescue_choice(places: Places, token: str, actions: list[str], one: str) -> Choice:
    sources, _, first = token.partition("~")
    spots = sources.split("_")
    counts: dict[str, int] = {}
    for s in spots:
        counts[s] = counts.get(s, 0) + 1
    if len(spots) == 1:
        have = places.own(spots[0])
        label = tr.ngettext(
            "Your swimmer at %(at)s", "One of your %(n)s swimmers at %(at)s", have, at=spots[0]
        )
    else:
        parts = []
        for s, n in counts.items():
            have = places.own(s)
            if n == have:
                if n == 1:
                    parts.append(tr.gettext("the one at %(at)s", at=s))
                elif n == 2:
                    parts.append(tr.gettext("both at %(at)s", at=s))
                else:
                    parts.append(tr.gettext("all %(n)s at %(at)s", n=n, at=s))
            else:
                parts.append(tr.gettext("%(n)s of the %(have)s at %(at)s", n=n, have=have, at=s))
        label = tr.gettext("%(n)s swimmers together: %(parts)s", n=len(spots), parts=_and(parts))
        if first:
            label = tr.gettext(
                "%(label)s; the first from %(from)s to %(to)s (%(landscape)s)",
                label=label,
                to=first,
                landscape=places.name(first),
                **{"from": spots[0]},
            )
    items = []
    for action in actions:
        steps = [step.partition(">") for step in action[2:].split(" ")]
        if len(steps) == 1:
            text = tr.gettext(
                "Rescue it to %(to)s (%(state)s)", to=steps[0][2], state=places.state(steps[0][2])
            )
        elif len(counts) == 1:  # all from one place: say only where each goes
            ends: dict[str, int] = {}
            for _, _, to in steps:
                ends[to] = ends.get(to, 0) + 1
            words = [_how_many(n, len(steps), to, places.state(to)) for to, n in ends.items()]
            text = _capital(_and(words))
        else:
            words = [
                tr.gettext(
                    "from %(from)s to %(to)s (%(state)s)",
                    to=to,
                    state=places.state(to),
                    **{"from": frm},
                )
                for frm, _, to in steps
            ]
            text = _capital(_and(words))
        items.append(Target(action, text, one))
    return Choice(f"r:{token}", label, tuple(items), group=tr.gettext("Rescue swimmers"))
