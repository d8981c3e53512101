"""The words the Tri*T*Area board and guide share: seats, cards, squares, actions.

Everything is read from ``view(state, seat)``; ``seat`` is the viewer (``None`` for a
spectator), named "you". The engine's pure modules are used for the board's geometry
(which squares touch) and for what a trick's last card would decide.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.engines.base import localize
from games.engines.base import translated as tr
from titles.tritarea.engine.board import ADJACENT, AREA_CONTEXT, SQUARE_INDEX
from titles.tritarea.engine.trick import adopt_concept, building_rights

# --- parsing the viewer's legal actions ----------------------------------------------


def build_targets(actions: Sequence[str]) -> tuple[set[str], set[str], set[str]]:
    """Squares taking one block (``b c2``), also two (``b c2 c2``), an extra (``x d2``)."""
    singles, doubles, extras = set(), set(), set()
    for action in actions:
        words = action.split()
        if words[0] == "b" and len(words) == 2:
            singles.add(words[1])
        elif words[0] == "b" and len(words) == 3:
            doubles.add(words[1])
        elif words[0] == "x" and len(words) == 2:
            extras.add(words[1])
    return singles, doubles, extras


def by_card(actions: Sequence[str]) -> dict[str, list[str]]:
    """The viewer's card plays (or lead declarations) grouped by card, in hand order."""
    found: dict[str, list[str]] = {}
    for action in actions:
        verb, _, arg = action.partition(" ")
        if verb in ("p", "lead") and arg:
            found.setdefault(arg.partition("=")[0], []).append(action)
    return found


def tokens(actions: Sequence[str]) -> set[str]:
    """The board's ``data-select`` tokens, i.e. the guide's choices."""
    doubles = build_targets(actions)[1]
    fives = {card for card, ways in by_card(actions).items() if len(ways) > 1}
    return {f"sq:{name}" for name in doubles} | {f"card:{card}" for card in fives}


# --- seats, cards, squares -----------------------------------------------------------


def concept(view: dict, letter: str) -> str:
    """``"E"`` -> "Ecology" (the rulebook's names, from the view), in the reader's
    language ("Ökologie")."""
    name = (view.get("areas") or {}).get(letter, {}).get("name", letter)
    if name == letter:
        return name
    # The view's name is the engine's text, or its English once stored as JSON.
    return localize(name) if hasattr(name, "localized") else tr.pgettext(AREA_CONTEXT, name)


def card_words(view: dict, written: str) -> str:
    """``"I5=10"`` -> "Intelligent 5 as 10"; ``"E3"`` -> "Ecology 3"."""
    card, _, chosen = written.partition("=")
    words = f"{concept(view, card[:1])} {card[1:]}"
    return tr.gettext("%(card)s as %(rank)s", card=words, rank=chosen) if chosen else words


def seat_rows(view: dict) -> list[dict]:
    return list(view.get("seats") or [])


def label(view: dict, s: int | None) -> str:
    """A seat's name: "Orange (computer)", "White (b, computer)" in the team game."""
    rows = seat_rows(view)
    if s is None or not 0 <= s < len(rows):
        return tr.gettext("Someone")
    return localize(rows[s].get("label")) or tr.gettext("Seat %(n)s", n=s + 1)


def colour(view: dict, s: int | None) -> str:
    """A seat's colour alone: "Orange"."""
    rows = seat_rows(view)
    if s is None or not 0 <= s < len(rows):
        return "?"
    return localize(rows[s].get("colour")) or label(view, s)


def who(view: dict, s: int | None, seat: int | None) -> str:
    """The seat as the viewer reads it: "you" or its name."""
    return tr.pgettext("seat", "you") if s is not None and s == seat else label(view, s)


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def points(count: int) -> str:
    return tr.ngettext("%(n)s point", "%(n)s points", count)


def blocks(count: int) -> str:
    return tr.ngettext("%(n)s block", "%(n)s blocks", count)


def cards(count: int) -> str:
    return tr.ngettext("%(n)s card", "%(n)s cards", count)


def squares(view: dict) -> list[dict]:
    return list(view.get("board") or [])


def top_of(square: dict) -> int | None:
    stack = square.get("stack") or []
    return stack[-1] if stack else None


