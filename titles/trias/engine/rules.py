"""Trias rules: setup, the four phases of a turn, the last round and the end.

The state machine (``state.phase``), one decision per action, the same seat acting
again until its turn is over:

- ``place``: the two setup placement rounds, anti-clockwise (TS11).
- ``card``: Phase 1, ``play`` the hand card or ``draw`` (and play the drawn card).
- ``drift``: Phase 1's mandatory drift of the card's landscape (TS4, TS5). When no
  tile of that landscape can drift, any landscape may (the colour fallback); when
  no tile at all can drift, the drift lapses by itself, with a log entry, and the
  turn goes straight on to Phase 2. The Meteorite drawn here means no drift (TS12).
- ``actions``: Phase 2: moves, rescues, reproductions and drifts (3 actions) until
  the player says ``end`` or has no action left; then Phase 3 (TS9, TS10) and Phase
  4 run by themselves. "Unused actions are lost", so using the last action ends the
  turn (site decision: nothing is left to decide, and the rulebook runs the phases
  in a fixed sequence).
- ``over``: final scoring (TS13) is done.
"""

from __future__ import annotations

from games.engines.base import (
    gettext_lazy,
    join_texts,
    match_legal,
    ngettext_lazy,
    pgettext_lazy,
    seeded_rng,
)

from .board import CAPACITY, LANDSCAPE_NAMES, POLE, Pos, disc, format_pos, neighbours, ring
from .cards import (
    CARD_NAMES,
    METEORITE,
    deck1,
    deck2,
    deck2_size,
    expand,
    herds_per_player,
    land_tiles,
    water_tiles,
)
from .drift import can_drift, drift_actions, why_not_drift
from .notation import parse, step, unparse
from .scoring import final_points, interim_land_mass, interim_points
from .state import ACTIONS, CARD, DRIFT, OVER, PLACE, Herd, State, evolve

COLOURS = (
    pgettext_lazy("Trias colour", "Red"),
    pgettext_lazy("Trias colour", "Blue"),
    pgettext_lazy("Trias colour", "Purple"),
    pgettext_lazy("Trias colour", "Black"),
    pgettext_lazy("Trias colour", "White"),
)
DRIFT_COST = 3
LAST_ROUND_ACTIONS = 2


def label(seat: int) -> str:
    return COLOURS[seat]


def base_actions(num_players: int) -> int:
    """Four actions a turn, three in the two-player game (TS15)."""
    return 3 if num_players == 2 else 4


# ---------------------------------------------------------------- setup (TS1, TS11, TS15)


def new_game(num_players: int, seed: int, options: dict) -> State:
    """Deal the board, the decks and the hands, and order the seats, from the seed."""
    rng = seeded_rng(seed, "board")
    land = expand(land_tiles(num_players))
    rng.shuffle(land)
    layout: dict[Pos, str] = {}
    if num_players == 2:
        inner_positions = [p for p in disc(2) if p != POLE]
        layout.update(zip(inner_positions, land, strict=True))
        removed: tuple[str, ...] = ()
    else:
        # 16 land tiles and the two water tiles form the inner two rings; the third
        # ring takes the next 18; two tiles are left over. Water tiles become seas.
        inner = land[:16] + ["~"] * water_tiles(num_players)
        rng.shuffle(inner)
        inner_positions = [p for p in disc(2) if p != POLE]
        layout.update((p, k) for p, k in zip(inner_positions, inner, strict=True) if k != "~")
        layout.update(zip(ring(3), land[16:34], strict=True))
        removed = tuple(sorted(land[34:]))
    layout[POLE] = "P"
    tiles = tuple(sorted((q, r, k) for (q, r), k in layout.items()))

    order = list(range(num_players))
    seeded_rng(seed, "order").shuffle(order)

    cards1 = expand(deck1(num_players, bool(options.get("shorter"))))
    cards2 = expand(deck2(num_players))
    seeded_rng(seed, "deck", 1).shuffle(cards1)
    seeded_rng(seed, "deck", 2).shuffle(cards2)
    deck = cards1 + cards2
    hands = [""] * num_players
    for i, seat in enumerate(order):  # dealt clockwise from the first player
        hands[seat] = deck[i]
    deck = deck[num_players:]

    placing = list(reversed(order)) * 2  # anti-clockwise, ending with order[0]
    log = (
        gettext_lazy("Seats clockwise: %(seats)s.", seats=join_texts(label(s) for s in order)),
        gettext_lazy(
            "%(first)s places first; %(last)s places last and plays first.",
            first=label(placing[0]),
            last=label(order[0]),
        ),
    )
    return State(
        num_players=num_players,
        seed=seed,
        options=tuple(sorted(options.items())),
        order=tuple(order),
        tiles=tiles,
        removed=removed,
        herds=(),
        next_herd=0,
        stock=(herds_per_player(num_players),) * num_players,
        scores=(0,) * num_players,
        hands=tuple(hands),
        hand_from=(1,) * num_players,
        deck=tuple(deck),
        phase=PLACE,
        current=placing[0],
        placing=tuple(placing[1:]),
        log=log,
    )


