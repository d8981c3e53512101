"""German sentences with numbers and names put into them (issue 34).

A sentence that takes "45 points" or "the first right" as a ready-made piece cannot
be German after "mit": the noun must change ("mit 45 Punkten", "mit dem ersten
Baurecht"). Such sentences now carry the count or the choice themselves. And
Tri*T*Area's four areas (the rulebook's concepts Intelligent, Modern, Ecology,
Happiness) have German names wherever they show: Intelligenz, Moderne, Ökologie, Glück
(the card letters I, M, E, H are the notation's and stay).
"""

from __future__ import annotations

import re
from dataclasses import replace
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from games import boards
from games.i18n import localize
from tests.i18n.test_learn_german import german_catalogue  # noqa: F401 (a fixture)
from titles.trias.engine.build import position as trias_position
from titles.trias.engine.drift import why_not_drift
from titles.tritarea import engine as tt
from titles.tritarea.engine.board import AREAS
from titles.tritarea.engine.rules import outcome
from titles.tritarea.engine.state import OVER, from_json, to_json
from titles.tritarea.tests.helpers import building

ENGLISH_AREAS = ("Intelligent", "Modern", "Ecology", "Happiness")
GERMAN_AREAS = ("Intelligenz", "Moderne", "Ökologie", "Glück")
ENGLISH_AREA = re.compile(r"\b(Intelligent|Modern|Ecology|Happiness)\b")


def german(text) -> str:
    with translation.override("de"):
        return localize(text)


def finished(num_players: int, scores: tuple[int, ...]) -> tt.State:
    return replace(tt.new_game(num_players, seed=3), phase=OVER, scores=scores)


# --- "mit" + a number of points: the dative plural


@pytest.mark.parametrize(
    "num_players,scores,german_words",
    [
        (3, (45, 30, 12, 8), "gewinnt mit 45 Punkten."),
        (3, (1, 0, 0, 0), "gewinnt mit 1 Punkt."),
        (3, (45, 45, 12, 8), "teilen sich den Sieg mit 45 Punkten."),
        (2, (20, 25, 20, 25), "Die Teams teilen sich den Sieg mit je 45 Punkten."),
        (1, (45, 12, 20, 8), "Erfolgreiche Entwicklung mit 45 Punkten:"),
    ],
)
def test_a_tritarea_result_names_the_points_after_mit_in_the_dative(
    german_catalogue,  # noqa: F811
    num_players,
    scores,
    german_words,
):
    reason = outcome(finished(num_players, scores)).reason
    assert german_words in german(reason)
    assert " Punkte." not in german(reason) and " Punkte:" not in german(reason)
    english = str(reason)  # the English reads as it always did
    assert "point" in english and " with " in english


# --- "mit" + a building right: the dative article


@pytest.mark.parametrize(
    "builder,german_words",
    [(0, "mit dem ersten Baurecht baut"), (1, "mit dem zweiten Baurecht baut")],
)
def test_deciding_a_computer_seats_build_names_its_right_in_the_dative(
    german_catalogue,  # noqa: F811
    builder,
    german_words,
):
    """1-player rules: the player chooses where a computer seat with a right builds."""
    state = building(((1, 3), (2, 8)), "M", num_players=1, builder=builder)
    with translation.override("de"):
        guide = boards.guide(
            "tritarea",
            tt.view(state, 0),
            seat=0,
            actions=tt.legal_actions(state, 0),
        )
    assert german_words in guide.prompt, guide.prompt
    assert "mit das " not in guide.prompt
    assert "Moderne" in guide.prompt  # the adopted area, in German


# --- counted steps in a refusal


def test_a_refused_drift_counts_its_steps_in_the_singular_and_plural(
    german_catalogue,  # noqa: F811
):
    near = trias_position({(1, 0): "W", (2, 0): "S"}, [(0, (1, 0), 1)])
    one = why_not_drift(near.board, {near.board.mass_of[(1, 0)]}, (1, 0), (0, 1))
    assert str(one).endswith("South Pole (1 step) than 1,0 (1 step)")
    assert german(one).endswith("vom Südpol entfernt (1 Schritt) als 1,0 (1 Schritt)")
    far = trias_position({(1, 0): "W", (2, 0): "S", (2, -1): "S"}, [(0, (2, 0), 1)])
    two = why_not_drift(far.board, {far.board.mass_of[(2, 0)]}, (2, 0), (2, -2))
    assert german(two).endswith("vom Südpol entfernt (2 Schritte) als 2,0 (2 Schritte)")


# --- Tri*T*Area's area names


