"""What changed since a player's last turn (a spectator's last visit), marked on the
board (``data-changed``) and told at the top of the turn box (issue 34, games.changes)."""

from __future__ import annotations

import dataclasses
import re
from unittest import mock

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from games import changes, services
from games.boards.changes import Ply
from games.models import Controller, Visit
from games.replay import load_state
from tests.factories import UserFactory
from tests.games.computer.test_turns import versus_computer
from tests.web.helpers import play_random, seat_user, start_game
from titles.trias.changes import changes as trias_changes
from titles.trias.engine.rules import drew_and_played

pytestmark = pytest.mark.django_db

SINCE = re.compile(r'<section class="since".*?</section>', re.S)
CHANGED = re.compile(r'data-changed="([^"]+)" data-at="([^"]+)"')


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def page(client: Client, game) -> str:
    response = client.get(reverse("game_detail", args=[game.pk]))
    assert response.status_code == 200
    return response.content.decode()


def since_box(html: str) -> str:
    found = SINCE.search(html)
    return found.group(0) if found else ""


def text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def marks(html: str) -> list[tuple[str, str]]:
    board = html[html.index('id="board"') :]
    return CHANGED.findall(board[: board.index("</svg>")])


def due_user(game):
    game.refresh_from_db()
    return seat_user(game, game.to_move[0])


def last_moves_of_others(game, seat: int):
    """The others' moves told to ``seat`` now (what ``changes.window`` picks)."""
    moves = list(game.moves.order_by("ply"))
    due = seat in game.to_move
    first, last = changes.window([(m.ply, m.seat) for m in moves], seat, None, due=due)
    return [m for m in moves if first <= m.ply <= last]


# --- after an opponent's move, each game -----------------------------------------------


def test_trias_placements_of_the_others_are_told_and_marked():
    """Setup (TS11): each seat places 2 herds on a tile; the next player sees where."""
    users = [UserFactory() for _ in range(3)]
    game = start_game("trias", users)
    game = play_random(game, stop=lambda g: g.version >= 2)
    user = due_user(game)
    seat = game.to_move[0]
    html = page(signed_in(user), game)
    box = text(since_box(html))
    assert box.startswith("Since your last turn:")
    told = last_moves_of_others(game, seat)
    assert told, "the others placed before this player"
    places = {m.action.split()[1] for m in told}
    for at in places:
        assert re.search(rf"placed 2 herds on the \w[\w ]* at {re.escape(at)}", box), box
    added = {at for kind, at in marks(html) if kind == "herds-added"}
    assert places <= added


def test_trias_a_drift_is_told_with_where_it_came_from_and_marked():
    """Phase 1 (rulebook "Drifting"): the tile's old place, how far, its new place."""
    users = [UserFactory() for _ in range(3)]
    game = start_game("trias", users)

    def drifted_by_other(g):
        last = g.moves.order_by("-ply").first()
        return g.version > 8 and last is not None and last.action.startswith("d ")

    game = play_random(game, stop=drifted_by_other, seed=3)
    drift = game.moves.order_by("-ply").first()
    # The next player (the drift's author finished their turn or not: either way, a
    # player other than its author) sees it.
    viewer = next(s for s in game.seats.all() if s.index != drift.seat)
    html = page(signed_in(viewer.user), game)
    frm, to = drift.action.split()[1].split(">")
    box = text(since_box(html))
    assert re.search(
        rf"drifted the [\w ]+ at {re.escape(frm)} \w+ steps? [\w-]+ to {re.escape(to)}", box
    ), box
    found = marks(html)
    assert ("drifted", to) in found
    assert re.search(rf'data-changed="drifted" data-at="{re.escape(to)}" data-from="{frm}"', html)
    assert "Replay since my last turn" in box