# ---------------------------------------------------------------- derived facts


def present_masses(state: State, seat: int) -> set[int]:
    """Land masses on which ``seat`` has a herd on land (TS4)."""
    key = ("present", seat)
    cached = state._cache.get(key)
    if cached is None:
        mass_of = state.board.mass_of
        cached = {mass_of[h.pos] for h in state.herds if h.owner == seat and h.pos in mass_of}
        state._cache[key] = cached
    return cached


def free_space(state: State, pos: Pos) -> int:
    """Room left on the tile at ``pos`` (negative when over-full)."""
    return CAPACITY[state.board.land[pos]] - state.count_at(pos)


def clockwise_after(state: State, seat: int) -> list[int]:
    """Active seats in clockwise order starting after ``seat``, ``seat`` last if active."""
    i = state.order.index(seat)
    rotated = state.order[i + 1 :] + state.order[: i + 1]
    return [s for s in rotated if s not in state.eliminated]


_UNKNOWN = object()


def phase1_kinds(state: State) -> frozenset[str] | bool | None:
    """The landscapes the mandatory drift may move (TS5): the card's, or any (``None``,
    the colour fallback) when no tile of the card's landscape can drift; ``False``
    when no tile at all can drift and the drift lapses."""
    cached = state._cache.get("phase1", _UNKNOWN)
    if cached is _UNKNOWN:
        board = state.board
        present = present_masses(state, state.current)
        card = frozenset(state.card)
        if can_drift(board, present, card):
            cached = card
        elif can_drift(board, present):
            cached = None
        else:
            cached = False
        state._cache["phase1"] = cached
    return cached


def colour_fallback(state: State) -> bool:
    """Whether Phase 1 lets any landscape drift because the card's cannot (TS5)."""
    return phase1_kinds(state) is None


# ---------------------------------------------------------------- legal actions


def legal_actions(state: State, seat: int) -> list[str]:
    if state.phase == OVER or seat != state.current:
        return []
    return list(_legal_of_current(state)[0])


def _legal_of_current(state: State) -> tuple[list[str], frozenset[str]]:
    """The current seat's legal actions, in order and as a set, computed at the first
    asking and kept in the state's cache: a state is a frozen value, so what is derived
    from it never changes (``evolve`` gives each new state an empty cache)."""
    cached = state._cache.get("legal")
    if cached is None:
        actions = _legal(state, state.current)
        cached = state._cache["legal"] = (actions, frozenset(actions))
    return cached