def topped_neighbours(view: dict, name: str, holder: int | None) -> list[str]:
    """The squares next to ``name`` whose top block is ``holder``'s (TT2)."""
    board = squares(view)
    if name not in SQUARE_INDEX or holder is None:
        return []
    return [
        board[n].get("square", "")
        for n in ADJACENT[SQUARE_INDEX[name]]
        if n < len(board) and top_of(board[n]) == holder
    ]


def blocks_left(view: dict, s: int | None) -> int:
    rows = seat_rows(view)
    return int(rows[s].get("blocks", 0)) if s is not None and 0 <= s < len(rows) else 0


def extra_note(view: dict, name: str, holder: int | None, count: int = 1) -> str:
    """TT2: "then one more block ..." when building ``count`` on ``name`` allows it."""
    if holder is None or blocks_left(view, holder) <= count:
        return ""
    if topped_neighbours(view, name, holder):
        return tr.gettext("then one more block next to it is possible")
    return ""


def square_note(view: dict, name: str, holder: int | None, seat: int | None, count: int = 1) -> str:
    """What building ``count`` blocks on ``name`` means for ``holder``: a bonus, what it
    lands on, whether an additional block follows (TT2)."""
    board = squares(view)
    square = board[SQUARE_INDEX[name]] if SQUARE_INDEX.get(name, 99) < len(board) else {}
    stack = square.get("stack") or []
    if not stack:
        bonus = square.get("bonus") or 0
        note = tr.gettext("empty, bonus +%(n)s", n=bonus) if bonus else tr.gettext("empty")
    elif stack[-1] == seat:
        note = tr.gettext("%(blocks)s there, yours on top", blocks=blocks(len(stack)))
    else:
        note = tr.gettext(
            "%(blocks)s there, %(who)s on top",
            blocks=blocks(len(stack)),
            who=colour(view, stack[-1]),
        )
    extra = extra_note(view, name, holder, count)
    return f"{note}; {extra}" if extra else note


# --- the construction phase ----------------------------------------------------------


def builder_right(view: dict) -> dict:
    """The building right in use: ``{"seat", "rank", "right"}`` (empty outside building)."""
    building = view.get("building")
    for right in view.get("rights") or []:
        if right.get("seat") == building:
            return right
    return {}


def deciding_for(view: dict, seat: int | None) -> str:
    """The computer seat the viewer decides for now, by name ("" when deciding for
    themselves, or when it is not the viewer's decision)."""
    npc = view.get("deciding_for")
    if npc is None or seat is None or seat not in (view.get("to_move") or []):
        return ""
    return label(view, npc)


def why_you_decide(view: dict, npc: int) -> str:
    """Why the viewer decides for computer seat ``npc``, after the rulebook's 1-, 2- and
    3-player rules and TT7 (the 3-player site rule when the computer seat leads)."""
    phase = view.get("phase")
    n = view.get("num_players")
    if n == 1:
        return tr.gettext("in the solo game you decide for every computer seat")
    if n == 2:
        if phase == "sell":
            return tr.gettext(
                "it is your team partner, and a partner decides how many blocks it sells"
            )
        return tr.gettext("it is your team partner, and a partner decides where it builds")
    if builder_right(view).get("right") == 2:
        return tr.gettext("you hold the first right, and its holder decides for the computer seat")
    first_trick = view.get("trick") == 1
    if view.get("leader") == npc:
        if first_trick:
            return tr.gettext(
                "it starts this round itself, so you, seated after it, decide (a site rule)"
            )
        return tr.gettext(
            "it won the previous trick itself, so you, seated after it, decide (a site rule)"
        )
    if first_trick:
        return tr.gettext(
            "you are the round's start player, and the start player decides in its first trick"
        )
    return tr.gettext("you won the previous trick, and its winner decides for the computer seat")