def test_triad_keeps_its_last_move_mark_and_gains_the_words():
    alice, bob = UserFactory(), UserFactory()
    game = play_random(start_game("triad", [alice, bob]), stop=lambda g: g.version >= 3)
    last = game.moves.order_by("-ply").first()
    html = page(signed_in(due_user(game)), game)
    assert 'class="cell last-move"' in html  # the board's own tint stays
    box = text(since_box(html))
    assert last.description_shown.rstrip(".") in box
    frm, to = re.match(r"([a-f][1-6])-([a-f][1-6])", last.action).groups()
    assert ("moved", to) in marks(html)
    assert f'data-from="{frm}"' in html


def test_tritarea_cards_played_are_told_and_their_seats_marked():
    alice, bob = UserFactory(), UserFactory()
    game = start_game("tritarea", [alice, bob], num_players=2)

    def played_by_other(g):
        last = g.moves.order_by("-ply").first()
        return last is not None and last.action.startswith("p ") and last.seat not in g.to_move

    game = play_random(game, stop=played_by_other)
    user = due_user(game)
    html = page(signed_in(user), game)
    box = text(since_box(html))
    assert box.startswith("Since your last turn:")
    assert re.search(r"plays [IMEH]\d", box), box
    kinds = {kind for kind, _at in marks(html)}
    assert kinds & {"played", "built"}, html


def test_tritarea_blocks_built_are_marked_on_their_squares():
    alice, bob = UserFactory(), UserFactory()
    game = start_game("tritarea", [alice, bob], num_players=2)

    def built_by_other(g):
        last = g.moves.order_by("-ply").first()
        return last is not None and last.action.startswith(("b ", "x "))

    game = play_random(game, stop=built_by_other, seed=2)
    last = game.moves.order_by("-ply").first()
    viewer = next(s for s in game.seats.all() if s.user_id and s.index != last.seat)
    html = page(signed_in(viewer.user), game)
    square = last.action.split()[1]
    assert ("built", square) in marks(html)
    assert re.search(rf"on {square}", text(since_box(html)))


def test_a_round_summary_shows_each_areas_majority_points_and_rights():
    """End of a round (TT9): the areas scored, then the rest; rights won in the round."""
    alice, bob = UserFactory(), UserFactory()
    game = start_game("tritarea", [alice, bob], num_players=2)

    def round_over(g):
        return len(load_state(g).scoring) >= 1

    game = play_random(game, stop=round_over, seed=5)
    state = load_state(game)
    last = game.moves.order_by("-ply").first()
    viewer = next(s for s in game.seats.all() if s.user_id and s.index != last.seat)
    html = page(signed_in(viewer.user), game)
    box = since_box(html)
    assert 'class="round-summary" data-round="1"' in box
    rows = re.findall(r'<tr><th scope="row">([^<]+)</th><td>([^<]*)</td><td>([^<]*)</td>', box)
    assert [name for name, _m, _p in rows] == ["Intelligent", "Modern", "Ecology", "Happiness"]
    # The points per area are the engine's own scoring (its first four lines).
    for (name, _majority, points), line in zip(rows, state.scoring[0][:4], strict=True):
        assert str(line).startswith(name)
        for who_points in points.split(", ") if points != "no points" else ():
            colour, n = who_points.split(" +")
            assert re.search(rf"{colour}[^+]* \+{n}\b", str(line)), (points, str(line))
    # Told once, in the table: not again among the lines.
    lines = re.search(r'<ul class="since-lines">(.*?)</ul>', box, re.S).group(1)
    assert "Round 1 scoring" not in lines and "Intelligent:" not in lines
    assert "Building rights won this round:" in text(box)
    assert "Scores now:" in text(box)


# --- computers --------------------------------------------------------------------------