def _legal(state: State, seat: int) -> list[str]:
    if state.phase == PLACE:
        return [
            f"p {format_pos(p)}" for p in sorted(state.board.land) if not state.herds_at().get(p)
        ]
    if state.phase == CARD:
        return ["play", "draw"]
    if state.phase == DRIFT:
        kinds = phase1_kinds(state)
        if kinds is False:
            return []
        return list(drift_actions(state.board, present_masses(state, seat), kinds))
    return _phase2(state, seat)


def _phase2(state: State, seat: int) -> list[str]:
    board = state.board
    land = board.land
    at = state.herds_at()
    own: dict[Pos, list[Herd]] = {}
    for h in state.herds:
        if h.owner == seat:
            own.setdefault(h.pos, []).append(h)
    out = []
    repro = []
    swimmers: dict[Pos, int] = {}
    can_breed = state.stock[seat] > 0
    for pos in sorted(own):
        herds = own[pos]
        kind = land.get(pos)
        if kind is None:
            swimmers[pos] = len(herds)
            continue
        fertile = any(h.fertile for h in herds)
        spent = not all(h.fertile for h in herds)
        for n, move, move_plus in _moves_from(pos):
            k = land.get(n)
            if k is not None and CAPACITY[k] > len(at.get(n, ())):
                out.append(move)
                if fertile and spent:
                    out.append(move_plus)
        if fertile and can_breed and CAPACITY[kind] > len(at[pos]):
            repro.append(f"+ {format_pos(pos)}")
    out.extend(repro)
    if swimmers:
        free = {
            t: CAPACITY[land[t]] - len(at.get(t, ()))
            for s in swimmers
            for t in neighbours(s)
            if t in land
        }
        out.extend(_rescues(swimmers, free))
    if state.actions_left >= DRIFT_COST:
        out.extend(drift_actions(board, present_masses(state, seat)))
    out.append("end")
    return out


_MOVES: dict[Pos, tuple[tuple[Pos, str, str], ...]] = {}


def _moves_from(pos: Pos) -> tuple[tuple[Pos, str, str], ...]:
    """``(neighbour, "m pos>neighbour", "m+ pos>neighbour")`` in sorted order, memoised."""
    moves = _MOVES.get(pos)
    if moves is None:
        src = format_pos(pos)
        moves = _MOVES[pos] = tuple(
            (n, f"m {src}>{format_pos(n)}", f"m+ {src}>{format_pos(n)}")
            for n in sorted(neighbours(pos))
        )
    return moves


def _rescues(swimmers: dict[Pos, int], free: dict[Pos, int]) -> list[str]:
    """Every rescue of one to three own swimmers, each to an adjacent tile with room
    (TS8), canonical (pairs sorted): the multisets of (swimmer, tile) pairs in the
    order of ``combinations_with_replacement`` over the sorted pairs, one, two and
    three pairs, where no position gives more swimmers than it has and no tile
    takes more herds than it has room for."""
    pairs = sorted((s, t) for s in swimmers for t in neighbours(s) if free.get(t, 0) > 0)
    texts = [step(s, t) for s, t in pairs]
    out = ["r " + text for text in texts]
    total = sum(swimmers.values())
    if total < 2:
        return out
    n = len(pairs)
    src = [swimmers[s] for s, _ in pairs]  # swimmers at the pair's position
    room = [free[t] for _, t in pairs]  # room on the pair's tile
    same_s = [[pairs[i][0] == pairs[j][0] for j in range(n)] for i in range(n)]
    same_t = [[pairs[i][1] == pairs[j][1] for j in range(n)] for i in range(n)]
    triples = []
    for i in range(n):
        si, ti = same_s[i], same_t[i]
        for j in range(i, n):
            if (si[j] and src[i] < 2) or (ti[j] and room[i] < 2):
                continue
            two = f"r {texts[i]} {texts[j]}"
            out.append(two)
            if total < 3:
                continue
            sj, tj = same_s[j], same_t[j]
            for k in range(j, n):
                # Pairs are sorted by position, so i and k share one only if all do.
                if si[j] and sj[k]:
                    if src[i] < 3:
                        continue
                elif (sj[k] and src[j] < 2) or (si[k] and src[i] < 2):
                    continue
                if ti[j] and tj[k]:
                    if room[i] < 3:
                        continue
                elif (tj[k] or ti[k]) and room[k] < 2:
                    continue
                triples.append(f"{two} {texts[k]}")
    out.extend(triples)
    return out


