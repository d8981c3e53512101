"""The Trias turn guide: what to do now in words, costs, two short steps."""

from __future__ import annotations

import random
import re

import pytest

from games import boards
from titles.trias import engine as trias
from titles.trias.engine.state import CARD, DRIFT
from titles.trias.tests.positions import BLACK, BLUE, RED, build

URL_SAFE = re.compile(r"^[A-Za-z0-9:,_.~-]+$")


def guide_for(state, seat=None, selected=None):
    seat = state.current if seat is None else seat
    actions = trias.legal_actions(state, seat)
    view = trias.view(state, seat)
    return boards.guide("trias", view, seat=seat, actions=actions, selected=selected)


def by_token(guide):
    return {c.token: c for c in guide.choices}


def random_positions(players: int, seed: int, plies: int = 400):
    """(state, seat) of a seeded random game, every position until the end."""
    rng = random.Random(seed)
    state = trias.new_game(players, seed)
    for _ in range(plies):
        if not trias.to_move(state):
            return
        seat = trias.to_move(state)[0]
        yield state, seat
        state = trias.apply(state, seat, rng.choice(trias.legal_actions(state, seat)))


# --- each step of a turn -----------------------------------------------------------------


def test_setup_asks_for_two_herds_on_a_free_tile_and_says_it_is_final():
    """Rulebook, Setting Up: each player places 2 herds together on a vacant tile (TS11)."""
    state = trias.new_game(3, 4)
    guide = guide_for(state)
    assert guide.prompt.startswith("Place 2 of your herds on a tile without herds")
    assert guide.rules_anchor == "place" and not guide.buttons
    assert {c.token for c in guide.choices} == {f"p:{a[2:]}" for a in trias.legal_actions(
        state, state.current)}  # fmt: skip
    pole = by_token(guide)["p:0,0"]
    assert pole.label == "The South Pole at 0,0 (holds 3)"
    assert [(t.action, t.label, t.note) for t in pole.targets] == [
        ("p 0,0", "Place 2 herds on the South Pole at 0,0", "final")
    ]
    groups = [c.group for c in guide.choices]
    assert groups == sorted(groups, key=groups.index)  # each group in one run
    assert "cannot be taken back" in guide.detail


def test_the_card_step_offers_play_and_draw_in_words():
    state = build({(1, 0): "W"}, [(RED, (1, 0), 1)], phase=CARD, hands=("M", "W", "S", "M"))
    guide = guide_for(state)
    assert guide.prompt.startswith("Play your hand card (mountain) or draw a card")
    assert guide.rules_anchor == "card" and not guide.choices
    assert [(b.action, b.label) for b in guide.buttons] == [
        ("play", "Play your hand card: mountain"),
        ("draw", "Draw a card and play it"),
    ]
    assert "cannot be taken back" in guide.detail and "4 actions" in guide.detail


def test_the_mandatory_drift_names_the_cards_landscape_and_counts_the_places():
    state = build(
        {(1, 0): "W", (2, 0): "W", (2, -1): "S"}, [(RED, (1, 0), 1)], phase=DRIFT, card="S"
    )
    guide = guide_for(state)
    assert guide.prompt.startswith("Drift a steppe tile")
    assert guide.rules_anchor == "drift"
    assert "Undo can take the drift back" in guide.detail
    picked = guide_for(state, selected="d:2,-1")
    count = len(picked.choice("d:2,-1").targets)
    assert f"tap one of the {count} dotted water places" in picked.prompt


def test_the_colour_fallback_is_said_in_words():
    """TS5: when no tile of the card's landscape can drift, another landscape drifts."""
    state = build({(1, 0): "W", (2, 0): "W"}, [(RED, (1, 0), 1)], phase=DRIFT, card="M")
    guide = guide_for(state)
    assert guide.prompt == "No mountain tile can drift, so drift a tile of another landscape."