@pytest.mark.parametrize("engine", ["triad", "trias", "tritarea"])
def test_a_computers_moves_are_told_after_its_turn(
    alice, computer_queue, engine, django_capture_on_commit_callbacks
):
    game = versus_computer(alice, engine=engine, first="person")
    me = game.seats.get(user=alice)
    state = load_state(game)
    action = game.engine_module.legal_actions(state, me.index)[0]
    while True:
        with django_capture_on_commit_callbacks(execute=True):
            services.move_play(
                game_id=game.pk, user=alice, action=action, expected_version=game.version
            )
        game.refresh_from_db()
        if me.index not in game.to_move:
            break
        action = game.engine_module.legal_actions(load_state(game), me.index)[0]
    assert computer_queue.run() >= 1
    game.refresh_from_db()
    computer_moves = [m for m in last_moves_of_others(game, me.index) if m.by_computer]
    assert computer_moves
    html = page(signed_in(alice), game)
    box = text(since_box(html))
    assert box.startswith("Since your last turn:")
    assert marks(html), "the computer's move is marked on the board"
    bot = game.seats.get(controller=Controller.BOT)
    if engine == "triad":
        assert computer_moves[-1].description_shown.rstrip(".") in box
    else:  # (Tri*T*Area's seat names its colour first: "Orange (B)")
        assert box.count(".") >= 1 and bot.colour_shown.split(" (")[0] in box


# --- the words for the rulebooks' events -------------------------------------------------


def _tile(q, r, landscape, herds):
    return {"pos": [q, r], "landscape": landscape, "capacity": 4, "herds": list(herds)}


def test_trias_words_for_a_drawn_card_a_drift_and_swimmers():
    """Phase 1 (rulebook): Blue draws a card and must play it; the drifted tile's herds
    stay in the water as swimmers (TS6), which return to stock in their owner's
    Phase 3 unless rescued (TS9)."""
    before = {
        "tiles": [_tile(0, 0, "P", [0, 0, 0]), _tile(-1, -1, "W", [2, 0, 0])],
        "swimmers": [],
        "log": [],
        "phase": "card",
    }
    drawn = {**before, "card": "W", "phase": "drift", "log": [drew_and_played("Blue", "W")]}
    after = {
        **drawn,
        "tiles": [_tile(0, 0, "P", [0, 0, 0]), _tile(1, -3, "W", [0, 0, 0])],
        "swimmers": [{"pos": [-1, -1], "herds": [2, 0, 0]}],
        "phase": "actions",
        "card": None,
    }
    plies = [Ply(20, 1, "draw", ""), Ply(21, 1, "d -1,-1>1,-3", "")]
    found = trias_changes([before, drawn, after], plies, seat=0)
    assert found.lines == (
        "Blue drew a wood card and drifted the wood at -1,-1 two steps north-east to 1,-3.",
    )
    assert found.yours == (
        "Your 2 herds at -1,-1 are swimming: rescue them this turn, or they return to your stock.",
    )
    kinds = {(m.kind, m.at, m.origin) for m in found.marks}
    assert ("drifted", "1,-3", "-1,-1") in kinds
    assert ("drift-from", "-1,-1", "1,-3") in kinds
    assert ("swimming", "-1,-1", "") in kinds
    # A spectator is told the same, without "your".
    assert trias_changes([before, drawn, after], plies, seat=None).yours == ()


def test_trias_words_for_moves_rescues_breeding_and_an_interim_scoring():
    """Phase 2 (rulebook table): move, rescue, reproduce; interim scoring (TS7)."""
    from games.engines.base import gettext_lazy

    scoring = gettext_lazy(
        "Interim scoring of the land mass %(where)s (%(tiles)s): %(points)s.",
        where="2,-3 3,-3",
        tiles="2 tiles",
        points="Red 2",
    )
    base = {
        "tiles": [_tile(1, 0, "S", [0, 1, 0]), _tile(1, 1, "W", [0, 0, 0])],
        "swimmers": [{"pos": [2, 0], "herds": [0, 1, 0]}],
        "log": [],
    }
    moved = {**base, "tiles": [_tile(1, 0, "S", [0, 0, 0]), _tile(1, 1, "W", [0, 1, 0])]}
    rescued = {**moved, "swimmers": [], "tiles": [_tile(1, 0, "S", [0, 1, 0]), moved["tiles"][1]]}
    bred = {**rescued, "tiles": [rescued["tiles"][0], _tile(1, 1, "W", [0, 2, 0])]}
    ended = {**bred, "log": [scoring]}
    plies = [
        Ply(30, 1, "m 1,0>1,1", ""),
        Ply(31, 1, "r 2,0>1,0", ""),
        Ply(32, 1, "+ 1,1", ""),
        Ply(33, 1, "end", ""),
    ]
    found = trias_changes([base, moved, rescued, bred, ended], plies, seat=0)
    assert found.lines == (
        "Blue moved a herd from 1,0 to 1,1, rescued a swimmer (2,0 to 1,0) and bred a new "
        "herd on 1,1.",
        "Interim scoring of the land mass 2,-3 3,-3 (2 tiles): Red 2.",
    )
    added = {(m.at, m.count) for m in found.marks if m.kind == "herds-added"}
    removed = {(m.at, m.count) for m in found.marks if m.kind == "herds-removed"}
    assert added == {("1,1", 2)} and removed == {("2,0", 1)}