def test_the_area_names_are_german_and_keep_their_card_letters(german_catalogue):  # noqa: F811
    assert [str(name) for name, *_ in AREAS.values()] == list(ENGLISH_AREAS)
    assert [german(name) for name, *_ in AREAS.values()] == list(GERMAN_AREAS)
    assert list(AREAS) == ["I", "M", "E", "H"]


def test_a_trick_and_a_round_scoring_name_the_areas_in_german(german_catalogue):  # noqa: F811
    """The public log (the trick that adopted a concept) and the round's scoring lines,
    as the game page and the turn emails show them; also those of a game stored before
    the names were translatable (their area as plain English)."""
    state = tt.new_game(4, seed=11)
    while not any("adopted" in line for line in state.log):
        seat = tt.to_move(state)[0]
        state = tt.apply(state, seat, tt.legal_actions(state, seat)[0])
    line = next(line for line in state.log if "adopted" in line)
    adopted = next(name for name in ENGLISH_AREAS if f" {name} adopted" in line)
    in_german = german(line)
    assert GERMAN_AREAS[ENGLISH_AREAS.index(adopted)] + " angenommen" in in_german
    assert not ENGLISH_AREA.search(in_german)

    stored = to_json(state)
    for data in stored["log"]:
        if isinstance(data, dict) and "area" in data.get("params", {}):
            data["params"]["area"] = str(data["params"]["area"]["msgid"])  # plain, as before
    old_line = next(line for line in from_json(stored).log if "adopted" in line)
    assert german(old_line) == in_german

    scoring = tt.new_game(4, seed=11)
    while not scoring.scoring:
        seat = tt.to_move(scoring)[0]
        scoring = tt.apply(scoring, seat, tt.legal_actions(scoring, seat)[0])
    lines = [german(line) for line in scoring.scoring[0]]
    assert any(line.startswith(GERMAN_AREAS) for line in lines), lines
    assert not any(ENGLISH_AREA.search(line) for line in lines), lines


@pytest.mark.django_db
def test_the_game_page_and_board_name_the_areas_in_german(german_catalogue):  # noqa: F811
    from tests.i18n.test_games_german import game_of, mover, page
    from tests.i18n.test_games_german import german as german_player

    game = game_of("tritarea")
    html = unescape(page(german_player(mover(game)), game))
    board = html[html.index("<svg") : html.index("</svg>")]
    for name in GERMAN_AREAS:
        assert f'class="area-name">{name}<' in board, name
    assert not ENGLISH_AREA.search(html)


@pytest.mark.django_db
def test_the_rules_page_names_the_areas_in_german(german_catalogue):  # noqa: F811
    response = Client(HTTP_ACCEPT_LANGUAGE="de").get(reverse("game_help", args=["tritarea"]))
    html = unescape(response.content.decode())
    for row in ("Intelligenz (I, blau)", "Moderne (M, gelb)", "Ökologie (E, grün)"):
        assert row in html
    assert "Glück (H, rot)" in html
    assert "die Karte H7 spielen (Glück 7)" in html
    main = html[html.index("<main") : html.index("</main>")]
    assert not ENGLISH_AREA.search(main), ENGLISH_AREA.search(main)


@pytest.mark.django_db
def test_a_result_stored_before_reads_in_the_dative_too(german_catalogue):  # noqa: F811
    """A finished game kept "wins with %(points)s" and its "45 points" as a piece; the
    migration folds the count into the sentence, as the engine writes it now."""
    from importlib import import_module

    from django.apps import apps

    from games.models import Game
    from tests.i18n.test_games_german import game_of

    migration = import_module("games.migrations.0014_stored_results_reworded")
    game = game_of("tritarea")
    old = {
        "msgid": "%(who)s wins with %(points)s.",
        "params": {
            "who": {"msgid": "%(i0)s", "params": {"i0": "alice"}},
            "points": {
                "msgid": "%(n)s point",
                "plural": "%(n)s points",
                "n": 45,
                "params": {"n": 45},
            },
        },
    }
    Game.objects.filter(pk=game.pk).update(
        result_reason="alice wins with 45 points.", result_text=old
    )
    with translation.override("de"):  # the old message id is no longer translated
        assert Game.objects.get(pk=game.pk).result_shown == "alice wins with 45 Punkte."

    migration.forwards(apps, None)

    game.refresh_from_db()
    assert game.result_reason == "alice wins with 45 points."
    assert game.result_shown == "alice wins with 45 points."
    with translation.override("de"):
        assert game.result_shown == "alice gewinnt mit 45 Punkten."
