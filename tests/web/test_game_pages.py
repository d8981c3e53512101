"""Pages and partials: what each viewer sees and what each request may change."""

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games import services
from games.models import GameStatus, Move
from games.replay import load_state
from tests.factories import UserFactory
from tests.web.helpers import open_game, play_random, seat_user, start_game

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def triad():
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    return start_game("triad", [alice, bob])


def client_for(user, **kwargs):
    client = Client(**kwargs)
    client.force_login(user)
    return client


def mover(game):
    return seat_user(game, game.to_move[0])


def waiter(game):
    return seat_user(game, 1 - game.to_move[0])


def first_action(game):
    return game.engine_module.legal_actions(load_state(game), game.to_move[0])[0]


def test_the_game_page_shows_board_turn_deadline_and_legal_actions(triad):
    response = client_for(mover(triad)).get(reverse("game_detail", args=[triad.pk]))
    html = response.content.decode()
    assert response.status_code == 200
    assert "<svg" in html and "Your turn." in html
    # The deadline as an absolute time in the viewer's zone, which the browser words as
    # the time left (static/js/times.js); the page holds no relative time of its own.
    assert re.search(
        r'You have until <time datetime="[-\dT:+]+" title="[^"]+" '
        r'data-relative="%\(when\)s \(%\(left\)s\)">\w{3} \d+ \w{3}, \d\d:\d\d \w+</time>\.',
        html,
    )
    assert "Move one of your dice: pick a die, then the square it moves to." in html
    die = first_action(triad)[:2]
    assert f'name="select" value="{die}"' in html  # the first of two steps without the board
    picked = client_for(mover(triad)).get(reverse("game_detail", args=[triad.pk]), {"select": die})
    assert f'value="{first_action(triad)}"' in picked.content.decode()  # then its target


def poll_url(html: str) -> str:
    return re.search(r'hx-get="([^"]+/poll[^"]+)"', html).group(1).replace("&amp;", "&")


def test_every_open_page_polls_for_changes_on_its_turn_too(triad):
    """A resignation or a draw offer can come while it is my turn."""
    html = client_for(mover(triad)).get(reverse("game_detail", args=[triad.pk])).content.decode()
    assert f"/games/{triad.pk}/poll?stamp=" in html


def test_a_draw_offer_reaches_the_opponents_open_page(triad):
    """Issue 11: "a draw offer never reaches the opponent's open page"."""
    client = client_for(mover(triad))
    url = poll_url(client.get(reverse("game_detail", args=[triad.pk])).content.decode())
    assert client.get(url, **HTMX).status_code == 204
    services.draw_offer(game_id=triad.pk, user=waiter(triad))
    response = client.get(url, **HTMX)
    assert response.status_code == 200
    assert "Your opponent offers a draw." in response.content.decode()


def test_a_resignation_updates_heading_controls_and_replay_link(triad):
    client = client_for(mover(triad))
    url = poll_url(client.get(reverse("game_detail", args=[triad.pk])).content.decode())
    services.game_resign(game_id=triad.pk, user=waiter(triad))
    html = client.get(url, **HTMX).content.decode()
    assert "<h1>Triad" in html and "Finished" in html.split("</h1>")[0]
    assert ">Resign</button>" not in html and "Offer a draw" not in html
    assert reverse("game_resign", args=[triad.pk]) not in html
    assert reverse("game_replay", args=[triad.pk]) in html
    assert "/poll" not in html  # a finished game stops polling


def test_the_tab_title_says_whose_turn_with_the_count_of_games_awaiting_me(triad):
    html = client_for(mover(triad)).get(reverse("game_detail", args=[triad.pk])).content.decode()
    assert f"<title>(1) Your turn · Triad #{triad.pk} · Tripost</title>" in html
    html = client_for(waiter(triad)).get(reverse("game_detail", args=[triad.pk])).content.decode()
    assert f"<title>Triad #{triad.pk} · Tripost</title>" in html
    html = client_for(mover(triad)).get(reverse("lobby")).content.decode()
    assert "<title>(1) Lobby · Tripost</title>" in html  # words apart, on every page
    html = Client().get(reverse("home")).content.decode()
    assert "<title>Board games by email · Tripost</title>" in html


def test_deadlines_are_shown_in_the_viewers_time_zone(triad):
    user = mover(triad)
    user.time_zone = "Asia/Tokyo"
    user.save()
    html = client_for(user).get(reverse("game_detail", args=[triad.pk])).content.decode()
    assert "JST" in html


