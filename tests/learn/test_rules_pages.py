"""The rules pages (issue 12): public, every "What can I do now?" anchor present, every
diagram the board code's drawing of an engine position, and the rulebooks' worked
examples stating the engine's numbers."""

import re
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse

from games import boards, registry
from games.engines import ENGINES, get_engine
from learn.diagrams import fit_class, for_game, tall_class
from titles.trias.diagrams import EXAMPLE_3, LetteredLandMasses, lettered

GAMES = sorted(ENGINES)


def page(engine: str) -> str:
    response = Client().get(reverse("game_help", args=[engine]))
    assert response.status_code == 200
    return response.content.decode()


def figure(html: str, fig_id: str) -> str:
    """The text of the figure with id ``fig_id`` (caption and text alternative)."""
    match = re.search(rf'<figure class="diagram[^"]*" id="{fig_id}">(.*?)</figure>', html, re.S)
    assert match, fig_id
    block = match.group(1)
    alt = re.search(
        r'class="diagram-art[^"]*"(?: tabindex="0")? role="img" aria-label="([^"]*)"', block
    ).group(1)
    caption = re.search(r"<figcaption>(.*?)</figcaption>", block, re.S).group(1)
    text = re.sub(r"<[^>]+>", "", caption)
    return " ".join(unescape(alt + " " + text).split())


@pytest.mark.django_db
@pytest.mark.parametrize("engine", GAMES)
def test_the_rules_page_renders_signed_out_with_every_guide_anchor(engine):
    html = page(engine)
    assert f"How to play {get_engine(engine).title}" in unescape(html)
    for anchor in registry.get(engine).rules_anchors:
        assert f'id="{anchor}"' in html, anchor
    for rule in get_engine(engine).SITE_RULES:
        assert rule in unescape(html)  # the engine's own site rulings, shown as such


@pytest.mark.django_db
@pytest.mark.parametrize("engine", GAMES)
def test_every_diagram_is_the_board_drawing_of_its_engine_position(engine):
    html = page(engine)
    built = for_game(engine)
    module = get_engine(engine)
    for name, diagram in built.items():
        view = module.view(diagram.state, diagram.seat)
        if isinstance(diagram, LetteredLandMasses):  # its own labels, lettered A-H
            del view["final"]
        svg = boards.as_picture(
            boards.render_svg(
                engine, view, seat=diagram.seat, actions=diagram.actions, selected=diagram.selected
            )
        )
        if isinstance(diagram, LetteredLandMasses):
            svg = lettered(svg, diagram.labels)
        assert "data-action" not in svg and "data-select" not in svg  # nothing to click
        assert svg in html, f"{engine} diagram {name} is not on the page"
        assert list(diagram.actions) == [
            a for a in module.legal_actions(diagram.state, diagram.seat) if a in diagram.actions
        ], f"{engine} diagram {name} lights up an action that is not legal"
    # Every drawing on the page is one of the diagrams (or none is drawn by hand).
    assert html.count("<svg") == len(built)
    assert html.count('role="img" aria-label=') >= len(built)  # a text alternative each


@pytest.mark.django_db
def test_rules_pages_old_address_redirects():
    response = Client().get("/help/trias/")
    assert response.status_code == 301
    assert response["Location"] == reverse("game_help", args=["trias"])
    assert Client().get("/rules/chess/").status_code == 404


# --- Trias: rulebook Example 2 (interim scoring, cases A-E) and Example 3 (final scoring)


@pytest.mark.django_db
def test_trias_example_2_states_the_rulebooks_points():
    """Rulebook, Scoring A, Example 2 (German edition's colours: Red lifts the tile)."""
    d = for_game("trias")
    assert d["ex2_a"].figures["points"] == {}  # A: joins the main land mass
    assert d["ex2_b"].figures["tiles"] == 4  # B: a new land mass of 4 tiles
    assert d["ex2_b"].figures["herds"] == {"Blue": 3, "Black": 3, "Purple": 2, "Red": 1}
    assert d["ex2_b"].figures["points"] == {"Blue": 2, "Black": 2, "Purple": 1}
    assert d["ex2_c"].figures["tiles"] == 3  # C: 3 tiles, Red twice, Purple once
    assert d["ex2_c"].figures["points"] == {"Red": 2, "Purple": 1}
    assert d["ex2_d"].figures["points"] == {}  # D: re-connection
    assert d["ex2_e"].figures["points"] == {}  # E: merges with another land mass
    assert "not farther from the South Pole" in d["ex2"].figures["refused"]
    html = page("trias")
    assert "a new land mass of 4 tiles" in figure(html, "fig-ex2-b")
    assert "Points: Blue 2, Black 2, Purple 1" in figure(html, "fig-ex2-b")
    assert "Points: Red 2, Purple 1" in figure(html, "fig-ex2-c")
    assert "No scoring" in figure(html, "fig-ex2-a")
    assert "No scoring" in figure(html, "fig-ex2-d")
    assert "No scoring" in figure(html, "fig-ex2-e")


