"""The game flow: dealing, the meeting and construction phases, round ends, the outcome.

Every function takes and returns immutable ``State`` values. After each person's action
``apply`` runs the automatic steps (NPC card plays, forced defaults of holders without
blocks, the 3-person NPC block sale, reveals, scoring) until a person must decide.

Decisions where the rulebook and rulings are silent (site rules):

- Round 1's start player is drawn from the seed among the people (the solo player
  always starts). Rounds 2 and 3: highest score, ties to the tied seat first clockwise
  from the previous start player, that seat itself first (TT7; computer seats included).
- Round 3 order: deal, secret lead-area declarations (TT10), their reveal (a 5 bought
  as 0 or 10 is paid at the reveal, so the score track does not betray the secret),
  then the block sale counter-clockwise from the seat right of the start player, then
  the eight tricks.
- A holder of a building right with no blocks defaults automatically (rulebook Q&A,
  "breach of contract").
- Unplaced blocks cost 2 each only at the end of round 3 (rulebook round table).
"""

from __future__ import annotations

from functools import reduce

from games.engines.base import (
    IllegalAction,
    Outcome,
    UnknownAction,
    gettext_lazy,
    match_legal,
    ngettext_lazy,
    seeded_rng,
)

from . import seats
from .board import AREA_SQUARES, AREAS, EMPTY_BOARD, SQUARE_INDEX, SQUARES
from .cards import card_choices, full_deck, parse_played, sorted_cards
from .construction import extra_targets, may_add_block, place
from .notation import PASS, normalize, spell
from .npc import NPC_SALE_THREE_PEOPLE, build_decider, npc_card, sale_decider
from .scoring import round_scoring
from .state import (
    BUILD,
    EXTRA,
    LAST_ROUND,
    LEAD,
    OVER,
    PLAY,
    ROUNDS,
    SELL,
    TRICKS_PER_ROUND,
    State,
)
from .state import evolve as replace
from .trick import adopt_concept, building_rights


def n_points(n: int | float) -> str:
    """A number of points in words: "1 point", "0 points", "12 points"."""
    return ngettext_lazy("%(n)s point", "%(n)s points", n)


def n_blocks(n: int) -> str:
    return ngettext_lazy("%(n)s block", "%(n)s blocks", n)


LABELS: dict[int, tuple[str, ...]] = {n: seats.labels(n) for n in range(1, 5)}
NPC: dict[int, tuple[bool, ...]] = {n: seats.is_npc_table(n) for n in range(1, 5)}

TITLES: tuple[tuple[int, str], ...] = (
    (50, gettext_lazy("Super Developer!")),
    (40, gettext_lazy("Expert Developer.")),
    (30, gettext_lazy("Average Developer…")),
    (0, gettext_lazy("Beginner Developer")),
)


# ---------------------------------------------------------------- setup


def new_game(num_players: int, seed: int) -> State:
    people = seats.people(num_players)
    start = 0 if num_players == 1 else seeded_rng(seed, "start").choice(people)
    state = State(
        num_players=num_players,
        seed=seed,
        round=0,
        phase=PLAY,
        start_player=start,
        leader=start,
        trick_no=1,
        scores=(0, 0, 0, 0),
        blocks=(0, 0, 0, 0),
        hands=((), (), (), ()),
        board=EMPTY_BOARD,
        trick=(),
        seen=(),
        adopted="",
        rights=(),
        builder=0,
        last_built=-1,
        sell_order=(),
        lead=("", "", "", ""),
        lead_revealed=False,
        log=(),
        scoring=(),
    )
    return advance(start_round(state, 1, start))


def deal(seed: int, round_no: int, npc: tuple[bool, ...]) -> tuple[tuple[str, ...], ...]:
    """Hands of a round from the seed; people's hands sorted, NPC hands in deck order."""
    hand_size, _blocks, fives = ROUNDS[round_no]
    deck = list(full_deck(fives))
    seeded_rng(seed, "deal", round_no).shuffle(deck)
    hands = []
    for seat in range(seats.NUM_SEATS):
        hand = deck[seat * hand_size : (seat + 1) * hand_size]
        hands.append(tuple(hand) if npc[seat] else sorted_cards(hand))
    return tuple(hands)