# ---------------------------------------------------------------- applying actions


def parse_legal(state: State, seat: int, text: str) -> str:
    """The legal action ``text`` names, spelled canonically (``base.match_legal``):
    ``UnknownAction`` for text that is not Trias notation, ``IllegalNow`` with the
    reason for an action that is not legal now."""
    if state.phase == OVER or seat != state.current:
        legal = frozenset()
    else:
        legal = _legal_of_current(state)[1]
    return match_legal(text, legal, _spellings, lambda _: _why_not(state, seat, text))


def _spellings(text: str) -> list[str]:
    return [unparse(*parse(text))]


def _why_not(state: State, seat: int, text: str) -> str:
    if state.phase == OVER:
        return gettext_lazy("the game is over")
    if seat != state.current:
        return gettext_lazy("it is not your turn: %(who)s is to move", who=label(state.current))
    return why_illegal(state, seat, *parse(text))


def apply(state: State, seat: int, action: str) -> State:
    kind, args = parse(parse_legal(state, seat, action))
    if kind == "place":
        return _place(state, args[0])
    if kind == "play":
        card = state.hands[seat]
        hands = _set(state.hands, seat, "")
        new = evolve(state, hands=hands, hand_played=True)
        new = _log(new, played_hand_card(label(seat), card))
        return _resolve_card(new, card)
    if kind == "draw":
        card, new = _draw(state)
        if card == METEORITE:
            return _meteorite_in_phase1(new)
        new = _log(new, drew_and_played(label(seat), card))
        return _resolve_card(new, card)
    if kind == "drift":
        new = _drift(state, *args)
        if state.phase == DRIFT:
            return _start_actions(evolve(new, card=""))
        return _spend(new, DRIFT_COST)
    if kind in ("move", "move+"):
        return _spend(_move(state, seat, args[0], args[1], kind == "move+"), 1)
    if kind == "rescue":
        return _spend(_rescue(state, seat, args), 1)
    if kind == "reproduce":
        return _spend(_reproduce(state, seat, args[0]), 1)
    return end_turn(state)


def played_hand_card(who, card: str):
    return gettext_lazy("%(who)s plays the hand card: %(card)s.", who=who, card=CARD_NAMES[card])


def drew_and_played(who, card: str):
    return gettext_lazy("%(who)s draws and plays a card: %(card)s.", who=who, card=CARD_NAMES[card])


def _set(values: tuple, index: int, value) -> tuple:
    return (*values[:index], value, *values[index + 1 :])


def herd_count(n: int):
    return ngettext_lazy("%(n)s herd", "%(n)s herds", n)


def tile_count(n: int):
    return ngettext_lazy("%(n)s tile", "%(n)s tiles", n)


def swimmer_count(n: int):
    return ngettext_lazy("%(n)s swimmer", "%(n)s swimmers", n)


def _points_list(points: dict):
    """ "Red 3, Blue 1", or that nobody scored."""
    if not points:
        return gettext_lazy("no herds there")
    return join_texts(
        gettext_lazy("%(who)s %(n)s", who=label(s), n=n) for s, n in sorted(points.items())
    )


def _log(state: State, *lines: str) -> State:
    return evolve(state, log=state.log + lines)


def _place(state: State, pos: Pos) -> State:
    seat = state.current
    herds = (*state.herds, Herd(state.next_herd, seat, pos), Herd(state.next_herd + 1, seat, pos))
    new = evolve(
        state,
        herds=herds,
        next_herd=state.next_herd + 2,
        stock=_set(state.stock, seat, state.stock[seat] - 2),
    )
    if state.placing:
        return evolve(new, current=state.placing[0], placing=state.placing[1:])
    return _start_turn(evolve(new, placing=(), turn=0), state.order[0])