def _points(svg: str) -> list[tuple[float, float]]:
    """Every point a drawing's lines, polygons, discs and texts reach."""
    found = []
    for x1, y1, x2, y2 in re.findall(
        r'x1="([-\d.]+)" y1="([-\d.]+)" x2="([-\d.]+)" y2="([-\d.]+)"', svg
    ):
        found += [(float(x1), float(y1)), (float(x2), float(y2))]
    for points in re.findall(r'points="([^"]+)"', svg):
        found += [tuple(map(float, p.split(","))) for p in points.split()]
    for cx, cy, r in re.findall(r'cx="([-\d.]+)" cy="([-\d.]+)" r="([\d.]+)"', svg):
        x, y, r = float(cx), float(cy), float(r)
        found += [(x - r, y), (x + r, y), (x, y - r), (x, y + r)]
    for x, y in re.findall(r'<text x="([-\d.]+)" y="([-\d.]+)"', svg):
        found.append((float(x), float(y)))
    return found


def _hex_of(x: float, y: float) -> tuple[int, int]:
    """The hex a board point lies in (axial, rounded as the board's centres are laid)."""
    from titles.trias.board import SIZE

    q = (x * 3**0.5 / 3 - y / 3) / SIZE
    r = y * 2 / 3 / SIZE
    cube = [q, -q - r, r]
    rounded = [round(c) for c in cube]
    diffs = [abs(a - b) for a, b in zip(rounded, cube, strict=True)]
    i = diffs.index(max(diffs))
    rounded[i] = -sum(rounded) + rounded[i]
    return rounded[0], rounded[2]


def test_trias_a_long_drift_is_marked_inside_its_two_places_with_one_letter():
    """A drift across the map (rulebook "Drifting": any distance to the land's edge)
    draws no line over the tiles between: everything of its mark lies in its old or its
    new hex, so it never covers another tile's herds; the two places carry the same
    letter, and a drift to the next place keeps its arrow over their common edge."""
    from titles.trias import board
    from titles.trias.changes import overlay

    between = [_tile(q, 0, "S", [1, 2, 0]) for q in range(-2, 3)]
    before = {
        "tiles": [_tile(-3, 0, "W", [0, 0, 0]), *between, _tile(1, 1, "M", [0, 0, 0])],
        "swimmers": [],
        "log": [],
    }
    after = {**before, "tiles": [*between, _tile(4, -1, "W", [0, 0, 0]), before["tiles"][-1]]}
    later = {**after, "tiles": [*between, after["tiles"][-2], _tile(2, 1, "M", [0, 0, 0])]}
    plies = [Ply(7, 1, "d -3,0>4,-1", ""), Ply(8, 1, "d 1,1>2,1", "")]
    found = trias_changes([before, after, later], plies, seat=0)
    svg = overlay(later, found, seat=0)
    groups = dict(re.findall(r'data-changed="drifted" data-at="([^"]+)".*?>(.*?)</g></g>', svg))
    assert set(groups) == {"4,-1", "2,1"}
    far = re.search(r'data-changed="drifted" data-at="4,-1".*?(?=<g class="changed|$)', svg)
    far = far.group(0)
    reached = {_hex_of(*p) for p in _points(far)}
    assert reached == {(-3, 0), (4, -1)}, reached  # nothing over the tiles between
    tags = re.findall(r'<circle cx="([-\d.]+)" cy="([-\d.]+)".*?>(\w)</text>', far)
    assert {(_hex_of(float(x), float(y)), letter) for x, y, letter in tags} == {
        ((-3, 0), "A"),
        ((4, -1), "A"),
    }
    # Its arrow points into the new place from the old one's side (the west).
    (tip,) = [p for p in re.findall(r'class="drift-arrow">.*?points="([^"]+)"', far)]
    tip_x = float(tip.split()[0].split(",")[0])
    assert board.center(-3, 0)[0] < tip_x < board.center(4, -1)[0]
    near = re.search(r'data-changed="drifted" data-at="2,1".*?(?=<g class="changed|$)', svg)
    assert {_hex_of(*p) for p in _points(near.group(0))} == {(1, 1), (2, 1)}
    assert "drift-tag" not in near.group(0)  # the next place needs no letter
    # With herds on the new place since (moved there after the drift), its letter
    # goes to the corner away from the arrow, still inside the hex.
    crowded = {**later, "tiles": [*between, _tile(4, -1, "W", [0, 3, 0]), later["tiles"][-1]]}
    svg = overlay(crowded, found, seat=0)
    far = re.search(r'data-changed="drifted" data-at="4,-1".*?(?=<g class="changed|$)', svg)
    assert {_hex_of(*p) for p in _points(far.group(0))} == {(-3, 0), (4, -1)}
    (y,) = [
        float(cy)
        for cx, cy in re.findall(r'<circle cx="([-\d.]+)" cy="([-\d.]+)"', far.group(0))
        if _hex_of(float(cx), float(cy)) == (4, -1)
    ]
    assert y < board.center(4, -1)[1]  # its top corner: the arrow comes from below