def start_round(state: State, round_no: int, start: int) -> State:
    hand_size, blocks, _fives = ROUNDS[round_no]
    npc = NPC[state.num_players]
    hands = deal(state.seed, round_no, npc)
    labels = LABELS[state.num_players]
    log = [
        gettext_lazy(
            "Round %(round)s: %(who)s is start player; %(cards)s cards, %(blocks)s blocks",
            round=round_no,
            who=labels[start],
            cards=hand_size,
            blocks=blocks,
        )
    ]
    lead = ["", "", "", ""]
    phase = PLAY
    sell_order: tuple[int, ...] = ()
    if round_no == LAST_ROUND:
        phase = LEAD
        # counter-clockwise from the seat to the right of the start player
        sell_order = tuple((start - k) % seats.NUM_SEATS for k in range(1, 5))
        hand_list = list(hands)
        for seat in range(seats.NUM_SEATS):
            if npc[seat]:  # an NPC declares its top card, never paying for a 5
                lead[seat] = npc_card(hand_list[seat])
                hand_list[seat] = hand_list[seat][1:]
        hands = tuple(hand_list)
    return replace(
        state,
        round=round_no,
        phase=phase,
        start_player=start,
        leader=start,
        trick_no=1,
        blocks=(blocks,) * seats.NUM_SEATS,
        hands=hands,
        board=EMPTY_BOARD,
        trick=(),
        seen=(),
        adopted="",
        rights=(),
        builder=0,
        last_built=-1,
        sell_order=sell_order,
        lead=tuple(lead),
        lead_revealed=False,
        log=state.log + tuple(log),
    )


def next_start_player(scores: tuple[int, ...], previous: int) -> int:
    """TT7: highest score; on a tie the tied seat first clockwise from ``previous``.

    Counting starts at ``previous`` itself (as play runs "clockwise from the leader"
    starting with the leader): a previous start player tied for the lead stays.
    """
    best = max(scores)
    for k in range(seats.NUM_SEATS):
        seat = (previous + k) % seats.NUM_SEATS
        if scores[seat] == best:
            return seat
    raise AssertionError("unreachable")


# ---------------------------------------------------------------- who acts


def acting_seat(state: State) -> int | None:
    """The seat whose cards or blocks the pending decision uses (a person or an NPC)."""
    phase = state.phase
    if phase == PLAY:
        return (state.leader + len(state.trick)) % seats.NUM_SEATS
    if phase in (BUILD, EXTRA):
        return state.rights[state.builder][0]
    if phase == SELL:
        return state.sell_order[0]
    return None


def decider_for(state: State, seat: int) -> int | None:
    """The person who decides for ``seat`` now (itself when a person)."""
    if not NPC[state.num_players][seat]:
        return seat
    if state.phase in (BUILD, EXTRA):
        return build_decider(state.num_players, seat, state.rights, state.builder, state.leader)
    if state.phase == SELL:
        return sale_decider(state.num_players, seat)
    return None


def to_move(state: State) -> tuple[int, ...]:
    phase = state.phase
    if phase == OVER:
        return ()
    if phase == LEAD:
        return tuple(s for s in seats.people(state.num_players) if not state.lead[s])
    seat = acting_seat(state)
    decider = decider_for(state, seat)
    return () if decider is None else (decider,)


def deciding_for(state: State) -> int | None:
    """The computer seat a person is deciding for right now, if any."""
    seat = acting_seat(state)
    if seat is None or not NPC[state.num_players][seat]:
        return None
    return seat


# ---------------------------------------------------------------- legal actions


_CARD_ACTIONS: dict[tuple[str, str, int], tuple[str, ...]] = {}


def _card_actions(state: State, seat: int, verb: str) -> list[str]:
    """Each card in hand as an action; a 5 also as 0 / 10 when affordable (TT3)."""
    level = min(state.scores[seat], 2) if state.round >= 2 else -1
    table = _CARD_ACTIONS
    actions: list[str] = []
    for card in state.hands[seat]:
        key = (verb, card, level)
        options = table.get(key)
        if options is None:
            options = tuple(
                f"{verb} {written}" for written, _r, _c in card_choices(card, level, level >= 0)
            )
            table[key] = options
        actions.extend(options)
    return actions