def test_the_actions_phase_says_how_many_actions_are_left_and_what_each_costs():
    state = build({(1, 0): "W", (2, 0): "W", (2, -1): "S"}, [(RED, (1, 0), 2)])
    guide = guide_for(state)
    assert guide.prompt.startswith("You have 4 actions left")
    assert guide.rules_anchor == "actions"
    assert "costs 1 action, a drift 3" in guide.detail and "Undo" in guide.detail
    choices = by_token(guide)
    moves = choices["m:1,0"]
    assert moves.label == "Your 2 herds on 1,0 (wood, 2 of 4)"
    assert ("m 1,0>2,0", "Move one herd to 2,0 (wood, 0 of 4)", "1 of your 4 actions") in [
        (t.action, t.label, t.note) for t in moves.targets
    ]
    assert any(t.action == "+ 1,0" and t.note.startswith("1 of your 4 actions") for t in
               moves.targets)  # fmt: skip
    drift = choices["d:2,-1"]
    assert drift.label == "Drift the steppe at 2,-1 for 3 actions (0 of 3 herds)"
    assert drift.group == "Drift a tile (3 actions)"
    assert all(t.note == "3 of your 4 actions" for t in drift.targets)
    (end,) = guide.buttons
    assert (end.action, end.label, end.note) == (
        "end",
        "End your turn",
        "4 unused actions are lost",
    )


def test_picking_a_tile_to_drift_asks_to_confirm_the_cost():
    state = build({(1, 0): "W", (2, 0): "W", (2, -1): "S"}, [(RED, (1, 0), 2)], actions_left=3)
    guide = guide_for(state, selected="d:2,-1")
    assert guide.prompt == (
        "Drift the steppe at 2,-1 for 3 of your 3 actions? Tap a dotted water place to confirm."
    )
    assert all(t.note.startswith("your last 3 actions; this ends your turn") for t in
               guide.choice("d:2,-1").targets)  # fmt: skip


def test_a_picked_piece_says_what_a_tap_does_and_what_it_costs():
    state = build({(1, 0): "W", (2, 0): "M"}, [(RED, (1, 0), 1), (RED, (3, 0), 1)])
    herds = guide_for(state, selected="m:1,0").prompt
    assert herds == (
        "Your herds on the wood at 1,0: tap a ringed tile to move one there, or “+1 herd” "
        "to reproduce (1 of your 4 actions)."
    )
    swimmer = guide_for(state, selected="r:3,0").prompt
    assert swimmer.startswith("Your swimmer at 3,0: tap a ringed tile to rescue it there (1 of")
    last = build({(1, 0): "W", (2, 0): "M"}, [(RED, (1, 0), 1)], actions_left=1)
    assert guide_for(last, selected="m:1,0").prompt.endswith("(your last action).")
    assert guide_for(last, selected="m:9,9").prompt.startswith("You have 1 action left")


def test_swimmers_are_called_out_and_their_fate_on_ending_the_turn():
    """Phase 3: the active player's swimmers go back to stock (TS9)."""
    state = build({(1, 0): "W", (2, 0): "M"}, [(RED, (1, 0), 1), (RED, (3, 0), 2)])
    guide = guide_for(state)
    assert "You have 2 swimmers: rescue them this turn" in guide.detail
    assert guide.buttons[0].note == "4 unused actions are lost; 2 swimmers go back to stock"


def test_the_last_round_says_so():
    state = build({(1, 0): "W", (2, 0): "W"}, [(RED, (1, 0), 1)], last_round=True, actions_left=2)
    guide = guide_for(state)
    assert guide.prompt.startswith("You have 2 actions left")
    assert guide.detail.startswith("Last round: no card; final scoring follows.")


# --- grouping ----------------------------------------------------------------------------