def test_the_waiting_player_gets_a_polling_page_without_actions(triad):
    html = client_for(waiter(triad)).get(reverse("game_detail", args=[triad.pk])).content.decode()
    assert "Waiting for" in html
    assert f"/games/{triad.pk}/poll?stamp=" in html
    assert "Your move" not in html


def test_the_poll_answers_no_change_cheaply_and_the_new_position_after_a_move(
    triad, django_assert_max_num_queries
):
    client = client_for(waiter(triad))
    url = poll_url(client.get(reverse("game_detail", args=[triad.pk])).content.decode())
    with django_assert_max_num_queries(4):
        assert client.get(url, **HTMX).status_code == 204
    services.move_play(
        game_id=triad.pk, user=mover(triad), action=first_action(triad), expected_version=0
    )
    response = client.get(url, **HTMX)
    assert response.status_code == 200
    assert "Your turn." in response.content.decode()


def test_a_move_posted_with_htmx_answers_with_its_changes_out_of_band(triad):
    client = client_for(mover(triad))
    action = first_action(triad)
    response = client.post(
        reverse("game_move", args=[triad.pk]), {"action": action, "version": 0}, **HTMX
    )
    assert response.status_code == 200
    assert response["HX-Reswap"] == "none"  # nothing swapped but the pieces below
    html = response.content.decode()
    assert html.lstrip().startswith('<span id="live-meta" hx-swap-oob="true"')
    assert '<div id="live"' not in html and "<html" not in html
    assert 'hx-swap-oob="innerHTML:#board"' in html
    # The page had no move list yet: the list comes whole, its one line in it.
    assert 'hx-swap-oob="innerHTML:#moves-part"' in html and '<li value="1"' in html
    assert Move.objects.get(game=triad).action == action


def test_a_move_typed_in_another_spelling_is_played_as_the_game_spells_it(triad):
    action = first_action(triad)  # e.g. "a1-a3=2"
    frm, to = action.split("=")[0].split("-")
    typed = f" {frm.upper()} - {to.upper()} = {'I' * int(action[-1])} "
    response = client_for(mover(triad)).post(
        reverse("game_move", args=[triad.pk]), {"action": typed, "version": 0}, **HTMX
    )
    assert response.status_code == 200
    assert Move.objects.get(game=triad).action == action


def test_a_move_posted_without_javascript_redirects_back(triad):
    response = client_for(mover(triad)).post(
        reverse("game_move", args=[triad.pk]), {"action": first_action(triad), "version": 0}
    )
    assert response.status_code == 302
    assert response["Location"] == reverse("game_detail", args=[triad.pk])


def test_an_illegal_move_gets_400_with_the_engines_reason_and_changes_nothing(triad):
    response = client_for(mover(triad)).post(
        reverse("game_move", args=[triad.pk]), {"action": "a1-a9=3", "version": 0}, **HTMX
    )
    assert response.status_code == 400
    assert 'role="alert"' in response.content.decode()
    triad.refresh_from_db()
    assert triad.version == 0


def test_a_forged_form_gets_400(triad):
    client = client_for(mover(triad))
    for data in ({"action": first_action(triad)}, {"version": "x", "action": "a"}, {}):
        response = client.post(reverse("game_move", args=[triad.pk]), data, **HTMX)
        assert response.status_code == 400
    triad.refresh_from_db()
    assert triad.version == 0


def test_a_stale_submission_is_told_the_game_moved_on_and_gets_the_fresh_board(triad):
    client = client_for(mover(triad))
    offered = triad.engine_module.legal_actions(load_state(triad), triad.to_move[0])
    first, other = offered[0], offered[1]  # both on the page drawn at version 0
    client.post(reverse("game_move", args=[triad.pk]), {"action": first, "version": 0}, **HTMX)
    response = client.post(
        reverse("game_move", args=[triad.pk]), {"action": other, "version": 0}, **HTMX
    )
    assert response.status_code == 409
    html = response.content.decode()
    assert "moved on" in html
    assert "Waiting for" in html  # the fresh position: now the opponent's turn
    assert Move.objects.filter(game=triad).count() == 1


def test_double_submission_applies_once_and_both_answers_succeed(triad):
    client = client_for(mover(triad))
    data = {"action": first_action(triad), "version": 0}
    first = client.post(reverse("game_move", args=[triad.pk]), data, **HTMX)
    second = client.post(reverse("game_move", args=[triad.pk]), data, **HTMX)
    assert (first.status_code, second.status_code) == (200, 200)
    assert Move.objects.filter(game=triad).count() == 1


def test_the_opponent_cannot_move_for_the_other_seat(triad):
    response = client_for(waiter(triad)).post(
        reverse("game_move", args=[triad.pk]), {"action": first_action(triad), "version": 0}
    )
    assert response.status_code == 400
    assert "not your turn" in response.content.decode()