def legal_actions(state: State, seat: int) -> list[str]:
    if seat not in to_move(state):
        return []
    phase = state.phase
    if phase == PLAY:
        return _card_actions(state, seat, "p")
    if phase == LEAD:
        return _card_actions(state, seat, "lead")
    actor = acting_seat(state)
    if phase == SELL:
        return [f"sell {n}" for n in range(state.blocks[actor] + 1)]
    if phase == BUILD:
        two = state.builder == 1 and state.blocks[actor] >= 2
        actions = []
        for square in AREA_SQUARES[state.adopted]:
            name = SQUARES[square]
            actions.append(f"b {name}")
            if two:
                actions.append(f"b {name} {name}")
        if not NPC[state.num_players][actor]:
            actions.append(PASS)
        return actions
    if phase == EXTRA:
        return [f"x {SQUARES[sq]}" for sq in extra_targets(state.last_built)] + [PASS]
    return []


# ---------------------------------------------------------------- steps


def _add_score(scores: tuple[int, ...], seat: int, delta: int) -> tuple[int, ...]:
    """Scores never go below 0 (rulebook)."""
    new = list(scores)
    new[seat] = max(0, new[seat] + delta)
    return tuple(new)


def _set(values: tuple, seat: int, value) -> tuple:
    return (*values[:seat], value, *values[seat + 1 :])


def _remove(hand: tuple[str, ...], card: str) -> tuple[str, ...]:
    i = hand.index(card)
    return hand[:i] + hand[i + 1 :]


def play_card(state: State, seat: int, written: str) -> State:
    card, rank, cost = parse_played(written)
    labels = LABELS[state.num_players]
    if cost:
        text = gettext_lazy(
            "%(who)s plays %(card)s as %(rank)s (pays %(cost)s)",
            who=labels[seat],
            card=card,
            rank=rank,
            cost=cost,
        )
    else:
        text = gettext_lazy("%(who)s plays %(card)s", who=labels[seat], card=card)
    return replace(
        state,
        hands=_set(state.hands, seat, _remove(state.hands[seat], card)),
        scores=_add_score(state.scores, seat, -cost) if cost else state.scores,
        trick=(*state.trick, (seat, card, rank)),
        log=(*state.log, text),
    )


def resolve_trick(state: State) -> State:
    adopted = adopt_concept(state.trick, state.leader)
    rights = building_rights(state.trick, adopted)
    labels = LABELS[state.num_players]
    params = {"trick": state.trick_no, "area": AREAS[adopted][0], "first": labels[rights[0][0]]}
    if len(rights) > 1:
        text = gettext_lazy(
            "Trick %(trick)s: %(area)s adopted; first right %(first)s, second right %(second)s",
            second=labels[rights[1][0]],
            **params,
        )
    else:
        text = gettext_lazy("Trick %(trick)s: %(area)s adopted; first right %(first)s", **params)
    return replace(
        state,
        phase=BUILD,
        adopted=adopted,
        rights=rights,
        builder=0,
        last_built=-1,
        log=(*state.log, text),
    )


def _next_builder(state: State, **changes) -> State:
    return replace(state, phase=BUILD, builder=state.builder + 1, last_built=-1, **changes)


def default(state: State, holder: int, rank: int, forced: bool) -> State:
    labels = LABELS[state.num_players]
    if forced:
        line = gettext_lazy(
            "%(who)s has no blocks and defaults: -%(rank)s", who=labels[holder], rank=rank
        )
    else:
        line = gettext_lazy(
            "%(who)s does not build and defaults: -%(rank)s", who=labels[holder], rank=rank
        )
    return _next_builder(
        state,
        scores=_add_score(state.scores, holder, -rank),
        log=(*state.log, line),
    )