def test_the_words_are_translated(settings):
    from django.utils import translation

    before = {"tiles": [_tile(-1, -1, "W", [2, 0, 0])], "swimmers": [], "log": []}
    after = {
        "tiles": [_tile(1, -3, "W", [0, 0, 0])],
        "swimmers": [{"pos": [-1, -1], "herds": [2, 0, 0]}],
        "log": [],
    }
    with translation.override("de"):
        found = trias_changes([before, after], [Ply(5, 1, "d -1,-1>1,-3", "")], seat=0)
    assert "Blau" in found.lines[0] and "Nordosten" in found.lines[0], found.lines
    assert "schwimm" in found.yours[0], found.yours


# --- hidden information ---------------------------------------------------------------------


def test_the_changes_read_only_the_viewers_own_views():
    """Built from ``view(state, viewer)``: another seat's hand card and the deck's order
    change nothing in what the viewer is told (TS16)."""
    users = [UserFactory() for _ in range(3)]
    game = play_random(start_game("trias", users), stop=lambda g: g.version >= 30, seed=4)
    viewer = game.to_move[0]
    moves = __import__("games.presenters", fromlist=["move_rows"]).move_rows(game, viewer)
    seen = []
    real_view = game.engine_module.view

    def spy(state, seat):
        seen.append(seat)
        return real_view(state, seat)

    with mock.patch.object(game.engine_module, "view", spy):
        told = changes.since(game, viewer, moves)
    assert told is not None and set(seen) == {viewer}

    from games import replay

    real_states = replay.game_states

    calls = []

    def secrets_changed(g, **kwargs):
        calls.append(g.pk)
        states = real_states(g, **kwargs)
        out = []
        for s in states:
            hands = tuple(
                h if i == viewer or not h else ("M" if h != "M" else "S")
                for i, h in enumerate(s.hands)
            )
            out.append(dataclasses.replace(s, hands=hands, deck=tuple(reversed(s.deck))))
        return out

    cache.clear()  # (the news is kept under the position: tell it afresh)
    with mock.patch.object(changes, "game_states", secrets_changed):
        other = changes.since(game, viewer, moves)
    assert calls == [game.pk]  # told afresh from the changed states
    assert other.changes.lines == told.changes.lines
    assert other.changes.marks == told.changes.marks