def test_herds_that_may_still_reproduce_are_a_choice_of_their_own():
    """Notation ``m+``: when a tile holds herds that may and may not reproduce."""
    state = build({(1, 0): "W", (2, 0): "W"}, [(RED, (1, 0), 2)])
    state = trias.apply(state, RED, "+ 1,0")  # a parent and a newborn, one still fertile
    guide = guide_for(state)
    choices = by_token(guide)
    assert choices["mf:1,0"].label == "Your herds on 1,0 that may still reproduce this turn"
    assert [t.action for t in choices["mf:1,0"].targets] == ["m+ 1,0>0,0", "m+ 1,0>2,0"]
    move = next(t for t in choices["m:1,0"].targets if t.action == "m 1,0>2,0")
    assert move.label == "Move a herd that cannot reproduce again this turn to 2,0 (wood, 0 of 4)"
    svg = boards.render_svg(
        "trias", trias.view(state, RED), seat=RED, actions=trias.legal_actions(state, RED),
        selected="mf:1,0",
    )  # fmt: skip
    assert 'data-action="m+ 1,0&gt;2,0"' in svg


def test_rescues_are_grouped_by_which_swimmers_go_together():
    """TS8: one action rescues up to three swimmers, each to a tile beside it."""
    tiles = {(1, 0): "W", (2, 0): "W", (2, -1): "W", (1, 1): "W"}
    swimmers = [(RED, (3, 0), 1), (RED, (3, -1), 1), (RED, (2, 1), 1)]
    state = build(tiles, [(RED, (1, 0), 1), *swimmers])
    guide = guide_for(state)
    rescue = [c for c in guide.choices if c.token.startswith("r:")]
    assert [c.token for c in rescue][:1] == ["r:2,1_3,-1_3,0"]  # all three first
    assert rescue[0].label == (
        "3 swimmers together: the one at 2,1 and the one at 3,-1 and the one at 3,0"
    )
    every = {a for a in trias.legal_actions(state, RED) if a.startswith("r ")}
    assert {t.action for c in rescue for t in c.targets} == every
    assert len(rescue) == 7 and max(len(c.targets) for c in rescue) < len(every) / 2
    single = by_token(guide)["r:3,0"]
    assert single.label == "Your swimmer at 3,0"
    assert [t.label for t in single.targets] == ["Rescue it to 2,0 (wood, 0 of 4)"]


def test_a_pair_rescued_from_one_place_says_only_where_each_goes():
    state = build({(1, 0): "W", (2, 0): "W", (2, -1): "M"}, [(RED, (1, 0), 1), (RED, (3, -1), 2)])
    pair = by_token(guide_for(state))["r:3,-1_3,-1"]
    assert pair.label == "2 swimmers together: both at 3,-1"
    labels = {t.action: t.label for t in pair.targets}
    assert (
        labels["r 3,-1>2,-1 3,-1>2,0"]
        == "One to 2,-1 (mountain, 0 of 2) and one to 2,0 (wood, 0 of 4)"
    )
    assert labels["r 3,-1>2,0 3,-1>2,0"] == "Both to 2,0 (wood, 0 of 4)"


# --- what a drift would do ---------------------------------------------------------------


def test_a_drift_that_splits_off_a_land_mass_says_who_scores():
    """TS7: the part the tile joins is scored; herds left swimming do not count."""
    tiles = {(1, 0): "W", (2, 0): "W", (3, 0): "S"}
    state = build(tiles, [(RED, (2, 0), 2), (BLUE, (3, 0), 1)], phase=DRIFT, card="W")
    guide = guide_for(state, selected="d:2,0")
    choice = guide.choice("d:2,0")
    assert choice.label == "Drift the wood at 2,0 (yours 2: they would swim)"
    target = next(t for t in choice.targets if t.action == "d 2,0>4,-1")
    assert target.label == "Put it at 4,-1, beside the steppe at 3,0"
    assert target.note == "scores the new land mass of 2 tiles: Blue 2"
    after = trias.apply(state, RED, "d 2,0>4,-1")
    assert after.scores[BLUE] - state.scores[BLUE] == 2