def build(state: State, holder: int, square: int, count: int) -> State:
    board, bonus = place(state.board, square, holder, count)
    labels = LABELS[state.num_players]
    if count == 2:
        text = gettext_lazy(
            "%(who)s builds two blocks on %(square)s", who=labels[holder], square=SQUARES[square]
        )
    else:
        text = gettext_lazy(
            "%(who)s builds on %(square)s", who=labels[holder], square=SQUARES[square]
        )
    if bonus:
        text = gettext_lazy("%(text)s, bonus +%(bonus)s", text=text, bonus=bonus)
    blocks = _set(state.blocks, holder, state.blocks[holder] - count)
    scores = _add_score(state.scores, holder, bonus) if bonus else state.scores
    log = (*state.log, text)
    if may_add_block(board, square, holder, blocks[holder]):
        return replace(
            state,
            phase=EXTRA,
            board=board,
            blocks=blocks,
            scores=scores,
            last_built=square,
            log=log,
        )
    return _next_builder(state, board=board, blocks=blocks, scores=scores, log=log)


def add_block(state: State, holder: int, square: int) -> State:
    board, bonus = place(state.board, square, holder, 1)
    labels = LABELS[state.num_players]
    text = gettext_lazy(
        "%(who)s adds a block on %(square)s", who=labels[holder], square=SQUARES[square]
    )
    if bonus:
        text = gettext_lazy("%(text)s, bonus +%(bonus)s", text=text, bonus=bonus)
    return _next_builder(
        state,
        board=board,
        blocks=_set(state.blocks, holder, state.blocks[holder] - 1),
        scores=_add_score(state.scores, holder, bonus) if bonus else state.scores,
        log=(*state.log, text),
    )


def sell(state: State, seat: int, count: int) -> State:
    labels = LABELS[state.num_players]
    return replace(
        state,
        scores=_add_score(state.scores, seat, 3 * count),
        blocks=_set(state.blocks, seat, state.blocks[seat] - count),
        sell_order=state.sell_order[1:],
        log=(
            *state.log,
            gettext_lazy(
                "%(who)s sells %(blocks)s: +%(points)s",
                who=labels[seat],
                blocks=n_blocks(count),
                points=3 * count,
            ),
        ),
    )


def declare_lead(state: State, seat: int, written: str) -> State:
    card = written.partition("=")[0]
    return replace(
        state,
        hands=_set(state.hands, seat, _remove(state.hands[seat], card)),
        lead=_set(state.lead, seat, written),
    )


def reveal_leads(state: State) -> State:
    """TT10: all declarations are revealed together; bought 5s are paid now."""
    labels = LABELS[state.num_players]
    scores = state.scores
    log = []
    for seat, written in enumerate(state.lead):
        _card, _rank, cost = parse_played(written)
        if cost:
            scores = _add_score(scores, seat, -cost)
        if cost:
            line = gettext_lazy(
                "%(who)s declares lead area %(card)s (pays %(cost)s)",
                who=labels[seat],
                card=written,
                cost=cost,
            )
        else:
            line = gettext_lazy(
                "%(who)s declares lead area %(card)s", who=labels[seat], card=written
            )
        log.append(line)
    return replace(state, phase=SELL, scores=scores, lead_revealed=True, log=state.log + tuple(log))


def end_trick(state: State) -> State:
    last = state.trick_no >= TRICKS_PER_ROUND
    state = replace(
        state,
        phase=BUILD if last else PLAY,
        trick_no=state.trick_no if last else state.trick_no + 1,
        leader=state.rights[0][0],
        seen=state.seen + tuple(card for _seat, card, _rank in state.trick),
        trick=(),
        adopted="",
        rights=(),
        builder=0,
        last_built=-1,
    )
    return end_round(state) if last else state


def end_round(state: State) -> State:
    scores, lines = round_scoring(
        round_no=state.round,
        board=state.board,
        scores=state.scores,
        hands=state.hands,
        lead=state.lead,
        blocks=state.blocks,
        npc=NPC[state.num_players],
        labels=LABELS[state.num_players],
    )
    state = replace(
        state,
        scores=scores,
        log=(*state.log, gettext_lazy("Round %(round)s scoring", round=state.round), *lines),
        scoring=(*state.scoring, lines),
    )
    if state.round == LAST_ROUND:
        return replace(state, phase=OVER)
    return start_round(state, state.round + 1, next_start_player(scores, state.start_player))