def test_the_news_replays_the_moves_the_page_has_read(django_assert_num_queries):
    """A page reads its move list once: the news replays the game from it, and tells
    what a replay read from the database tells."""
    from games import presenters, selectors

    users = [UserFactory() for _ in range(3)]
    game = play_random(start_game("trias", users), stop=lambda g: g.version >= 12, seed=4)
    viewer = game.to_move[0]
    stored = selectors.move_list(game)
    moves = presenters.move_rows(game, viewer, stored)
    read_again = changes.since(game, viewer, moves)
    cache.clear()
    played = [(m["ply"], m["seat"], m["action"]) for m in stored]
    with django_assert_num_queries(0):
        told = changes.since(game, viewer, moves, played=played)
    assert told is not None
    assert (told.first, told.last) == (read_again.first, read_again.last)
    assert told.changes.lines == read_again.changes.lines
    assert told.changes.marks == read_again.changes.marks


def test_a_hidden_lead_declaration_is_never_told_before_its_reveal():
    """TT10: round 3's lead areas are chosen in secret and revealed together."""
    alice, bob = UserFactory(), UserFactory()
    game = start_game("tritarea", [alice, bob], num_players=2)

    def declared_hidden(g):
        last = g.moves.order_by("-ply").first()
        return last is not None and last.action.startswith("lead ") and g.to_move

    game = play_random(game, stop=declared_hidden, seed=1)
    last = game.moves.order_by("-ply").first()
    card = last.action.split()[1].partition("=")[0]
    other = next(s for s in game.seats.all() if s.user_id and s.index != last.seat)
    assert other.index in game.to_move  # the other still chooses: nothing revealed
    html = page(signed_in(other.user), game)
    box = since_box(html)
    assert box and "chooses a lead area in secret" in box
    # (the same card may have been played or declared in an earlier round: look for
    # this declaration's words)
    assert f"lead area {card}" not in box and f"lead {card}" not in box
    assert card not in box.partition("chooses a lead area in secret")[2].partition("</li>")[0]
    replay = signed_in(other.user).get(f"{reverse('game_replay', args=[game.pk])}?from=0")
    assert replay.status_code == 200
    assert f"lead {card}" not in replay.content.decode()


# --- spectators -------------------------------------------------------------------------------


def test_a_spectator_is_told_what_changed_since_their_last_visit():
    alice, bob, carol = UserFactory(), UserFactory(), UserFactory()
    game = play_random(start_game("triad", [alice, bob]), stop=lambda g: g.version >= 4)
    watcher = signed_in(carol)
    first = text(since_box(page(watcher, game)))
    # A first look: the latest turn, and the visit is recorded.
    assert first.startswith("Since your last visit:")
    assert Visit.objects.get(game=game, user=carol).seen_version == game.version
    game = play_random(game, stop=lambda g: g.version >= 6)
    moves = list(game.moves.filter(ply__gt=4).order_by("ply"))
    html = page(watcher, game)
    box = text(since_box(html))
    for move in moves:
        assert move.description_shown.rstrip(".") in box
    assert len(marks(html)) >= 2
    # A reload tells the same news until more moves come.
    assert text(since_box(page(watcher, game))) == box
    # Someone not signed in sees the latest turn.
    anonymous = text(since_box(page(Client(), game)))
    assert anonymous.startswith("The latest turn:")
    assert moves[-1].description_shown.rstrip(".") in anonymous


def test_a_player_keeps_the_news_while_taking_their_turn():
    """The news is the others' moves before this turn: a player's own first actions of
    the turn do not wipe it (Trias turns are many actions)."""
    users = [UserFactory() for _ in range(3)]
    game = play_random(start_game("trias", users), stop=lambda g: g.version >= 12, seed=7)
    seat = game.to_move[0]
    user = due_user(game)
    before = text(since_box(page(signed_in(user), game)))
    assert before
    state = load_state(game)
    action = game.engine_module.legal_actions(state, seat)[0]
    services.move_play(game_id=game.pk, user=user, action=action, expected_version=game.version)
    game.refresh_from_db()
    assert seat in game.to_move  # (the turn goes on)
    replays = []
    real = changes.game_states

    def counted(g, **kwargs):
        replays.append(g.pk)
        return real(g, **kwargs)

    with mock.patch.object(changes, "game_states", counted):
        assert text(since_box(page(signed_in(user), game))) == before
    assert replays == []  # the same news, kept: the game is not replayed for it


