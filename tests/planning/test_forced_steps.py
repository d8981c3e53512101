"""Forced steps played for a person (planning.forced): a step with exactly one legal
action is taken at once, in the move's own transaction, when the game allows it; the
move list and the turn email say so; a person may switch it off; computer seats and
steps with a real choice are never touched."""

import random

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import registry, services
from games.models import Controller, Move
from games.replay import game_states, load_state
from mail.sending.compose import moves_since_own
from planning.models import PlanningSettings
from planning.services import settings_update
from tests.factories import UserFactory
from tests.web.helpers import play_random, seat_user, start_game
from titles.triad import engine as triad

pytestmark = pytest.mark.django_db

# Rulebook, How to Play: White's die on a6 is boxed in by Black's on a5 and b5 and
# must turn and move in a straight line to an empty cell: only a6-c6=2 (turn to II, two
# cells east; three cells east is d6, taken). Black, to move, has many moves.
BOXED_IN = """
W1 .  .  B3 .  .
B1 B2 .  .  .  .
.  .  .  .  .  .
.  .  .  .  .  .
.  .  .  .  .  .
.  .  .  .  .  B1
"""


def put(game, state):
    """``game`` at ``state``: its snapshot, whose turn it is, the seats' due flags."""
    engine = game.engine_module
    game.state = engine.to_json(state)
    game.to_move = list(engine.to_move(state))
    game.save(update_fields=["state", "to_move"])
    for seat in game.seats.all():
        seat.is_due = seat.index in game.to_move
        seat.save(update_fields=["is_due"])
    return game


def triad_boxed_in():
    black, white = UserFactory(), UserFactory()
    game = start_game("triad", [black, white])
    put(game, triad.from_diagram(BOXED_IN, removed=(2, 2)))
    return game, seat_user(game, 0), seat_user(game, 1)


def play(game, user, action):
    game.refresh_from_db()
    return services.move_play(
        game_id=game.pk, user=user, action=action, expected_version=game.version
    )


def test_triad_a_boxed_in_die_moves_for_its_player_at_once():
    game, black, _white = triad_boxed_in()
    assert triad.legal_actions(triad.apply(load_state(game), 0, "f1-d1=2"), 1) == ["a6-c6=2"]
    version = game.version
    play(game, black, "f1-d1=2")
    game.refresh_from_db()
    moves = list(game.moves.filter(ply__gt=version).order_by("ply"))
    assert [(m.seat, m.action, m.played_automatically) for m in moves] == [
        (0, "f1-d1=2", ""),
        (1, "a6-c6=2", "forced"),
    ]
    assert game.version == version + 2
    assert game.to_move == [0]  # the turn passed on, back to Black
    assert "Played automatically" in moves[1].description
    assert not moves[1].reversible and not moves[1].by_computer
    seats = {s.index: s for s in game.seats.all()}
    assert seats[0].is_due and not seats[1].is_due


def test_a_step_with_a_choice_waits_for_its_player():
    game, black, _white = triad_boxed_in()
    play(game, black, "d6-e6=1")  # frees d6: White may go to c6 or d6
    game.refresh_from_db()
    assert game.to_move == [1]
    assert not game.moves.exclude(played_automatically="").exists()


def test_a_player_who_switched_it_off_plays_the_step_themselves():
    game, black, white = triad_boxed_in()
    settings_update(user=white, play_forced_steps=False)
    play(game, black, "f1-d1=2")
    game.refresh_from_db()
    assert game.to_move == [1]
    assert not game.moves.exclude(played_automatically="").exists()
    play(game, white, "a6-c6=2")  # and may play it
    settings_update(user=white, play_forced_steps=True)
    assert PlanningSettings.objects.get(user=white).play_forced_steps


def test_a_computer_seat_is_left_to_its_own_task(
    computer_queue, django_capture_on_commit_callbacks
):
    game, black, _white = triad_boxed_in()
    game.seats.filter(index=1).update(controller=Controller.BOT, bot_level="beginner")
    with django_capture_on_commit_callbacks(execute=True):
        play(game, black, "f1-d1=2")
    game.refresh_from_db()
    assert game.to_move == [1]  # not played in Black's request
    assert not game.moves.exclude(played_automatically="").exists()
    assert computer_queue == [game.pk]
    with django_capture_on_commit_callbacks(execute=True):
        computer_queue.run()
    last = game.moves.order_by("-ply").first()
    assert (last.action, last.by_computer, last.played_automatically) == ("a6-c6=2", True, "")


def test_a_failed_move_plays_nothing_for_the_other():
    game, black, _white = triad_boxed_in()
    with pytest.raises(services.IllegalAction):
        play(game, black, "f1-f6=3")
    assert not Move.objects.filter(game=game).exclude(played_automatically="").exists()


def tritarea_after_a_forced_card():
    """A real Tri*T*Area game played on to its first last-card step (played for its
    person), and that move."""
    game = start_game("tritarea", [UserFactory(), UserFactory()], num_players=2)
    play_random(game, stop=lambda g: g.moves.filter(played_automatically="forced").exists())
    return game, game.moves.filter(played_automatically="forced").order_by("ply").first()