def advance(state: State) -> State:
    """Run every automatic step until a person must decide (or the game is over)."""
    npc = NPC[state.num_players]
    while True:
        phase = state.phase
        if phase == PLAY:
            if len(state.trick) == seats.NUM_SEATS:
                state = resolve_trick(state)
                continue
            seat = (state.leader + len(state.trick)) % seats.NUM_SEATS
            if npc[seat]:
                state = play_card(state, seat, npc_card(state.hands[seat]))
                continue
            return state
        if phase == BUILD:
            if state.builder >= len(state.rights):
                state = end_trick(state)
                continue
            holder, rank = state.rights[state.builder]
            if state.blocks[holder] == 0:
                state = default(state, holder, rank, forced=True)
                continue
            return state
        if phase == SELL:
            if not state.sell_order:
                state = replace(state, phase=PLAY)
                continue
            seller = state.sell_order[0]
            if npc[seller] and sale_decider(state.num_players, seller) is None:
                state = sell(state, seller, min(NPC_SALE_THREE_PEOPLE, state.blocks[seller]))
                continue
            return state
        if phase == LEAD:
            if all(state.lead):
                state = reveal_leads(state)
                continue
            return state
        return state  # EXTRA and OVER wait


# ---------------------------------------------------------------- apply


def parse(state: State, seat: int, text: str) -> str:
    """The legal action ``text`` names, spelled canonically (``base.match_legal``):
    ``UnknownAction`` for text that is not Tri*T*Area notation (told, for a seat to
    move, what this phase expects), ``IllegalNow`` with the reason otherwise."""

    def spellings(text: str) -> list[str]:
        try:
            return [spell(text)]
        except UnknownAction:
            if seat not in to_move(state):
                raise
            raise UnknownAction(why_illegal(state, seat, normalize(text) or repr(text))) from None

    legal = legal_actions(state, seat)
    return match_legal(text, legal, spellings, lambda spelled: why_illegal(state, seat, spelled))


def apply(state: State, seat: int, action: str) -> State:
    text = parse(state, seat, action)
    phase = state.phase
    if phase == PLAY:
        state = play_card(state, seat, text[2:])
    elif phase == LEAD:
        state = declare_lead(state, seat, text[5:])
    elif phase == SELL:
        state = sell(state, state.sell_order[0], int(text[5:]))
    elif phase == BUILD:
        holder, rank = state.rights[state.builder]
        if text == PASS:
            state = default(state, holder, rank, forced=False)
        else:
            squares = text.split()[1:]
            state = build(state, holder, SQUARE_INDEX[squares[0]], len(squares))
    elif phase == EXTRA:
        holder = state.rights[state.builder][0]
        if text == PASS:
            state = _next_builder(state)
        else:
            state = add_block(state, holder, SQUARE_INDEX[text[2:]])
    return advance(state)


