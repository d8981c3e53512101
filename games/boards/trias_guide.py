"""The Trias turn in words: the guide beside the board (contract in :mod:`games.boards`).

``Turn`` sorts the legal actions by what the player picks first (a free tile, a
tile to drift, the herds on a tile, swimmers) and what then; the board
(:mod:`games.boards.trias`) and the guide share it, so both offer the same
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

from games.boards import Choice, Guide, LegendItem, Target
from games.engines.trias.board import analyse, neighbours
from games.engines.trias.scoring import interim_land_mass, interim_points

DRIFT_COST = 3  # actions (TS8)
LONG_RESCUE = 16  # rescue targets in one list before it is split by the first place
LANDSCAPE_FILL = {"M": "#a3a7ad", "S": "#b58b57", "W": "#3d7a3a", "P": "#eef4f8"}
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
    return COLOURS[seat] if 0 <= seat < len(COLOURS) else f"Seat {seat + 1}"


def plural(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


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

    def __init__(self, view: dict, seat: int | None):
        self.seat = seat
        self.tiles = {key(t["pos"]): t for t in view.get("tiles") or []}
        self.swimmers = {key(s["pos"]): s["herds"] for s in view.get("swimmers") or []}

    def name(self, where: str) -> str:
        tile = self.tiles.get(where)
        return LANDSCAPE_NAME.get(tile["landscape"], "tile") if tile else "water"

    def herds(self, where: str) -> int:
        tile = self.tiles.get(where)
        return sum(tile["herds"]) if tile else 0

    def state(self, where: str) -> str:
        """``wood, 2 of 4`` (herds on it of its capacity)."""
        tile = self.tiles.get(where)
        if not tile:
            return "water"
        return f"{self.name(where)}, {self.herds(where)} of {tile['capacity']}"

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
                parts.append(f"yours {n}" if s == self.seat else f"{colour(s)} {n}")
        return ", ".join(parts)

    def beside(self, where: str, mass: set[str] | None = None) -> str:
        """A tile next to the water position ``where`` (of ``mass`` if given), in words."""
        for n in neighbours(parse_key(where)):
            k = key(n)
            if k in self.tiles and (mass is None or k in mass):
                return f"beside the {self.name(k)} at {k}"
        return ""


# --- the guide -------------------------------------------------------------------------


def legend(view: dict, seat: int | None, actions: Sequence[str]) -> tuple[LegendItem, ...]:
    items = [
        LegendItem(LANDSCAPE_FILL["M"], "Mountains (grey): hold 2 herds"),
        LegendItem(LANDSCAPE_FILL["S"], "Steppe (brown): holds 3 herds"),
        LegendItem(LANDSCAPE_FILL["W"], "Woods (green): hold 4 herds"),
        LegendItem(LANDSCAPE_FILL["P"], "South Pole: a steppe (holds 3) that never drifts"),
        LegendItem(
            "#ffffff",
            "“2/4” on a tile: 2 herds on it, room for 4. A full tile cannot be entered, "
            "crossed or reproduced on.",
        ),
    ]
    for s in range(int(view.get("num_players") or len(view.get("seats") or []))):
        mine = " (yours)" if s == seat else ""
        items.append(
            LegendItem(
                HERD_FILL[s % len(HERD_FILL)],
                f"{colour(s)} herds{mine}: the number is how many are on the tile",
            )
        )
    items.append(
        LegendItem(
            WATER,
            "Water. Herds in it (a dashed box) are swimmers: rescued, or back to stock "
            "at the end of their player's turn",
        )
    )
    if view.get("interior_seas"):
        items.append(LegendItem(INTERIOR, "Interior sea: water enclosed by land"))
    if actions:
        items.append(
            LegendItem(
                MOVABLE,
                "Yellow ring: your herds that can act now; tap them, then a tile ringed in yellow",
            )
        )
        if any(a.startswith("d ") for a in actions):
            items.append(LegendItem("#ffffff", "Dashed white edge: a tile you may drift"))
    if view.get("scored"):
        items.append(LegendItem(SCORED, "Gold edge: the land mass scored last"))
    return tuple(items)


def guide(
    view: dict,
    *,
    seat: int | None,
    actions: Sequence[str] = (),
    selected: str | None = None,
) -> Guide:
    phase = view.get("phase") or ""
    anchors = {"place": "place", "card": "card", "drift": "drift", "actions": "actions"}
    anchor = anchors.get(phase, "end" if phase == "over" else "goal")
    items = legend(view, seat, actions)
    if not actions:
        return Guide(prompt="", rules_anchor=anchor, legend=items)
    turn = turn_of(actions)
    places = Places(view, seat)
    kind, where = selection(turn, selected)
    if phase == "place":
        words = _placing(view, turn, places, where)
    elif phase == "card":
        words = _card(view, turn)
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
    which = "first" if first else "second"
    prompt = f"Place 2 of your herds on a tile without herds (your {which} of two placements)."
    if where:
        prompt = f"Place 2 herds on the {places.name(where)} at {where}? Tap “Place here”."
    detail = (
        "Tap a tile with a dashed edge, then “Place here”; a placement cannot be taken "
        "back. Spread out: the land drifts apart, and herds far out may soon be swimming."
    )
    choices = []
    groups = {"W": "Woods (hold 4)", "S": "Steppe (holds 3)", "P": "Steppe (holds 3)"}
    for landscape in ("W", "S", "P", "M"):
        for k, action in turn.place.items():
            tile = places.tiles.get(k)
            if not tile or tile["landscape"] != landscape:
                continue
            label = f"The {places.name(k)} at {k} (holds {tile['capacity']})"
            target = Target(action, f"Place 2 herds on the {places.name(k)} at {k}", "final")
            group = groups.get(landscape, "Mountains (hold 2)")
            choices.append(Choice(f"p:{k}", label, (target,), group=group))
    return prompt, detail, choices, []


def _card(view, turn: Turn):
    hand = view.get("hand") or ""
    card = CARD_NAME.get(hand, "")
    deck = view.get("deck") or {}
    left = int(deck.get("left", 0))
    actions = 3 if view.get("num_players") == 2 else 4
    prompt = (
        f"Play your hand card ({card}) or draw a card: a tile of that landscape must then drift."
    )
    detail = (
        f"A drawn card must be played. Either way the card is shown, so this cannot be "
        f"taken back. Then you have {actions} actions. {plural(left, 'card', 'cards')} left; "
        "the Meteorite Impact, which starts the last round, lies in the last "
        f"{int(deck.get('deck2_left', 0))}."
    )
    buttons = []
    for action in turn.buttons:
        if action == "play":
            buttons.append(
                Target(action, f"Play your hand card: {card}", f"then drift a {card} tile")
            )
        elif action == "draw":
            buttons.append(
                Target(action, "Draw a card and play it", "you must play whatever you draw")
            )
        else:
            buttons.append(Target(action, action))
    return prompt, detail, [], buttons


def _card_kind(view) -> str:
    return CARD_NAME.get(view.get("card") or "", "")


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
        costs = f" for {DRIFT_COST} actions" if cost_note else ""
        what = f"Drift the {places.name(k)} at {k}{costs}"
        label = f"{what} ({herds} of {tile['capacity']} herds)"
        if herds:
            they = "it" if herds == 1 else "they"
            label = f"{what} ({places.owners(k)}: {they} would swim)"
        items = []
        for to in sorted(targets, key=board_order):
            action = targets[to]
            text = f"Put it at {to}"
            note = cost_note
            if k == where and selected_effects is not None:
                beside, effects = selected_effects.of(to)
                if beside:
                    text += f", {beside}"
                note = "; ".join(x for x in (cost_note, effects) if x)
            items.append(Target(action, text, note))
        group = f"Drift a tile ({DRIFT_COST} actions)" if cost_note else "Drift a tile"
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
                f"carries {plural(sum(carried), 'swimmer', 'swimmers')} there back onto land "
                f"({places.owners(to)})"
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
                    f"{'you' if s == places.seat else colour(s)} {n}"
                    for s, n in sorted(points.items(), key=lambda i: -i[1])
                )
                effects.append(
                    f"scores the new land mass of {plural(len(mass), 'tile', 'tiles')}: "
                    f"{scored or 'nobody has herds there'}"
                )
        others = {
            key(n)
            for n in neighbours(d)
            if key(n) in places.tiles and key(n) not in self.mass and key(n) != self.frm
        }
        if others:
            effects.append("joins another land mass")
        return places.beside(to, self.mass), "; ".join(effects)


def _mandatory_drift(view, turn: Turn, places: Places, where: str):
    card = _card_kind(view)
    kinds = {places.tiles[k]["landscape"] for k in turn.drifts if k in places.tiles}
    fallback = card and kinds and kinds != {_card_letter(card)}
    if fallback:
        prompt = f"No {card} tile can drift, so drift a tile of another landscape."
    else:
        prompt = f"Drift a {card} tile: tap a tile with a dashed edge, then where it goes."
    if where:
        count = len(turn.drifts.get(where, {}))
        prompt = (
            f"Drift the {places.name(where)} at {where}: tap one of the "
            f"{plural(count, 'dotted water place', 'dotted water places')} for it."
        )
    actions = 3 if view.get("num_players") == 2 else 4
    detail = (
        "A drifting tile moves farther from the South Pole and stays beside its land mass; "
        "herds on it stay in the water as swimmers. Undo can take the drift back. "
        f"Then you have {actions} actions."
    )
    choices = _drift_choices(view, turn, places, where, "")
    return prompt, detail, choices, []


def _card_letter(name: str) -> str:
    return next((k for k, v in CARD_NAME.items() if v == name), "")


def _me(view, seat) -> dict:
    seats = view.get("seats") or []
    return seats[seat] if seat is not None and 0 <= seat < len(seats) else {}


def _cost(n: int, left: int) -> str:
    """The cost note of an action: what it spends and whether it ends the turn."""
    if n >= left:
        last = "your last action" if left == 1 else f"your last {left} actions"
        return f"{last}; this ends your turn"
    return f"{n} of your {left} actions"


def _actions(view, turn: Turn, places: Places, kind: str, where: str):
    left = int(view.get("actions_left") or 0)
    me = _me(view, places.seat)
    stock = int(me.get("stock", 0))
    swimming = int(me.get("swimmers", 0))
    last_round = bool(view.get("last_round"))
    prompt = (
        f"You have {plural(left, 'action', 'actions')} left: move or reproduce herds, rescue "
        "swimmers or drift a tile, then end your turn."
    )
    if not (turn.moves or turn.reproduce or turn.rescues or turn.drifts):
        prompt = "No action is possible now: end your turn."
    spend = "your last action" if left == 1 else f"1 of your {left} actions"
    if kind in ("m", "mf"):
        grow = ", or “+1 herd” to reproduce" if kind == "m" and where in turn.reproduce else ""
        prompt = (
            f"Your herds on the {places.name(where)} at {where}: tap a ringed tile to move "
            f"one there{grow} ({spend})."
        )
        if kind == "m" and where not in turn.moves:
            prompt = (
                f"Your herds on the {places.name(where)} at {where} cannot move, but one may "
                f"reproduce: tap “+1 herd” ({spend})."
            )
    elif kind == "r" and "_" in where:
        prompt = f"Rescue these swimmers together for {spend}: choose where each goes."
    elif kind == "r":
        prompt = (
            f"Your swimmer at {where}: tap a ringed tile to rescue it there ({spend}). Up to "
            "3 swimmers can be rescued together for 1 action: choose them in the list."
        )
    elif kind == "d":
        prompt = (
            f"Drift the {places.name(where)} at {where} for {DRIFT_COST} of your "
            f"{left} actions? Tap a dotted water place to confirm."
        )
    costs = (
        "A move (one herd to a tile next to it), a reproduction or a rescue (up to 3 "
        f"swimmers) costs 1 action, a drift {DRIFT_COST}. Unused actions are lost. Undo can "
        "take an action back, except the one that ends your turn."
    )
    notes = []
    if last_round:
        notes.append("Last round: no card; final scoring follows.")
    if swimming:
        notes.append(
            f"You have {plural(swimming, 'swimmer', 'swimmers')}: rescue them this turn or "
            "they go back to your stock."
        )
    if stock == 0:
        notes.append("You have no herds left in stock, so none can reproduce.")
    detail = " ".join([*notes, costs])

    one = _cost(1, left)
    choices = []
    for k in sorted(set(turn.moves) | set(turn.reproduce), key=board_order):
        both = k in turn.moves_plus
        items = []
        for to, action in turn.moves.get(k, {}).items():
            herd = "a herd that cannot reproduce again this turn" if both else "one herd"
            items.append(Target(action, f"Move {herd} to {to} ({places.state(to)})", one))
        if k in turn.reproduce:
            items.append(
                Target(
                    turn.reproduce[k],
                    f"Reproduce: a new herd on {k} from your stock",
                    f"{one}; {stock} in stock",
                )
            )
        own = places.own(k)
        mine = "Your herd" if own == 1 else f"Your {own} herds"
        label = f"{mine} on {k} ({places.state(k)})"
        choices.append(Choice(f"m:{k}", label, tuple(items), group="Move or reproduce herds"))
        if both:
            plus = tuple(
                Target(action, f"Move one of them to {to} ({places.state(to)})", one)
                for to, action in turn.moves_plus[k].items()
            )
            choices.append(
                Choice(
                    f"mf:{k}",
                    f"Your herds on {k} that may still reproduce this turn",
                    plus,
                    group="Move or reproduce herds",
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
            unused = f"{plural(left, 'unused action is', 'unused actions are')} lost"
            if swimming:
                unused += f"; {plural(swimming, 'swimmer goes', 'swimmers go')} back to stock"
            buttons.append(Target(action, "End your turn", unused))
        else:
            buttons.append(Target(action, action))
    return prompt, detail, choices, buttons


@lru_cache(maxsize=4096)
def board_order(k: str) -> tuple[int, int]:
    """Reading order on the board: top row first, left to right."""
    q, r = parse_key(k)
    return r, 2 * q + r


def _how_many(n: int, of: int) -> str:
    return "one" if n == 1 else "both" if n == of == 2 else "all three" if n == of == 3 else "two"


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
        label = (
            f"Your swimmer at {spots[0]}"
            if have == 1
            else f"One of your {have} swimmers at {spots[0]}"
        )
    else:
        parts = []
        for s, n in counts.items():
            have = places.own(s)
            if n == have:
                which = "the one" if n == 1 else "both" if n == 2 else f"all {n}"
                parts.append(f"{which} at {s}")
            else:
                parts.append(f"{n} of the {have} at {s}")
        label = f"{len(spots)} swimmers together: " + " and ".join(parts)
        if first:
            label += f"; the first from {spots[0]} to {first} ({places.name(first)})"
    items = []
    for action in actions:
        steps = [step.partition(">") for step in action[2:].split(" ")]
        if len(steps) == 1:
            text = f"Rescue it to {steps[0][2]} ({places.state(steps[0][2])})"
        elif len(counts) == 1:  # all from one place: say only where each goes
            ends: dict[str, int] = {}
            for _, _, to in steps:
                ends[to] = ends.get(to, 0) + 1
            words = [
                f"{_how_many(n, len(steps))} to {to} ({places.state(to)})" for to, n in ends.items()
            ]
            text = _capital(" and ".join(words))
        else:
            text = " and ".join(f"from {frm} to {to} ({places.state(to)})" for frm, _, to in steps)
            text = _capital(text)
        items.append(Target(action, text, one))
    return Choice(f"r:{token}", label, tuple(items), group="Rescue swimmers")