def test_the_turn_email_sums_up_a_round_that_ended(settings):
    """The round summary reaches players who read their turn by email too."""
    from mail.sending import compose

    settings.SITE_URL = "https://tripost.test"
    alice, bob = UserFactory(), UserFactory()
    game = start_game("tritarea", [alice, bob], num_players=2)

    def round_over(g):
        return len(load_state(g).scoring) >= 1

    game = play_random(game, stop=round_over, seed=5)
    last = game.moves.order_by("-ply").first()
    viewer = next(s for s in game.seats.all() if s.user_id and s.index != last.seat)
    mail = compose.turn_email(viewer.user, [compose.game_section(game, viewer.user)])
    assert "Round 1 is over: the scoring" in mail.body
    for area in ("Intelligent", "Modern", "Ecology", "Happiness"):
        assert f"  - {area}: " in mail.body
    assert "Scores now: " in mail.body
    [(html, _mime)] = mail.alternatives
    assert "Round 1 is over: the scoring" in html and "Building rights won this round" in html


def test_after_their_own_move_a_player_is_told_only_what_came_since():
    """News is what happened since the player's last action: once they have moved and
    wait, the old news is gone; the next opponent move is news again."""
    alice, bob = UserFactory(), UserFactory()
    game = play_random(start_game("triad", [alice, bob]), stop=lambda g: g.version >= 4)
    user = due_user(game)
    client = signed_in(user)
    assert since_box(page(client, game))
    game = play_random(game, stop=lambda g: g.to_move and seat_user(g, g.to_move[0]) != user)
    assert since_box(page(client, game)) == ""
    game = play_random(game, stop=lambda g: g.to_move and seat_user(g, g.to_move[0]) == user)
    last = game.moves.order_by("-ply").first()
    assert last.description_shown.rstrip(".") in text(since_box(page(client, game)))


def test_a_long_absence_tells_the_latest_moves_and_counts_the_rest():
    players = [UserFactory() for _ in range(5)]
    carol = UserFactory()
    game = play_random(start_game("trias", players), stop=lambda g: g.version >= 90, seed=1)
    assert game.version > changes.MAX_PLIES
    Visit.objects.create(game=game, user=carol, seen_version=0, since_version=0)
    html = page(signed_in(carol), game)
    box = since_box(html)
    assert f'data-since-first="{game.version - changes.MAX_PLIES + 1}"' in box
    earlier = re.search(r"Earlier events, in the move list: (\d+)", text(box))
    assert earlier and int(earlier.group(1)) >= game.version - changes.MAX_PLIES
    # Many events: the latest three in sight, the rest folded a click away, so the turn
    # and its choices stay beside the board on a desktop.
    in_sight = box.split("</details></li>")[-1].split("</ul>")[0]
    listed = re.findall(r"<li>", in_sight)
    folded = re.search(r"<summary>(\d+) earlier events</summary>", box)
    assert folded and int(folded.group(1)) >= 2 and len(listed) == 3


def test_a_replay_marks_the_viewers_own_card_on_the_move_that_played_it():
    """A replay step marks the move shown whoever made it: the viewer's own card too."""
    alice, bob = UserFactory(), UserFactory()
    game = start_game("tritarea", [alice, bob], num_players=2)
    humans = {s.index for s in game.seats.all() if s.user_id}

    def own_card(g):
        last = g.moves.order_by("-ply").first()
        return last is not None and last.action.startswith("p ") and last.seat in humans

    game = play_random(game, stop=own_card, seed=3)
    last = game.moves.order_by("-ply").first()
    client = signed_in(seat_user(game, last.seat))
    url = reverse("game_replay", args=[game.pk])
    html = client.get(url, {"ply": last.ply}).content.decode()
    assert ("played", str(last.seat)) in marks(html), html