def test_signed_out_visitors_cannot_post_moves(triad):
    response = Client().post(
        reverse("game_move", args=[triad.pk]), {"action": first_action(triad), "version": 0}
    )
    assert response.status_code == 302 and "login" in response["Location"]
    triad.refresh_from_db()
    assert triad.version == 0


def test_htmx_posts_need_the_csrf_token(triad):
    client = client_for(mover(triad), enforce_csrf_checks=True)
    url = reverse("game_move", args=[triad.pk])
    data = {"action": first_action(triad), "version": 0}
    assert client.post(url, data, **HTMX).status_code == 403
    page = client.get(reverse("game_detail", args=[triad.pk])).content.decode()
    token = re.search(r'"X-CSRFToken": "([^"]+)"', page).group(1)
    assert client.post(url, data, HTTP_X_CSRFTOKEN=token, **HTMX).status_code == 200


def test_selecting_a_die_lights_up_its_targets(triad):
    client = client_for(mover(triad))
    action = first_action(triad)  # e.g. "a1-a3=2"
    origin = action.split("-")[0]
    html = client.get(
        reverse("game_live", args=[triad.pk]) + f"?select={origin}", **HTMX
    ).content.decode()
    assert f'data-action="{action}"' in html


def test_an_unknown_game_is_404():
    user = UserFactory()
    assert client_for(user).get(reverse("game_detail", args=[4242])).status_code == 404
    assert client_for(user).get(reverse("game_poll", args=[4242]) + "?version=0").status_code == 404


def test_private_games_are_hidden_from_others():
    alice, bob, carol = UserFactory(), UserFactory(), UserFactory()
    game = start_game("triad", [alice, bob], is_public=False)
    assert client_for(carol).get(reverse("game_detail", args=[game.pk])).status_code == 404
    assert Client().get(reverse("game_detail", args=[game.pk])).status_code == 404
    assert client_for(bob).get(reverse("game_detail", args=[game.pk])).status_code == 200


def test_spectators_see_public_games_without_actions(triad):
    html = Client().get(reverse("game_detail", args=[triad.pk])).content.decode()
    assert "<svg" in html and "Your move" not in html and "data-action" not in html


def test_my_games_lists_my_turn_first_and_counts_it_in_the_header(triad):
    client = client_for(mover(triad))
    html = client.get(reverse("home")).content.decode()
    assert html.index("Your turn") < html.index(f"#{triad.pk}") < html.index("Waiting for others")
    assert 'title="Games awaiting your move">1<' in html


def test_invitations_are_accepted_from_my_games():
    alice, bob = UserFactory(), UserFactory()
    game = open_game(alice, "triad", 2, invitees=[bob], is_public=False)
    client = client_for(bob)
    html = client.get(reverse("home")).content.decode()
    assert "invites you" in html
    client.post(reverse("invitation_accept", args=[game.pk]))
    game.refresh_from_db()
    assert game.status == GameStatus.ACTIVE


def test_new_game_form_creates_a_game_with_options_and_invitations():
    alice, bob, carol = UserFactory(), UserFactory(), UserFactory()
    response = client_for(alice).post(
        reverse("game_new"),
        {
            "engine": "trias",
            "trias__players": "3",
            "days_per_move": "7",
            "invite": f"{bob.username}, {carol.username}",
            "is_public": "",
        },
    )
    assert response.status_code == 302
    game = alice.seats.get().game
    assert (game.engine, game.num_players, game.days_per_move, game.is_public) == (
        "trias",
        3,
        7,
        False,
    )
    assert set(game.seats.values_list("user__username", flat=True)) == {
        alice.username,
        bob.username,
        carol.username,
    }


def test_new_game_form_names_unknown_players():
    alice = UserFactory()
    response = client_for(alice).post(
        reverse("game_new"),
        {"engine": "triad", "triad__players": "2", "days_per_move": "3", "invite": "nobody"},
    )
    assert response.status_code == 400
    assert "No player called nobody" in response.content.decode()


def test_lobby_lists_open_public_games_to_join():
    alice, bob = UserFactory(), UserFactory()
    game = open_game(alice, "trias", 3)
    client = client_for(bob)
    assert f"#{game.pk}" in client.get(reverse("lobby")).content.decode()
    client.post(reverse("game_join", args=[game.pk]))
    assert game.seats.filter(user=bob).exists()