def _draw(state: State) -> tuple[str, State]:
    """The top card of the deck and the state without it."""
    return state.deck[0], evolve(state, deck=state.deck[1:])


def _start_turn(state: State, seat: int) -> State:
    new = evolve(state, current=seat, turn=state.turn + 1, card="", hand_played=False)
    if state.last_round:
        return evolve(new, phase=ACTIONS, actions_left=LAST_ROUND_ACTIONS)
    return evolve(new, phase=CARD, actions_left=0)


def _start_actions(state: State) -> State:
    n = LAST_ROUND_ACTIONS if state.last_round else base_actions(state.num_players)
    return evolve(state, phase=ACTIONS, card="", actions_left=n)


def _meteorite_in_phase1(state: State) -> State:
    """The Meteorite drawn in Phase 1: no drift; this turn is the drawer's turn of
    the last round, the others follow clockwise (TS12)."""
    seat = state.current
    queue = tuple(s for s in clockwise_after(state, seat) if s != seat)
    new = evolve(state, last_round=True, last_queue=queue)
    new = _log(
        new,
        gettext_lazy(
            "%(who)s draws the Meteorite Impact: the last round begins with this turn "
            "(no drift, 2 actions each).",
            who=label(seat),
        ),
    )
    return _start_actions(new)


def _resolve_card(state: State, card: str) -> State:
    """Phase 1 after the card: the mandatory drift, its colour fallback or its lapse (TS5)."""
    new = evolve(state, phase=DRIFT, card=card)
    if phase1_kinds(new) is False:
        new = _log(
            new,
            gettext_lazy(
                "No tile can drift for %(who)s: the drift lapses.", who=label(state.current)
            ),
        )
        return _start_actions(new)
    if colour_fallback(new):
        new = _log(
            new,
            gettext_lazy(
                "No %(landscape)s tile can drift: %(who)s drifts a tile of another landscape.",
                landscape=LANDSCAPE_NAMES[card],
                who=label(state.current),
            ),
        )
    return new


def _spend(state: State, cost: int) -> State:
    new = evolve(state, actions_left=state.actions_left - cost)
    if new.actions_left <= 0:
        return end_turn(new)
    return new


def _drift(state: State, p: Pos, d: Pos) -> State:
    """Lift the tile at ``p`` and put it down at ``d``; herds at ``p`` stay as
    swimmers, swimmers at ``d`` are carried again (TS6); then interim scoring (TS7)."""
    board = state.board
    kind = board.land[p]
    tiles = tuple(sorted([t for t in state.tiles if (t[0], t[1]) != p] + [(d[0], d[1], kind)]))
    new = evolve(state, tiles=tiles, scored=())
    new = _log(
        new,
        gettext_lazy(
            "%(who)s drifts the %(landscape)s tile from %(from)s to %(to)s.",
            who=label(state.current),
            landscape=LANDSCAPE_NAMES[kind],
            **{"from": format_pos(p)},
            to=format_pos(d),
        ),
    )
    if state.num_players == 2:
        return new  # no interim scoring in the two-player game (TS15)
    mass = interim_land_mass(board, p, d)
    if mass is None:
        return new
    counts = {s: 0 for s in range(state.num_players)}
    for h in new.herds:
        if h.pos in mass:
            counts[h.owner] += 1
    points = interim_points(counts)
    scores = tuple(state.scores[s] + points.get(s, 0) for s in range(state.num_players))
    where = " ".join(format_pos(p) for p in sorted(mass))
    new = evolve(new, scores=scores, scored=tuple(sorted(mass)))
    line = gettext_lazy(
        "Interim scoring of the land mass %(where)s (%(tiles)s): %(points)s.",
        where=where,
        tiles=tile_count(len(mass)),
        points=_points_list(points),
    )
    return _log(new, line)