@pytest.mark.django_db
def test_trias_example_3_states_the_rulebooks_table():
    """Rulebook, Scoring B, Example 3: per land mass A-H and the totals 19, 15, 15, 8."""
    figures = for_game("trias")["ex3"].figures
    assert figures["players"] == ["Red", "Purple", "Blue", "Black"]  # players 1-4
    rulebook = {
        "A": [3, 0, 2, 0],
        "B": [0, 2, 2, 2],
        "C": [6, 0, 6, 0],
        "D": [0, 5, 5, 0],
        "E": [0, 1, 0, 1],
        "F": [3, 0, 0, 5],
        "G": [3, 3, 0, 0],
        "H": [4, 4, 0, 0],
    }
    assert {row["name"]: row["points"] for row in figures["table"]} == rulebook
    assert figures["totals"] == [19, 15, 15, 8]
    html = page("trias")
    table = re.search(r'<table class="points-table" id="ex3-table">(.*?)</table>', html, re.S)
    cells = re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", table.group(1), re.S)
    text = [re.sub(r"<[^>]+>", "", c).strip() for c in cells]
    assert text[-4:] == ["19", "15", "15", "8"]
    assert text[text.index("C") : text.index("C") + 6] == ["C", "7", "6", "–", "6", "–"]


def _boxes(svg: str) -> list[tuple[float, float, float, float]]:
    """Every rectangle, hexagon and centred text of ``svg`` as (left, top, right, bottom)
    (a text's width reckoned generously, 7.5 px a character at 12 px)."""
    boxes = []
    for x, y, w, h in re.findall(
        r'<rect x="([-\d.]+)" y="([-\d.]+)" width="([\d.]+)" height="([\d.]+)"', svg
    ):
        boxes.append((float(x), float(y), float(x) + float(w), float(y) + float(h)))
    for points in re.findall(r'<polygon points="([^"]+)"', svg):
        xs, ys = zip(*(map(float, p.split(",")) for p in points.split()), strict=True)
        boxes.append((min(xs), min(ys), max(xs), max(ys)))
    for x, y, size, words in re.findall(
        r'<text x="([-\d.]+)" y="([-\d.]+)" text-anchor="middle" font-size="([\d.]+)"'
        r"[^>]*>([^<]*)<",
        svg,
    ):
        half = 7.5 * float(size) / 12 * len(words) / 2
        boxes.append((float(x) - half, float(y) - float(size), float(x) + half, float(y) + 3))
    return boxes


def _apart(a, b) -> bool:
    return a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]


@pytest.mark.django_db
@pytest.mark.parametrize(
    "language,words_of_c",
    [("en", "7 tiles: Red 6, Blue 6"), ("de", "7 Plättchen: Rot 6, Blau 6")],
)
def test_trias_example_3_letters_each_land_mass_beside_it_covering_nothing(language, words_of_c):
    """Issue 34: the text names land masses A to H, so the drawing letters them; each
    letter lies in the water by its land mass and overlaps no tile, coordinate, herd or
    other label, at the board's own text size (so it reads on a phone, where the
    drawing fits the screen); its tiles and points are its title (the table below the
    drawing gives them)."""
    from django.utils import translation

    from titles.trias.board import SIZE, _center

    with translation.override(language):
        svg = for_game("trias")["ex3"].svg
    assert "final-score" not in svg  # the board's own, unlettered labels are not drawn too
    labels = re.findall(r'<g class="land-mass" data-land-mass="(\w)">(.*?)</g>', svg)
    assert [letter for letter, _ in labels] == list("ABCDEFGH")
    board = re.sub(r'<g class="land-mass".*?</g>', "", svg)
    viewbox = [float(v) for v in re.search(r'viewBox="([^"]+)"', svg).group(1).split()]
    water = (viewbox[0], viewbox[1], viewbox[0] + viewbox[2], viewbox[1] + viewbox[3])
    drawn = [box for box in _boxes(board) if box != water]
    placed = []
    for letter, label in labels:
        (box,) = [
            (float(x), float(y), float(x) + float(w), float(y) + float(h))
            for x, y, w, h in re.findall(
                r'<rect x="([-\d.]+)" y="([-\d.]+)" width="([\d.]+)" height="([\d.]+)"', label
            )
        ]  # its dark box
        size = float(re.search(r'font-size="([\d.]+)"', label).group(1))
        assert size >= float(re.search(r'data-unit="([\d.]+)"', svg).group(1)) * 12.5, letter
        assert water[0] <= box[0] and box[2] <= water[2], letter
        assert water[1] <= box[1] and box[3] <= water[3], letter
        assert all(_apart(box, other) for other in drawn + placed), letter
        placed.append(box)
        cells = [(q + i, r) for (q, r), n in EXAMPLE_3[letter][1] for i in range(n)]
        middle = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
        near = min(
            max(abs(middle[1] - cy), max(0, abs(middle[0] - cx) - (box[2] - box[0]) / 2))
            for cx, cy in (_center(q, r) for q, r in cells)
        )
        assert near < 2 * SIZE, letter  # beside its own land mass
    assert f"<title>C {words_of_c}</title>" in dict(labels)["C"]