def trick_detail(view: dict, seat: int | None) -> str:
    """What the trick decided: the adopted concept, its cards and the rights."""
    adopted = view.get("adopted") or ""
    support = [p for p in view.get("played") or [] if p["card"][:1] == adopted]
    text = tr.gettext("%(area)s adopted", area=concept(view, adopted))
    if support:
        text = tr.gettext(
            "%(area)s adopted with %(cards)s",
            area=concept(view, adopted),
            cards=cards(len(support)),
        )
    rights = view.get("rights") or []
    if rights:
        first = rights[0]
        text = tr.gettext(
            "%(text)s: first right %(who)s with %(rank)s",
            text=text,
            who=who(view, first["seat"], seat),
            rank=first["rank"],
        )
        if len(rights) > 1:
            second = rights[1]
            text = tr.gettext(
                "%(text)s, second right %(who)s with %(rank)s",
                text=text,
                who=who(view, second["seat"], seat),
                rank=second["rank"],
            )
        else:
            text = tr.gettext("%(text)s, no second right", text=text)
    return tr.gettext("%(sentence)s.", sentence=text)


def card_outcome(view: dict, seat: int | None, action: str) -> str:
    """When the viewer plays the trick's last card: what that card would decide."""
    played = view.get("played") or []
    if not action.startswith("p ") or seat is None or len(played) != 3:
        return ""
    card, _, chosen = action[2:].partition("=")
    rank = int(chosen) if chosen else int(card[1:])
    trick = (*((p["seat"], p["card"], p["rank"]) for p in played), (seat, card, rank))
    adopted = adopt_concept(trick, view.get("leader"))
    rights = building_rights(trick, adopted)
    name = concept(view, adopted)
    if rights[0][0] == seat:
        return tr.gettext("%(area)s adopted: you build first and lead the next trick", area=name)
    if len(rights) > 1 and rights[1][0] == seat:
        return tr.gettext("%(area)s adopted: you build second (one or two blocks)", area=name)
    return tr.gettext("%(area)s adopted: you do not build", area=name)


# --- an action in words --------------------------------------------------------------


def _cost(chosen: str) -> str:
    return points(1 if chosen == "0" else 2)


def action_words(view: dict, seat: int | None, action: str) -> str:
    """One legal action of the viewer in words, as its button says it ("Build for
    Orange (computer): two blocks on c3"); never the notation."""
    words = action.split()
    verb = words[0] if words else ""
    npc = deciding_for(view, seat)
    if verb in ("p", "lead") and len(words) == 2:
        card, _, chosen = words[1].partition("=")
        name = card_words(view, card)
        if verb == "p":
            if chosen:
                return tr.gettext(
                    "Play %(card)s as %(rank)s (pay %(cost)s)",
                    card=name,
                    rank=chosen,
                    cost=_cost(chosen),
                )
            return tr.gettext("Play %(card)s", card=name)
        if chosen:
            return tr.gettext(
                "Declare %(card)s your lead area, counted as %(rank)s (pay %(cost)s at the reveal)",
                card=name,
                rank=chosen,
                cost=_cost(chosen),
            )
        return tr.gettext("Declare %(card)s your lead area", card=name)
    if verb == "sell" and len(words) == 2 and words[1].isdigit():
        count = int(words[1])
        if count == 0:
            what = tr.gettext("no blocks")
        else:
            what = tr.gettext(
                "%(blocks)s for %(points)s points", blocks=blocks(count), points=3 * count
            )
        if npc:
            return tr.gettext("Sell for %(seat)s: %(what)s", seat=npc, what=what)
        return tr.gettext("Sell %(what)s", what=what)
    if verb in ("b", "x") and len(words) in (2, 3):
        if verb == "x":
            what = tr.gettext("one more block on %(square)s", square=words[1])
        elif len(words) == 3:
            what = tr.gettext("two blocks on %(square)s", square=words[1])
        else:
            what = tr.gettext("one block on %(square)s", square=words[1])
        if npc:
            return tr.gettext("Build for %(seat)s: %(what)s", seat=npc, what=what)
        return tr.gettext("Build %(what)s", what=what)
    if action == "pass" and view.get("phase") == "extra":
        if npc:
            return tr.gettext("No extra block for %(seat)s", seat=npc)
        return tr.gettext("No extra block")
    if action == "pass":
        rank = int(builder_right(view).get("rank", 0))
        return tr.gettext("Do not build (lose %(points)s)", points=points(rank))
    return action