def _pick(herds: list[Herd], fertile_first: bool) -> Herd:
    """The herd an action takes when its notation does not name one (see notation)."""
    return min(herds, key=lambda h: (h.fertile != fertile_first, h.id))


def _move(state: State, seat: int, a: Pos, b: Pos, fertile: bool) -> State:
    own = [h for h in state.herds_at()[a] if h.owner == seat]
    herd = _pick(own, fertile_first=fertile)
    herds = tuple(
        Herd(h.id, h.owner, b, h.born, h.bred, True) if h is herd else h for h in state.herds
    )
    return evolve(state, herds=herds)


def _rescue(state: State, seat: int, pairs: tuple[tuple[Pos, Pos], ...]) -> State:
    at = state.herds_at()
    moved: dict[int, Pos] = {}
    for s, t in pairs:
        left = [h for h in at[s] if h.owner == seat and h.id not in moved]
        moved[_pick(left, fertile_first=True).id] = t
    herds = tuple(
        Herd(h.id, h.owner, moved[h.id], h.born, h.bred, True) if h.id in moved else h
        for h in state.herds
    )
    return evolve(state, herds=herds)


def _reproduce(state: State, seat: int, pos: Pos) -> State:
    own = [h for h in state.herds_at()[pos] if h.owner == seat and h.fertile]
    parent = _pick(own, fertile_first=True)
    herds = tuple(
        Herd(h.id, h.owner, h.pos, h.born, True, h.moved) if h is parent else h for h in state.herds
    )
    herds += (Herd(state.next_herd, seat, pos, born=True),)
    return evolve(
        state,
        herds=herds,
        next_herd=state.next_herd + 1,
        stock=_set(state.stock, seat, state.stock[seat] - 1),
    )


# ---------------------------------------------------------------- end of a turn


def end_turn(state: State) -> State:
    """Phase 3 (TS9), elimination (TS10), Phase 4 and the next turn or the end."""
    seat = state.current
    new = phase3(state)
    if seat not in new.eliminated and new.hand_played and not new.last_round:
        new = _phase4(new)
    herds = tuple(
        Herd(h.id, h.owner, h.pos) if (h.born or h.bred or h.moved) else h for h in new.herds
    )
    new = evolve(new, herds=herds, hand_played=False, actions_left=0, card="")
    if new.last_round:
        if not new.last_queue:
            return final_scoring(new)
        return _start_turn(evolve(new, last_queue=new.last_queue[1:]), new.last_queue[0])
    following = clockwise_after(new, seat)
    if not following:
        return final_scoring(new)
    return _start_turn(new, following[0])


def phase3(state: State) -> State:
    """The active player's swimmers go back to stock; on each over-full tile the active
    player returns only as many of their own herds as bring it to capacity (TS9). A
    player left with no herd on land and none swimming is out (TS10)."""
    seat = state.current
    land = state.board.land
    at = state.herds_at()
    gone: set[int] = set()
    lines = []
    drowned = [h.id for h in state.herds if h.owner == seat and h.pos not in land]
    if drowned:
        gone.update(drowned)
        lines.append(
            ngettext_lazy(
                "%(n)s swimmer of %(who)s returns to stock.",
                "%(n)s swimmers of %(who)s return to stock.",
                len(drowned),
                who=label(seat),
            )
        )
    for pos in sorted(at):
        if pos not in land:
            continue
        excess = len(at[pos]) - CAPACITY[land[pos]]
        own = sorted((h.id for h in at[pos] if h.owner == seat), reverse=True)
        if excess > 0 and own:
            lose = own[: min(excess, len(own))]
            gone.update(lose)
            lines.append(
                gettext_lazy(
                    "Overpopulation on %(at)s: %(who)s returns %(herds)s to stock.",
                    at=format_pos(pos),
                    who=label(seat),
                    herds=herd_count(len(lose)),
                )
            )
    new = state
    if gone:
        herds = tuple(h for h in state.herds if h.id not in gone)
        stock = _set(state.stock, seat, state.stock[seat] + len(gone))
        new = _log(evolve(state, herds=herds, stock=stock), *lines)
    if not any(h.owner == seat for h in new.herds):
        new = evolve(new, eliminated=(*new.eliminated, seat))
        new = _log(
            new,
            gettext_lazy(
                "%(who)s has no herd left on the board and is out of the game.", who=label(seat)
            ),
        )
    return new


