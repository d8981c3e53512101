"""Re-drawing what a seat cannot see, for search bots (TT11).

Unknown to ``seat``: the other hands (NPC hands and their order included), hidden
round-3 declarations of the others before the reveal (a redrawn hidden 5 counts as 5),
and future chance (the seed, which deals the later rounds). Known: its own hand and
own declaration, every card played this round, revealed declarations. Nothing in Tri*T*Area
constrains which cards an opponent holds (any card may be played at any time), so the
unknown cards are dealt uniformly at random in the same numbers.
"""

from __future__ import annotations

import random
from dataclasses import replace

from . import seats
from .cards import full_deck, sorted_cards
from .rules import NPC
from .state import OVER, State


def own_seat(state: State, seat: int | None) -> int | None:
    """``seat`` when it is a person's seat (whose hand its viewer sees), else None."""
    npc = NPC[state.num_players]
    return seat if seat is not None and 0 <= seat < seats.NUM_SEATS and not npc[seat] else None


def unseen(state: State, seat: int | None) -> tuple[list[str], list[int]]:
    """What ``seat`` (None: a spectator) cannot see: the cards, in the deck's fixed
    order (the other hands' and the hidden declarations'), and the seats whose round-3
    declaration is hidden from it. Read from its view alone."""
    mine = own_seat(state, seat)
    known: set[str] = set(state.seen)
    known.update(card for _s, card, _r in state.trick)
    hidden_leads = []
    for s, written in enumerate(state.lead):
        if not written:
            continue
        if state.lead_revealed or s == mine:
            known.add(written.partition("=")[0])
        else:
            hidden_leads.append(s)
    if mine is not None:
        known.update(state.hands[mine])
    return [card for card in full_deck(state.round >= 2) if card not in known], hidden_leads


def determinize(state: State, seat: int | None, rng: random.Random) -> State:
    if state.phase == OVER:
        return state
    npc = NPC[state.num_players]
    mine = own_seat(state, seat)
    unknown, hidden_leads = unseen(state, seat)
    rng.shuffle(unknown)
    hands = list(state.hands)
    lead = list(state.lead)
    for s in range(seats.NUM_SEATS):
        if s == mine:
            continue
        size = len(hands[s])
        drawn = unknown[:size]
        del unknown[:size]
        hands[s] = tuple(drawn) if npc[s] else sorted_cards(drawn)
    for s in hidden_leads:
        lead[s] = unknown.pop()
    if unknown:
        raise AssertionError("determinize: card count mismatch")
    return replace(
        state,
        hands=tuple(hands),
        lead=tuple(lead),
        seed=rng.getrandbits(62),
    )
