"""The Tri*T*Area turn in words: the guide beside the board (contract in
:mod:`games.boards`).

For every phase the prompt says what the viewer decides now, and for whom: deciding
for a computer seat names it (``acting_for``, e.g. "Orange (computer)"), says why the
viewer decides (the rulebook's 1-, 2- and 3-player rules, TT7, TT8) and every label
says it again ("Build for Orange (computer): two blocks on c3"). The detail gives what
matters for the decision: the trick so far or what it decided, blocks left, the
standing in the adopted area, costs. Labels are words only; the page shows each
action's notation beside them.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from games.boards import SAME_SEAT, Choice, Guide, LegendItem, Target, looking
from games.engines.base import translated as tr

from . import words as w
from .svg import AREA_FILL, FACE_DOWN, INK, MARK, SEAT_FILL

# The rules page section (the SPEC's rules_anchors) for each phase.
ANCHOR = {
    "lead": "lead",
    "sell": "sell",
    "play": "trick",
    "build": "build",
    "extra": "extra",
    "over": "scoring",
}
COMPUTER_ANCHOR = "computer"  # who decides for a computer seat, and how it must build
SELECTED_SWATCH = "#f8d3e2"


def _choices(view: dict, seat: int | None, actions: Sequence[str], me: int | None) -> list[Choice]:
    """The two-step choices, in board order: squares taking one or two blocks, then 5s
    (the board's ``data-select`` tokens)."""
    choices = []
    doubles = w.build_targets(actions)[1]
    holder = view.get("building")
    for square in w.squares(view):
        name = square.get("square", "")
        if name not in doubles:
            continue
        targets = tuple(
            Target(a, w.action_words(view, seat, a), w.extra_note(view, name, holder, n))
            for n, a in ((1, f"b {name}"), (2, f"b {name} {name}"))
            if a in actions
        )
        about = w.square_note(view, name, None, me)
        label = tr.gettext("Square %(square)s (%(about)s)", square=name, about=about)
        choices.append(Choice(f"sq:{name}", label, targets))
    for card, ways in w.by_card(actions).items():
        if len(ways) > 1:
            targets = tuple(
                Target(a, w.action_words(view, seat, a), w.card_outcome(view, seat, a))
                for a in ways
            )
            choices.append(Choice(f"card:{card}", w.card_words(view, card), targets))
    return choices


def _note(view: dict, seat: int | None, action: str, me: int | None) -> str:
    """What a one-step action's button should add: a square's bonus and what follows,
    what the trick's last card decides, what passing costs."""
    words = action.split()
    phase = view.get("phase")
    if words[0] == "b" and len(words) == 2:
        return w.square_note(view, words[1], view.get("building"), me)
    if words[0] == "x" and len(words) == 2:
        return w.square_note(view, words[1], None, me)
    if words[0] == "p":
        return w.card_outcome(view, seat, action)
    if action == "pass" and phase == "build":
        return tr.gettext("a default: the penalty is your card's rank")
    if action == "pass":
        return tr.gettext("costs nothing")
    return ""


def _legend(view: dict, seat: int | None, actions: Sequence[str]) -> tuple[LegendItem, ...]:
    areas = tuple(
        (letter, area.get("name", letter), area.get("first"), area.get("second"))
        for letter, area in (view.get("areas") or {}).items()
    )
    seats = tuple(
        (row["seat"], w.label(view, row["seat"]), w.colour(view, row["seat"]))
        for row in w.seat_rows(view)
    )
    return _legend_items(
        areas,
        tuple(view.get("adopted_this_round") or ()),
        seats,
        seat,
        bool(actions),
        view.get("phase") == "extra",
        view.get("round") == 3,
        # the language: the cached legend is in the words of the viewer
        tr.gettext("Pink border around a seat: its turn"),
    )


@lru_cache(maxsize=1024)
def _legend_items(
    areas: tuple,
    adopted: tuple[str, ...],
    seats: tuple,
    seat: int | None,
    marks: bool,
    extra: bool,
    leads: bool,
    turn_words: str,
) -> tuple[LegendItem, ...]:
    """The legend from plain values (it repeats from view to view)."""
    items = []
    for letter, name, first, second in areas:
        text = tr.gettext(
            "%(area)s area and %(letter)s cards: %(first)s points for first place, "
            "%(second)s for second",
            area=name,
            letter=letter,
            first=first,
            second=second,
        )
        tricks = [str(k + 1) for k, a in enumerate(adopted) if a == letter]
        if tricks:
            text = tr.ngettext(
                "%(text)s; adopted this round in trick %(tricks)s",
                "%(text)s; adopted this round in tricks %(tricks)s",
                len(tricks),
                text=text,
                tricks=", ".join(tricks),
            )
        items.append(LegendItem(AREA_FILL.get(letter, "#dddddd"), text))
    for s, name, colour in seats:
        if s == seat:
            text = tr.gettext("Your blocks (%(colour)s)", colour=colour.lower())
        else:
            text = tr.gettext("%(seat)s: %(colour)s blocks", seat=name, colour=colour.lower())
        items.append(LegendItem(SEAT_FILL[s % 4], text))
    items.append(
        LegendItem(
            "#ffffff", tr.gettext("+1 to +3 in a circle: bonus points for the first block there")
        )
    )
    items.append(
        LegendItem("#ffffff", tr.gettext("The number beside a building: its height in blocks"))
    )
    if marks:
        items.append(
            LegendItem(MARK, tr.gettext("Dashed pink frame: you can tap it (a square, a card)"))
        )
        items.append(LegendItem(SELECTED_SWATCH, tr.gettext("Solid pink frame: what you selected")))
    if extra:
        items.append(LegendItem(INK, tr.gettext("Dark frame: the square just built on")))
    if leads:
        items.append(
            LegendItem(
                FACE_DOWN,
                tr.gettext(
                    "Lead M4 under a seat: its lead area for round 3 (Modern, rank 4); "
                    "a grey card: a lead area declared in secret"
                ),
            )
        )
    items.append(LegendItem(MARK, turn_words))
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
    the words name them "you" and ``seat`` by name where they tell what is."""
    me = looking(seat, viewer)
    actions = list(actions or ())
    phase = view.get("phase", "")
    legend = _legend(view, me, actions)
    anchor = ANCHOR.get(phase, "goal")
    if not actions:
        return Guide(prompt="", rules_anchor=anchor, legend=legend)
    choices = _choices(view, seat, actions, me)
    offered = {t.action for choice in choices for t in choice.targets}
    buttons = tuple(
        Target(action, w.action_words(view, seat, action), _note(view, seat, action, me))
        for action in actions
        if action not in offered
    )
    npc = w.deciding_for(view, seat)
    prompt, detail = _turn_words(view, seat, actions, me)
    return Guide(
        prompt=prompt,
        detail=detail,
        acting_for=npc,
        rules_anchor=COMPUTER_ANCHOR if npc else anchor,
        choices=tuple(choices),
        buttons=buttons,
        legend=legend,
    )


# --- prompt and detail by phase --------------------------------------------------------


def _turn_words(
    view: dict, seat: int | None, actions: Sequence[str], me: int | None
) -> tuple[str, str]:
    """The prompt (what to decide now, for whom and why) and the detail; ``me`` who
    reads them (the prompt speaks to whoever decides for ``seat``, the facts name
    ``seat`` when ``me`` is someone else)."""
    phase = view.get("phase")
    npc_seat = view.get("deciding_for") if w.deciding_for(view, seat) else None
    if phase == "play":
        return _play(view, seat, actions, me)
    if phase == "lead":
        return (
            tr.gettext("Declare your lead area: choose a card from your hand, in secret."),
            tr.gettext(
                "At the end of round 3 you gain the card's rank if you are first in its area and "
                "lose it if you are third or lower (second: no change). The card leaves your "
                "hand; all declarations are revealed when the last player has chosen."
            ),
        )
    if phase == "sell":
        return _sell(view, seat, npc_seat, me)
    if phase == "build":
        return _build(view, seat, npc_seat, actions, me)
    if phase == "extra":
        return _extra(view, seat, npc_seat, me)
    return tr.gettext("Choose your action."), ""


def _play(view: dict, seat: int | None, actions: Sequence[str], me: int | None) -> tuple[str, str]:
    played = view.get("played") or []
    trick, rnd = view.get("trick"), view.get("round")
    details = [
        tr.gettext("Trick %(trick)s of 8, round %(round)s of 3.", trick=trick, round=rnd),
        tr.gettext(
            "The concept with the most cards is adopted; its lowest card builds first and "
            "leads the next trick, its highest builds second."
        ),
    ]
    if played:
        table = ", ".join(
            f"{w.who(view, p['seat'], me)} {w.card_words(view, p['card'])}" for p in played
        )
        details.insert(1, tr.gettext("On the table: %(cards)s.", cards=table))
    if len(played) == 3:
        details.append(tr.gettext("You play last: each card says what it would decide."))
    if rnd == 2 and len(view.get("hand") or []) <= 2:
        details.append(
            tr.gettext("The card you keep at the end of this round is your declaration of intent.")
        )
    if any("=" in a for a in actions):
        details.append(tr.gettext("A 5 may count as 0 (pay 1 point) or as 10 (pay 2 points)."))
    if not played:
        prompt = tr.gettext(
            "Lead a card: you open trick %(trick)s, and the others play after you.", trick=trick
        )
    else:
        prompt = tr.gettext(
            "Play a card: support a concept already on the table, or propose another."
        )
    return prompt, " ".join(details)


def _sell(view: dict, seat: int | None, npc_seat: int | None, me: int | None) -> tuple[str, str]:
    actor = (view.get("sell_order") or [None])[0]
    rows = w.seat_rows(view)
    row = rows[actor] if actor is not None and 0 <= actor < len(rows) else {}
    counts = {
        "blocks": w.blocks(int(row.get("blocks", 0))),
        "points": w.points(int(row.get("score", 0))),
    }
    if npc_seat is None and seat == me:
        detail = tr.gettext(
            "You have %(blocks)s and %(points)s. A block sold now gives 3 points; each block "
            "not placed by the end of round 3 costs 2 points.",
            **counts,
        )
    else:
        detail = tr.gettext(
            "%(seat)s has %(blocks)s and %(points)s. A block sold now gives 3 points; each "
            "block not placed by the end of round 3 costs 2 points.",
            seat=w.label(view, actor if npc_seat is None else npc_seat),
            **counts,
        )
    if npc_seat is not None:
        prompt = tr.gettext(
            "Choose how many blocks %(seat)s sells, for 3 points each: %(why)s.",
            seat=w.label(view, npc_seat),
            why=w.why_you_decide(view, npc_seat),
        )
        return prompt, detail
    return (
        tr.gettext("Block sale: choose how many of your blocks to sell, for 3 points each."),
        detail,
    )


def _build(
    view: dict, seat: int | None, npc_seat: int | None, actions: Sequence[str], me: int | None
) -> tuple[str, str]:
    area = view.get("adopted") or ""
    name = w.concept(view, area)
    right = w.builder_right(view)
    if right.get("right", 1) == 2:
        ordinal = tr.gettext("the second right")
    else:
        ordinal = tr.gettext("the first right")
    two = any(len(a.split()) == 3 for a in actions)
    if two:
        what = tr.gettext("one or two blocks on one square of %(area)s", area=name)
    else:
        what = tr.gettext("one block in %(area)s", area=name)
    holder = view.get("building")
    details = [w.trick_detail(view, me), _blocks(view, holder, me), _standing(view, area, me)]
    if npc_seat is not None:
        # The right is written into each sentence (not put in as "the first right"): a
        # language may inflect it after "with" (German "mit dem ersten Baurecht").
        words = {
            "seat": w.label(view, npc_seat),
            "what": what,
            "why": w.why_you_decide(view, npc_seat),
        }
        if right.get("right", 1) == 2:
            prompt = tr.gettext(
                "Choose where %(seat)s builds %(what)s with the second right: %(why)s.", **words
            )
        else:
            prompt = tr.gettext(
                "Choose where %(seat)s builds %(what)s with the first right: %(why)s.", **words
            )
        details.append(tr.gettext("A computer seat must build at least one block."))
    else:
        prompt = tr.gettext("Build %(what)s: you hold %(right)s.", what=what, right=ordinal)
        rank = int(right.get("rank", 0))
        details.append(
            tr.gettext(
                "Not building costs you %(points)s, your card's rank.", points=w.points(rank)
            )
        )
    return prompt, " ".join(d for d in details if d)


def _extra(view: dict, seat: int | None, npc_seat: int | None, me: int | None) -> tuple[str, str]:
    built = view.get("last_built") or ""
    holder = view.get("building")
    tops = w.topped_neighbours(view, built, holder)
    details = []
    if tops:
        joined = tr.gettext("%(first)s and %(last)s", first=", ".join(tops[:-1]), last=tops[-1])
        topped = joined if len(tops) > 1 else tops[0]
        if holder == me:
            details.append(
                tr.gettext(
                    "Allowed because your block tops %(squares)s, next to %(square)s.",
                    squares=topped,
                    square=built,
                )
            )
        else:
            details.append(
                tr.gettext(
                    "Allowed because %(colour)s's block tops %(squares)s, next to %(square)s.",
                    colour=w.colour(view, holder),
                    squares=topped,
                    square=built,
                )
            )
    details += [_blocks(view, holder, me), tr.gettext("Declining costs nothing.")]
    detail = " ".join(d for d in details if d)
    if npc_seat is not None:
        prompt = tr.gettext(
            "Choose whether %(seat)s adds one more block next to %(square)s: %(why)s.",
            seat=w.label(view, npc_seat),
            square=built,
            why=w.why_you_decide(view, npc_seat),
        )
        return prompt, detail
    return tr.gettext(
        "You may add one more block next to %(square)s, or none.", square=built
    ), detail


def _blocks(view: dict, s: int | None, seat: int | None) -> str:
    count = w.blocks(w.blocks_left(view, s))
    if s == seat:
        return tr.gettext("You have %(blocks)s left.", blocks=count)
    return tr.gettext("%(seat)s has %(blocks)s left.", seat=w.label(view, s), blocks=count)


def _standing(view: dict, area: str, seat: int | None) -> str:
    """Who leads the adopted area now (TT4's order, from the view's standings)."""
    groups = (view.get("standings") or {}).get(area) or []
    name = w.concept(view, area)
    if not groups:
        return tr.gettext("Nobody tops a building in %(area)s yet.", area=name)
    places = []
    for k, group in enumerate(groups[:2]):
        names = [w.who(view, s, seat) for s in group]
        who = names[0]
        for other in names[1:]:
            who = tr.gettext("%(first)s and %(last)s", first=who, last=other)
        if k == 0:
            places.append(tr.gettext("%(who)s first", who=who))
        else:
            places.append(tr.gettext("%(who)s second", who=who))
    return tr.gettext("In %(area)s now: %(places)s.", area=name, places=", ".join(places))