def why_illegal(state: State, seat: int, text: str) -> str:
    """A reason a player understands for refusing ``text``."""
    labels = LABELS[state.num_players]
    phase = state.phase
    if phase == OVER:
        return gettext_lazy("The game is over.")
    if not isinstance(seat, int) or not 0 <= seat < seats.NUM_SEATS:
        return gettext_lazy("There is no seat %(seat)s.", seat=repr(seat))
    movers = to_move(state)
    if seat not in movers:
        if phase == LEAD and not NPC[state.num_players][seat] and state.lead[seat]:
            return gettext_lazy("You have already chosen your lead area; waiting for the others.")
        if NPC[state.num_players][seat]:
            return gettext_lazy("%(who)s is run by the computer.", who=labels[seat])
        waiting = and_joined(labels[s] for s in movers)
        return gettext_lazy("It is not your turn: waiting for %(who)s.", who=waiting)
    words = text.split()
    verb = words[0] if words else ""
    actor = acting_seat(state)
    expected = {
        PLAY: gettext_lazy("play a card, e.g. %(example)s", example="'p H7'"),
        LEAD: gettext_lazy(
            "choose your lead area by a card, e.g. %(example)s", example="'lead M4'"
        ),
        SELL: gettext_lazy("say how many blocks to sell, e.g. %(example)s", example="'sell 2'"),
        BUILD: gettext_lazy("build, e.g. %(example)s, or %(pass)s", example="'b c2'", **_PASS),
        EXTRA: gettext_lazy(
            "place an additional block, e.g. %(example)s, or %(pass)s", example="'x d2'", **_PASS
        ),
    }[phase]
    verbs = {PLAY: ("p",), LEAD: ("lead",), SELL: ("sell",), BUILD: ("b", PASS), EXTRA: ("x", PASS)}
    if verb not in verbs[phase]:
        return _not_now(text, expected)
    if phase in (PLAY, LEAD):
        if len(words) != 2:
            return gettext_lazy("Name one card: %(expected)s.", expected=expected)
        card, _, chosen = words[1].partition("=")
        if card not in state.hands[seat]:
            return gettext_lazy("You do not hold %(card)s.", card=card)
        if chosen:
            if not card.endswith("5") or len(card) != 2:
                return gettext_lazy("Only a 5 can change its rank (to 0 or 10).")
            if state.round < 2:
                return gettext_lazy("5s are not used in round 1.")
            if chosen not in ("0", "10"):
                return gettext_lazy("A 5 can only become 0 (for 1 point) or 10 (for 2 points).")
            cost = 1 if chosen == "0" else 2
            return gettext_lazy(
                "A 5 as %(rank)s costs %(cost)s; you have %(score)s.",
                rank=chosen,
                cost=n_points(cost),
                score=state.scores[seat],
            )
    if phase == SELL:
        return gettext_lazy(
            "Sell between 0 and %(blocks)s, e.g. %(example)s.",
            blocks=n_blocks(state.blocks[actor]),
            example="'sell 2'",
        )
    if phase == BUILD and verb == PASS:
        return gettext_lazy(
            "%(who)s is a computer seat and must place at least one block.",
            who=labels[actor],
        )
    if phase == BUILD:
        squares = words[1:]
        area = state.adopted
        names = ", ".join(SQUARES[i] for i in AREA_SQUARES[area])
        if not squares or len(squares) > 2:
            return gettext_lazy("Name one square to build on (%(squares)s).", squares=names)
        if any(s not in SQUARE_INDEX for s in squares):
            return gettext_lazy(
                "Squares are written column a-d and row 1-4, e.g. %(example)s.",
                example="'b c2'",
            )
        if SQUARE_INDEX[squares[0]] not in AREA_SQUARES[area]:
            return gettext_lazy(
                "%(square)s is not in the %(area)s area: build on %(squares)s.",
                square=squares[0],
                area=AREAS[area][0],
                squares=names,
            )
        if len(squares) == 2:
            if state.builder == 0:
                return gettext_lazy("Only the second rights holder may place two blocks.")
            if squares[0] != squares[1]:
                return gettext_lazy("Two blocks must go on the same square.")
            return gettext_lazy("Two blocks need two blocks in front of you.")
    if phase == EXTRA:
        names = ", ".join(SQUARES[i] for i in extra_targets(state.last_built))
        return gettext_lazy(
            "The additional block goes next to %(square)s: %(squares)s; or %(pass)s.",
            square=SQUARES[state.last_built],
            squares=names,
            **_PASS,
        )
    return _not_now(text, expected)


_PASS = {"pass": "'pass'"}


def _not_now(text: str, expected):
    return gettext_lazy(
        "%(action)s is not possible now: %(expected)s.", action=f"'{text}'", expected=expected
    )


def and_joined(items):
    """ "Black", "Black and White", "Black and White and Orange", "and" translated."""
    return reduce(
        lambda first, last: gettext_lazy("%(first)s and %(last)s", first=first, last=last),
        list(items),
    )


# ---------------------------------------------------------------- outcome