def _phase4(state: State) -> State:
    """A player who played the hand card draws a new one; the Meteorite is revealed
    and the last round begins with the next player (TS12)."""
    seat = state.current
    origin = 2 if len(state.deck) <= deck2_size(state.num_players) else 1
    card, new = _draw(state)
    if card == METEORITE:
        queue = tuple(clockwise_after(new, seat))
        new = evolve(new, last_round=True, last_queue=queue)
        first = label(queue[0]) if queue else gettext_lazy("nobody")
        return _log(
            new,
            gettext_lazy(
                "%(who)s draws the Meteorite Impact: the last round begins with %(first)s "
                "(no drift, 2 actions each).",
                who=label(seat),
                first=first,
            ),
        )
    return evolve(
        new, hands=_set(new.hands, seat, card), hand_from=_set(new.hand_from, seat, origin)
    )


def final_detail(state: State) -> list[dict]:
    """Final scoring per land mass but the main one (TS13): tiles, herds, points."""
    board = state.board
    at = state.herds_at()
    detail = []
    for i, mass in enumerate(board.masses):
        if i == board.main:
            continue
        counts = {s: 0 for s in range(state.num_players)}
        for p in mass:
            for h in at.get(p, ()):
                counts[h.owner] += 1
        detail.append(
            {
                "tiles": sorted(mass),
                "herds": counts,
                "points": final_points(len(mass), counts),
            }
        )
    return detail


def final_scoring(state: State) -> State:
    """Score every land mass but the main one (TS13) and end the game."""
    scores = list(state.scores)
    lines = []
    for item in final_detail(state):
        for s, n in item["points"].items():
            scores[s] += n
        where = " ".join(format_pos(p) for p in item["tiles"])
        lines.append(
            gettext_lazy(
                "Final scoring of the land mass %(where)s (%(tiles)s): %(points)s.",
                where=where,
                tiles=tile_count(len(item["tiles"])),
                points=_points_list(item["points"]),
            )
        )
    if not lines:
        lines.append(
            gettext_lazy("Final scoring: every tile is on the main land mass, which is not scored.")
        )
    new = evolve(state, scores=tuple(scores), phase=OVER, actions_left=0, last_queue=())
    return _log(new, *lines)


# ---------------------------------------------------------------- explanations