@pytest.mark.django_db
def test_trias_drift_diagrams_show_a_legal_and_refused_drifts():
    d = for_game("trias")
    assert d["drift"].selected  # the tile is picked: its destinations light up
    assert set(d["drift"].figures["allowed"]) == {
        a.split(">")[1] for a in d["drift"].actions if a.startswith("d 2,0>")
    }
    html = page("trias")
    text = figure(html, "fig-drift")
    assert "not farther from the South Pole" in text
    assert "does not touch its land mass" in text
    assert "no herd on land on its land mass" in text


# --- Tri*T*Area: tricks, the tallest-building tie and the rulebook's Q&A


@pytest.mark.django_db
def test_tritarea_tricks_and_who_builds():
    d = for_game("tritarea")
    assert d["trick"].figures["adopted"] == "Modern"
    assert d["trick"].figures["rights"] == [
        {"colour": "White", "rank": 3},
        {"colour": "Purple", "rank": 9},
    ]
    assert d["trick_tie"].figures["adopted"] == "Modern"  # 2-2: wider spread wins
    html = page("tritarea")
    assert "White's 3 is the lowest, the first right; Purple's 9" in figure(html, "fig-trick")


@pytest.mark.django_db
def test_tritarea_rulebook_questions_state_the_rulebooks_answers():
    """Rulebook Q&A, each as a diagram whose figures come from the engine."""
    d = for_game("tritarea")
    html = page("tritarea")
    # Q: an additional block on an empty bonus square earns it. A: yes.
    assert d["extra_bonus"].figures["gained"] == 2
    assert "scores +2" in figure(html, "fig-extra-bonus")
    # Q: a 4-way tie for tallest, A leads 3 and B 1. A: 12 and 4.
    assert d["tallest_four"].figures["totals"] == {"Black": 12, "White": 4}
    assert "Black scores 12, White 4" in figure(html, "fig-tallest-four")
    # Q: only one colour in an area: first and second place points (10).
    assert d["areas"].figures["Modern"] == {"Purple": 10}
    assert "Purple gets both places, 10 points" in figure(html, "fig-areas")
    # Q: no building in an area: nobody scores.
    assert d["areas"].figures["Ecology"] == {}
    assert "nobody scores" in figure(html, "fig-areas")
    # Q: refusing to build costs the card's rank.
    assert d["default"].figures["lost"] == d["default"].figures["rank"] == 4
    # Q: two players declaring the same area are scored independently.
    assert (d["intent"].figures["black"], d["intent"].figures["white"]) == (4, 6)
    # Q: a 5 declared as 10 for 2 points, first in its area, scores 10.
    assert d["lead_area"].figures["black_gain"] == 10
    assert d["lead_area"].figures["cost"] == 2
    # Q: selling all blocks in round 3 gives 27 points.
    assert d["sale"].figures == {"gained": 27, "left": 0}
    assert "+27 points" in figure(html, "fig-sell")


@pytest.mark.django_db
def test_tritarea_tallest_building_tie():
    """Rulebook, Tallest Building: two tied towers give 6 each (TT5 for the owner)."""
    figures = for_game("tritarea")["tallest"].figures
    assert [t["points"] for t in figures["tallest"]] == [6, 6]
    assert [t["colour"] for t in figures["tallest"]] == ["Black", "White"]