@pytest.mark.parametrize(("players", "seed"), [(3, 5), (4, 8), (5, 3)])
def test_every_drift_note_agrees_with_what_the_engine_then_does(players, seed):
    """The notes of the picked tile's targets: scoring (TS7) exactly as the engine
    scores it, and swimmers carried back onto land (TS6)."""
    checked = 0
    for state, seat in random_positions(players, seed, 160):
        if state.phase not in (DRIFT, "actions"):
            continue
        guide = guide_for(state, seat)
        for choice in [c for c in guide.choices if c.token.startswith("d:")][:2]:
            picked = guide_for(state, seat, selected=choice.token).choice(choice.token)
            for target in picked.targets:
                after = trias.apply(state, seat, target.action)
                gained = {s: after.scores[s] - state.scores[s] for s in range(players)}
                gained = {s: n for s, n in gained.items() if n}
                said = re.search(r"scores the new land mass of \d+ tiles?: ([^;]*)", target.note)
                if not said:
                    assert not gained, (target, gained)
                    continue
                named = dict(re.findall(r"(\w+) (\d)", said.group(1)))
                words = {("you" if s == seat else trias.COLOURS[s]): str(n)
                         for s, n in gained.items()}  # fmt: skip
                assert named == words, (target, gained)
                checked += 1
    assert checked, "no scoring drift in these games"


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (4, 2)])
def test_ends_your_turn_is_said_exactly_of_the_actions_that_end_it(players, seed):
    """And only those: the others the site's Undo can take back (services.move_undo)."""
    seen = 0
    for state, seat in random_positions(players, seed, 200):
        if state.phase != "actions":
            continue
        guide = guide_for(state, seat)
        targets = [t for c in guide.choices for t in c.targets] + list(guide.buttons)
        for target in targets[:: max(1, len(targets) // 25)]:
            after = trias.apply(state, seat, target.action)
            ended = trias.to_move(after) != (seat,) or after.turn != state.turn
            said = "ends your turn" in target.note or target.action == "end"
            assert said == ended, target
            seen += 1
    assert seen > 50


# --- contract details for Trias ----------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_tokens_are_url_safe_labels_are_words_and_lists_stay_short(players):
    """The page puts tokens in ``?select=`` unescaped; each list a player reads stays
    short: herds (6 tiles and a new herd), rescue groups, drift places (the coast)."""
    longest = {"m": 0, "mf": 0, "r": 0, "d": 0, "p": 0}
    for state, seat in random_positions(players, 40 + players, 300):
        guide = guide_for(state, seat)
        for choice in guide.choices:
            assert URL_SAFE.match(choice.token), choice.token
            assert re.search(r"[A-Za-z]{3}", choice.label), choice.label
            kind = choice.token.split(":")[0]
            longest[kind] = max(longest[kind], len(choice.targets))
            for target in choice.targets:
                assert target.label != target.action and re.search(r"[A-Za-z]{3}", target.label)
        assert all(b.label != b.action for b in guide.buttons if b.action != "end")
    assert longest["m"] <= 7 and longest["mf"] <= 6 and longest["p"] == 1
    assert longest["r"] <= 27  # three swimmers, three tiles each at most
    assert longest["d"] <= 60


def test_the_legend_names_landscapes_with_capacity_herd_colours_and_marks():
    state = build({(1, 0): "W", (2, 0): "W"}, [(RED, (1, 0), 1), (BLACK, (2, 0), 1)])
    view = trias.view(state, RED)
    legend = boards.guide("trias", view, seat=RED, actions=trias.legal_actions(state, RED)).legend
    labels = [item.label for item in legend]
    assert labels[:3] == [
        "Mountains (grey, ▲ pips): hold 2 herds",
        "Steppe (brown, ■ pips): holds 3 herds",
        "Woods (green, ● pips): hold 4 herds",
    ]
    assert "Red herds (yours): the number is how many are on the tile" in labels
    assert "Black herds: the number is how many are on the tile" in labels
    assert any(label.startswith("Yellow ring") for label in labels)
    spectator = boards.guide("trias", trias.view(state, None), seat=None).legend
    assert not any(item.label.startswith("Yellow ring") for item in spectator)