def why_illegal(state: State, seat: int, kind: str, args: tuple) -> str:
    """A reason a player understands for an action that is not legal now."""
    phase = state.phase
    if phase == PLACE:
        expected = gettext_lazy(
            "place 2 herds on a tile without herds, e.g. %(example)s", example="'p 0,1'"
        )
    elif phase == CARD:
        expected = gettext_lazy(
            "choose %(play)s (your hand card) or %(draw)s", play="'play'", draw="'draw'"
        )
    elif phase == DRIFT:
        expected = gettext_lazy(
            "drift a tile for your %(card)s card, e.g. %(example)s",
            card=CARD_NAMES.get(state.card, ""),
            example="'d 1,-2>2,-3'",
        )
    else:
        expected = gettext_lazy("use your actions or %(end)s your turn", end="'end'")
    wanted = {
        PLACE: {"place"},
        CARD: {"play", "draw"},
        DRIFT: {"drift"},
        ACTIONS: {"drift", "move", "move+", "rescue", "reproduce", "end"},
    }[phase]
    if kind not in wanted:
        return gettext_lazy("not now: %(expected)s", expected=expected)
    board = state.board
    land = board.land
    if kind == "place":
        pos = args[0]
        if pos not in land:
            return gettext_lazy("there is no tile at %(at)s", at=format_pos(pos))
        return gettext_lazy("the tile at %(at)s already has herds", at=format_pos(pos))
    if kind == "drift":
        p, d = args
        if phase == ACTIONS and state.actions_left < DRIFT_COST:
            return gettext_lazy(
                "a drift costs %(cost)s actions and you have %(left)s left",
                cost=DRIFT_COST,
                left=state.actions_left,
            )
        if (
            phase == DRIFT
            and p in land
            and p != POLE
            and land[p] != state.card
            and not colour_fallback(state)
        ):
            return gettext_lazy(
                "your card is %(card)s: drift a %(landscape)s tile",
                card=CARD_NAMES[state.card],
                landscape=LANDSCAPE_NAMES[state.card],
            )
        return why_not_drift(board, present_masses(state, seat), p, d)
    if kind in ("move", "move+"):
        a, b = args
        own = [h for h in state.herds_at().get(a, ()) if h.owner == seat]
        if not own:
            return gettext_lazy("you have no herd at %(at)s", at=format_pos(a))
        if a not in land:
            return gettext_lazy(
                "your herds at %(at)s are swimming: rescue them with %(rescue)s",
                at=format_pos(a),
                rescue="'r'",
            )
        if b not in neighbours(a):
            return gettext_lazy(
                "%(to)s is not next to %(at)s: a herd moves one step",
                to=format_pos(b),
                at=format_pos(a),
            )
        if b not in land:
            return gettext_lazy("%(at)s is water", at=format_pos(b))
        if free_space(state, b) <= 0:
            return _full(state, b, gettext_lazy("it cannot be entered"))
        return gettext_lazy(
            "%(move)s is only for a tile holding herds that may and may not reproduce",
            move="'m+'",
        )
    if kind == "reproduce":
        pos = args[0]
        own = [h for h in state.herds_at().get(pos, ()) if h.owner == seat]
        if pos not in land or not own:
            return gettext_lazy("you have no herd on a tile at %(at)s", at=format_pos(pos))
        if state.stock[seat] <= 0:
            return gettext_lazy("you have no herd left in stock")
        if free_space(state, pos) <= 0:
            return _full(state, pos, gettext_lazy("it cannot be reproduced on"))
        return gettext_lazy(
            "every herd of yours on %(at)s has reproduced or was born this turn",
            at=format_pos(pos),
        )
    if kind == "rescue":
        need: dict[Pos, int] = {}
        for s, t in args:
            swimming = [h for h in state.herds_at().get(s, ()) if h.owner == seat and s not in land]
            need[s] = need.get(s, 0) + 1
            if len(swimming) < need[s]:
                return gettext_lazy(
                    "you do not have %(swimmers)s at %(at)s",
                    swimmers=swimmer_count(need[s]),
                    at=format_pos(s),
                )
            if t not in neighbours(s):
                return gettext_lazy(
                    "%(to)s is not next to %(at)s", to=format_pos(t), at=format_pos(s)
                )
            if t not in land:
                return gettext_lazy("%(at)s is water", at=format_pos(t))
        targets: dict[Pos, int] = {}
        for _, t in args:
            targets[t] = targets.get(t, 0) + 1
        for t, n in targets.items():
            if free_space(state, t) < n:
                return _full(state, t, gettext_lazy("it cannot be entered by so many herds"))
    return gettext_lazy("that is not allowed now: %(expected)s", expected=expected)


def _full(state: State, pos: Pos, what):
    cap = CAPACITY[state.board.land[pos]]
    return gettext_lazy(
        "the tile at %(at)s holds %(n)s of %(herds)s: %(what)s",
        at=format_pos(pos),
        n=state.count_at(pos),
        herds=herd_count(cap),
        what=what,
    )