# --- Triad: a move, a Triad and its removal


@pytest.mark.django_db
def test_triad_move_and_triad_diagrams():
    d = for_game("triad")
    assert d["move"].figures == {"one": ["b2", "c2", "d2"], "three": ["c4", "f4"]}
    assert d["choose_removal"].figures["candidates"] == ["c4", "e4"]  # TD8
    assert d["after_removal"].figures["removed"] == 1
    html = page("triad")
    assert "to b2, c2, d2" in figure(html, "fig-move")
    assert "removed 1 of the 3 dice" in figure(html, "fig-after-removal")


def test_a_diagram_too_small_to_read_on_a_phone_gets_a_minimum_width():
    small = '<svg viewBox="0 0 700 400"><text font-size="7">1,0</text></svg>'
    assert fit_class(small) == "fit-1200"  # 700 * 12 / 7 = 1200 px keeps 7 units at 12 px
    legible = '<svg viewBox="0 0 350 400"><text font-size="12">a</text></svg>'
    assert fit_class(legible) == ""


@pytest.mark.django_db
def test_a_tall_diagram_may_be_taller_than_usual_to_keep_12px():
    """Issue 34: Tri*T*Area's boards with a hand below (392 x 776, text at 15) were held
    to 34rem (544 px) high, their numbers 10.5 px; they may be 624 px high."""
    tall = '<svg viewBox="0 0 392 776"><text font-size="15">+2</text></svg>'
    assert tall_class(tall) == "tall-624"  # 776 * 12 / 15 = 620.8, to the next 16 px
    assert tall_class('<svg viewBox="0 0 392 614"><text font-size="15">1</text></svg>') == ""
    talls = sum(d.tall == "tall-624" for d in for_game("tritarea").values())
    assert talls >= 4  # the new game, the default, the extra block, the computer seat
    assert page("tritarea").count('class="diagram-art  tall-624"') == talls


# --- Sections that had only words: no move (Triad), the card (Trias), the end


@pytest.mark.django_db
def test_triad_no_move_diagram_offers_only_turning_or_sliding():
    """Rulebook "When no move is possible" (TD6): turn in place or slide by its value."""
    d = for_game("triad")["no_move"]
    assert d.figures["choices"] == ["a1=2", "a1=3", "a1-b1", "a1-a2", "a1-b2"]
    assert "a1-b1" in figure(page("triad"), "fig-no-move")


@pytest.mark.django_db
def test_trias_card_diagram_rings_only_tiles_that_may_drift():
    """Rulebook "Phase 1: drift": only tiles of the card's landscape that can drift."""
    d = for_game("trias")["card"]
    assert d.figures["tiles"] == ["2,0"]  # the wood at 4,-3 has no legal drift
    assert "may drift: 2,0." in figure(page("trias"), "fig-card")


@pytest.mark.django_db
@pytest.mark.parametrize("engine", GAMES)
def test_the_end_diagram_is_a_finished_game_with_the_engines_result(engine):
    """Each rules page's "End of the game" shows a whole game's last position and the
    engine's own result sentence and scores."""
    d = for_game(engine)["end"]
    outcome = get_engine(engine).outcome(d.state)
    assert outcome is not None and d.figures["reason"] == outcome.reason
    html = figure(page(engine), "fig-end")
    assert outcome.reason in html.replace("&#x27;", "'")
    if engine != "triad":
        for row in d.figures["scores"]:
            assert f"{row['seat']} {row['score']} point" in html


@pytest.mark.django_db
def test_trias_end_diagram_labels_each_scored_land_mass_covering_nothing():
    """The whole game's end: its land masses' scores beside them, off the coordinates."""
    from titles.trias import engine as trias

    end = for_game("trias")["end"]
    scored = [i for i in trias.view(end.state, None)["final"] if any(i["points"])]
    labels = re.findall(r'<g class="land-mass">(.*?)</g>', end.svg)
    assert len(labels) == len(scored) >= 1
    board = re.sub(r'<g class="land-mass".*?</g>', "", end.svg)
    viewbox = [float(v) for v in re.search(r'viewBox="([^"]+)"', end.svg).group(1).split()]
    drawn = [b for b in _boxes(board) if b[2] - b[0] < viewbox[2] - 1]
    boxes = [next(b for b in _boxes(label) if b[2] - b[0] > 60) for label in labels]
    for i, box in enumerate(boxes):
        assert all(_apart(box, other) for other in drawn + boxes[:i]), box