def solo_title(lowest_npc: int) -> str:
    for threshold, title in TITLES:
        if lowest_npc >= threshold:
            return title
    return TITLES[-1][1]


def outcome(state: State) -> Outcome | None:
    if state.phase != OVER:
        return None
    scores = state.scores
    labels = LABELS[state.num_players]
    n = state.num_players
    if n == 2:
        team = {letter: sum(scores[s] for s in members) for letter, members in seats.TEAMS.items()}
        per_seat = tuple(float(team[seats.TEAM_OF[s]]) for s in range(seats.NUM_SEATS))
        a, b = team["A"], team["B"]
        if a == b:
            return Outcome(
                per_seat,
                (0, 1, 2, 3),
                # The count is the sentence's own, not "%(n)s points" put into it: a
                # language may inflect the noun after "with" (German "mit 45 Punkten").
                ngettext_lazy(
                    "The teams share the victory with %(n)s point each.",
                    "The teams share the victory with %(n)s points each.",
                    a,
                ),
                draw=True,
            )
        win = "A" if a > b else "B"
        winners = tuple(sorted(seats.TEAMS[win]))
        reason = gettext_lazy(
            "Team %(team)s wins, %(high)s to %(low)s.", team=win, high=max(a, b), low=min(a, b)
        )
        return Outcome(per_seat, winners, reason)
    as_float = tuple(float(x) for x in scores)
    if n == 1:
        lowest = min(scores[1:])
        best_npc = max(scores[1:])
        if scores[0] >= best_npc:
            title = solo_title(lowest)
            return Outcome(
                as_float,
                (0,),
                ngettext_lazy(
                    "Successful development with %(n)s point: %(title)s "
                    "(lowest computer score %(lowest)s).",
                    "Successful development with %(n)s points: %(title)s "
                    "(lowest computer score %(lowest)s).",
                    scores[0],
                    title=title,
                    lowest=lowest,
                ),
            )
        winners = tuple(s for s in (1, 2, 3) if scores[s] == best_npc)
        return Outcome(
            as_float,
            winners,
            gettext_lazy(
                "Disqualified: %(points)s, ranked behind a computer seat with %(best)s.",
                points=n_points(scores[0]),
                best=best_npc,
            ),
        )
    contenders = seats.people(n)
    best = max(scores[s] for s in contenders)
    winners = tuple(s for s in contenders if scores[s] == best)
    names = and_joined(labels[s] for s in winners)
    if len(winners) == 1:
        reason = ngettext_lazy(
            "%(who)s wins with %(n)s point.", "%(who)s wins with %(n)s points.", best, who=names
        )
    else:
        reason = ngettext_lazy(
            "%(who)s share the victory with %(n)s point.",
            "%(who)s share the victory with %(n)s points.",
            best,
            who=names,
        )
    return Outcome(as_float, winners, reason, draw=len(winners) == len(contenders))


def plays_forced(state: State, seat: int, action: str) -> bool:
    """Whether a step whose only legal action is ``action`` may be played for its
    player at once (the site's forced steps). A plan may be any card in hand
    (rulebook, Trick: "You may choose any plan in hand"), so a card play is forced
    only by the last card of the round's hand, which everyone can count: it may be
    played. A secret lead-area declaration never is (it is a hand's secret until the
    reveal). Building, extra-block and sale steps are forced by the board and the
    public block supply: they may."""
    text = normalize(action) if isinstance(action, str) else ""
    return bool(text) and text.split()[0] != "lead"


def reveals_information(state: State, seat: int, action: str) -> bool:
    """Conservative: only a building, additional-block or sale decision that leaves the
    game in the same trick's construction (or in the block sale) reveals nothing."""
    text = normalize(action) if isinstance(action, str) else ""
    if not text or text.split()[0] in ("p", "lead"):
        return True
    if state.phase not in (BUILD, EXTRA, SELL):
        return True
    try:
        after = apply(state, seat, text)
    except IllegalAction:
        return True
    if state.phase == SELL:
        return after.phase != SELL
    return not (
        after.round == state.round
        and after.trick_no == state.trick_no
        and after.phase in (BUILD, EXTRA)
    )