def test_the_lobby_lists_only_games_the_viewer_can_join():
    """Issue 11: not a full game, not the creator's own, not where invited."""
    alice, bob, carol, dave = (UserFactory() for _ in range(4))
    joinable = open_game(alice, "trias", 3)
    full = open_game(alice, "triad", 2, invitees=[carol])  # every seat taken, one to accept
    invited = open_game(alice, "trias", 3, invitees=[bob])
    mine = open_game(bob, "trias", 3)

    def listed(user):
        html = client_for(user).get(reverse("lobby")).content.decode()
        return {g.pk for g in (joinable, full, invited, mine) if f"#{g.pk}<" in html}

    assert listed(bob) == {joinable.pk}
    assert listed(carol) == {joinable.pk, invited.pk, mine.pk}
    assert listed(dave) == {joinable.pk, invited.pk, mine.pk}
    assert listed(alice) == {mine.pk}


def test_the_lobby_describes_a_time_bank_as_such():
    alice, bob = UserFactory(), UserFactory()
    services.game_create(
        creator=alice,
        engine="triad",
        num_players=2,
        options={},
        days_per_move=3,
        time_bank=(7, 1, 14),
        invitees=[],
        is_public=True,
    )
    html = client_for(bob).get(reverse("lobby")).content.decode()
    assert "Time bank: 7 days, plus 1 day per move, at most 14 days" in html
    assert "3 days per move" not in html


def test_finished_games_can_be_replayed_and_downloaded(triad):
    game = play_random(triad)
    client = client_for(seat_user(game, 0))
    replay = client.get(reverse("game_replay", args=[game.pk]) + "?ply=1")
    assert replay.status_code == 200
    assert "After move 1 of" in replay.content.decode()
    record = client.get(reverse("game_record", args=[game.pk])).json()
    assert record["seed"] == game.seed
    assert len(record["moves"]) == game.version
    assert record["players"][0]["player"] == seat_user(game, 0).username
    history = client.get(reverse("player_history", args=[seat_user(game, 0).username]))
    assert f"#{game.pk}" in history.content.decode()


def test_a_running_games_page_leads_to_its_replay_so_far(triad):
    """Issue 36: a player can step back through their own game in progress."""
    before = client_for(mover(triad)).get(reverse("game_detail", args=[triad.pk]))
    assert reverse("game_replay", args=[triad.pk]) not in before.content.decode()  # no moves
    game = play_random(triad, stop=lambda g: g.version >= 1)
    for client in (client_for(mover(game)), client_for(waiter(game)), Client()):
        html = client.get(reverse("game_detail", args=[game.pk])).content.decode()
        assert "Step back through the moves so far" in html
        replay = client.get(reverse("game_replay", args=[game.pk]))
        assert "This game is still in play." in replay.content.decode()
        assert client.get(reverse("game_record", args=[game.pk])).json()["status"] == "active"


def test_query_counts_do_not_grow_with_moves_or_games(django_assert_max_num_queries, settings):
    settings.MAX_GAMES_AWAITING = 100  # the seed may make alice start in most of them
    alice, bob = UserFactory(), UserFactory()
    games = [start_game("triad", [alice, bob]) for _ in range(3)]
    long_game = play_random(games[0], stop=lambda g: g.version >= 40)
    client = client_for(alice)
    with django_assert_max_num_queries(12):
        client.get(reverse("game_detail", args=[long_game.pk]))
    with django_assert_max_num_queries(12):
        client.get(reverse("home"))
    for _ in range(10):
        start_game("triad", [alice, bob])
    with django_assert_max_num_queries(12):
        client.get(reverse("home"))


@pytest.mark.parametrize("engine", ["triad", "trias", "tritarea"])
def test_each_game_has_a_help_page_with_its_notation(engine):
    html = Client().get(reverse("game_help", args=[engine])).content.decode()
    assert '<h3 id="notation">Writing a move</h3>' in html


@pytest.mark.parametrize("engine", ["triad", "trias", "tritarea"])
def test_site_rules_are_marked_as_the_sites_own(engine):
    html = Client().get(reverse("game_help", args=[engine])).content.decode()
    assert "Tripost's own rules" in html
    if engine == "triad":
        assert "80 moves in a row without a Triad" in html  # TD10 is a site rule


def test_an_unknown_game_has_no_help_page():
    assert Client().get(reverse("game_help", args=["chess"])).status_code == 404


def test_an_agreed_draw_reads_as_a_draw_not_two_wins(triad):
    alice, bob = seat_user(triad, 0), seat_user(triad, 1)
    services.draw_offer(game_id=triad.pk, user=alice)
    services.draw_answer(game_id=triad.pk, user=bob, accept=True)
    html = client_for(alice).get(reverse("game_detail", args=[triad.pk])).content.decode()
    assert "Drawn by agreement." in html and "The game is drawn." in html
    assert "wins." not in html