def test_the_move_list_and_the_turn_email_say_it_was_played_for_them():
    from mail.sending.compose import game_section, turn_email

    game, forced = tritarea_after_a_forced_card()
    owner = seat_user(game, forced.seat)
    client = Client()
    client.force_login(owner)
    page = client.get(reverse("game_detail", args=[game.pk])).content.decode()
    assert f"{forced.action}</code>" in page
    assert "Played automatically: it was the only legal action." in page
    # The person's next turn email lists the steps since their own last move, this one
    # included, and says it was played for them.
    assert forced.ply in [m.ply for m in moves_since_own(game, forced.seat)]
    email = turn_email(owner, [game_section(game, owner)])
    assert "Played automatically: it was the only legal action." in email.body


def test_the_mark_is_translated():
    from django.utils import translation

    _game, forced = tritarea_after_a_forced_card()
    with translation.override("de"):
        assert "Automatisch gespielt" in forced.description_shown


def test_trias_an_end_of_turn_with_nothing_left_is_played_for_its_player():
    """Trias, Phase 2 (Optional Actions): unused actions are lost, so when the board
    allows no action the turn's only step is ``end``; it is played for the player."""
    users = [UserFactory(), UserFactory()]
    game = start_game("trias", users)
    engine = game.engine_module
    rng = random.Random(1)
    state = engine.new_game(2, 1)
    # Seeded random play to a real position where a move leaves its mover only "end".
    for _ in range(400):
        seat = engine.to_move(state)[0]
        legal = engine.legal_actions(state, seat)
        found = next(
            (
                a
                for a in legal
                if (after := engine.apply(state, seat, a))
                and engine.to_move(after) == (seat,)
                and engine.legal_actions(after, seat) == ["end"]
                and not engine.reveals_information(state, seat, a)
            ),
            None,
        )
        if found:
            break
        state = engine.apply(state, seat, rng.choice(legal))
    assert found, "no forced end of turn reached"
    game.seed = 1
    game.save(update_fields=["seed"])
    put(game, state)
    mover = seat_user(game, seat)
    play(game, mover, found)
    game.refresh_from_db()
    last_two = list(game.moves.order_by("-ply")[:2])[::-1]
    assert [(m.action, m.played_automatically) for m in last_two] == [
        (found, ""),
        ("end", "forced"),
    ]
    assert load_state(game).phase != "actions"  # the turn ended: the next one begins


def test_trias_a_card_choice_is_never_played_for_its_player():
    spec = registry.get("trias")
    state = spec.engine.new_game(2, 1)
    assert not spec.auto_play_forced(state, 0, "play")
    assert not spec.auto_play_forced(state, 0, "draw")
    assert spec.auto_play_forced(state, 0, "end")


def test_tritarea_the_last_card_of_a_hand_is_played_but_never_a_declaration():
    """Tri*T*Area, the trick: "You may choose any plan in hand", so a card play is
    forced only by a hand of one card, which everyone can count; a lead-area
    declaration is a secret and always waits."""
    spec = registry.get("tritarea")
    state = spec.engine.new_game(2, 1)
    assert spec.auto_play_forced(state, 0, "p M4")
    assert not spec.auto_play_forced(state, 0, "lead M4")
    game, forced = tritarea_after_a_forced_card()
    assert forced is not None and forced.action.startswith("p ")
    before = game_states(game, before_ply=forced.ply)[-1]
    assert game.engine_module.legal_actions(before, forced.seat) == [forced.action]
    assert len(game.engine_module.view(before, forced.seat)["hand"]) == 1


def assert_forced_steps_exactly(game):
    """Every step played for a person had one legal action that the game allows to be
    played, at a person's seat; every such step due after a move was played."""
    engine, spec = game.engine_module, game.spec
    humans = {s.index for s in game.seats.all() if s.controller == Controller.HUMAN}
    states = game_states(game)
    moves = list(game.moves.order_by("ply"))
    for move, before in zip(moves, states, strict=False):
        legal = engine.legal_actions(before, move.seat)
        if move.played_automatically == "forced":
            assert legal == [move.action], (move.ply, legal)
            assert move.seat in humans and spec.auto_play_forced(before, move.seat, move.action)
    for before, move in zip(states[1:], moves[1:], strict=False):
        due = engine.to_move(before)
        if len(due) != 1 or due[0] not in humans:
            continue
        legal = engine.legal_actions(before, due[0])
        if len(legal) == 1 and spec.auto_play_forced(before, due[0], legal[0]):
            assert (move.seat, move.played_automatically) == (due[0], "forced"), move.ply


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    engine=st.sampled_from(["triad", "trias", "tritarea"]),
    seed=st.integers(min_value=0, max_value=10_000),
)
def test_no_step_with_a_choice_is_ever_played_for_a_person(engine, seed):
    users = [UserFactory(), UserFactory()]
    game = start_game(engine, users)
    play_random(game, seed=seed, max_moves=120)
    assert_forced_steps_exactly(game)


def test_the_settings_page_switches_it_off_and_on():
    user = UserFactory()
    client = Client()
    client.force_login(user)
    settings_page = client.get(reverse("player_settings")).content.decode()
    assert reverse("planning_settings") in settings_page
    page = client.get(reverse("planning_settings")).content.decode()
    assert 'name="play_forced_steps"' in page and "checked" in page  # on by default
    assert client.post(reverse("planning_settings"), {}).status_code == 302
    assert not PlanningSettings.objects.get(user=user).play_forced_steps
    client.post(reverse("planning_settings"), {"play_forced_steps": "on"})
    assert PlanningSettings.objects.get(user=user).play_forced_steps
    assert Client().get(reverse("planning_settings")).status_code == 302  # sign in first