def test_a_page_view_that_tells_nothing_new_writes_nothing(triad):
    client = client_for(waiter(triad))
    url = reverse("game_detail", args=[triad.pk])
    client.get(url)  # first view records what was seen
    with CaptureQueriesContext(connection) as queries:
        client.get(url)
    assert not [q for q in queries if q["sql"].startswith("UPDATE")]


def test_my_games_lists_the_most_urgent_waiting_games_and_links_to_all(
    django_assert_max_num_queries,
):
    alice = UserFactory()
    games = []
    for _ in range(25):  # alice moves where she starts, so every game waits for others
        game = start_game("triad", [alice, UserFactory()])
        if seat_user(game, game.to_move[0]) == alice:
            services.move_play(
                game_id=game.pk, user=alice, action=first_action(game), expected_version=0
            )
        games.append(game)
    client = client_for(alice)
    with django_assert_max_num_queries(14):
        html = client.get(reverse("home")).content.decode()
    assert "All 25 games waiting for others" in html
    assert html.count('class="card game-row"') == 20
    everything = client.get(reverse("active_games")).content.decode()
    assert all(f"#{g.pk}<" in everything for g in games)


def test_my_games_names_inviters_fellow_players_computers_and_results():
    alice = UserFactory(display_name="Alice A.")
    bob, carol = UserFactory(display_name="Bob B."), UserFactory(display_name="Carol C.")
    open_game(alice, "triad", 2, invitees=[bob], is_public=False)
    solo = start_game("tritarea", [bob], num_players=2)  # one computer seat fills the table
    duel = play_random(start_game("triad", [carol, bob]))
    assert duel.status == GameStatus.FINISHED
    html = client_for(bob).get(reverse("home")).content.decode()
    invitations = html.split('id="invitations"')[1].split('id="finished"')[0]
    assert "<strong>Alice A.</strong> invites you" in invitations
    computer = solo.seats.exclude(user=bob).get()
    [row] = [r for r in html.split("<li") if f"#{solo.pk}<" in r]
    # The fellow players only: the computer seat by its name, never bob himself.
    assert computer.user is None and f">{computer.name}</span>" in row
    assert "Bob B." not in row
    finished = html.split('id="finished"')[1]
    won = duel.seats.get(user=bob).is_winner
    assert f"#{duel.pk}" in finished and (">Won<" in finished) == won


def test_a_players_history_says_won_or_lost_never_a_bare_rank(triad):
    game = play_random(triad)
    for seat in game.seats.select_related("user"):
        html = Client().get(reverse("player_history", args=[seat.user.username])).content
        words = "Won" if seat.is_winner else "Lost"
        assert f"<span>{words}</span>" in html.decode()
        assert "rank " not in html.decode()


def test_new_game_counts_people_in_the_singular_too():
    html = client_for(UserFactory()).get(reverse("game_new")).content.decode()
    assert ">1 person</option>" in html and ">2 people</option>" in html
    assert "1 people" not in html and ">2 players</option>" in html


def test_an_empty_move_list_says_so_without_a_number(triad):
    html = client_for(mover(triad)).get(reverse("game_detail", args=[triad.pk])).content.decode()
    moves = html.split('id="moves-h"')[1].split("</section>")[0]
    assert "No moves yet." in moves and "<li" not in moves


def test_the_favicon_is_served():
    assert Client().get("/favicon.ico").status_code == 200


def test_the_move_list_shows_each_move_numbered_with_its_words_escaped(triad):
    """Each move: its number, its notation, its description (also its tooltip), with
    any markup in the stored text shown as text, not taken as HTML."""
    play_random(triad, max_moves=3)
    Move.objects.filter(game=triad, ply=2).update(
        description='<b>"Bob" & co</b>', description_text={}
    )
    html = client_for(mover(triad)).get(reverse("game_detail", args=[triad.pk])).content.decode()
    moves = html.split('id="moves-h"')[1].split("</section>")[0]
    rows = re.findall(r'<li value="(\d+)" title="([^"]*)"><code>([^<]*)</code>', moves)
    assert [int(ply) for ply, _title, _action in rows] == [1, 2, 3]
    actions = list(Move.objects.filter(game=triad).order_by("ply").values_list("action", flat=True))
    assert [action for _ply, _title, action in rows] == actions
    escaped = "&lt;b&gt;&quot;Bob&quot; &amp; co&lt;/b&gt;"
    assert rows[1][1] == escaped and f'<span class="muted">{escaped}</span>' in moves
    assert "<b>" not in moves
