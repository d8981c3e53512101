"""The list filters drawn in Python: escaped like any template output."""

from types import SimpleNamespace

from games.templatetags.game_tags import action_buttons, options, seat_names


def test_seat_names_mark_who_is_due_and_escape_names():
    seats = [
        SimpleNamespace(name="Alice", is_due=True),
        SimpleNamespace(name="<b>Bob</b>", is_due=False),
    ]
    assert seat_names(seats) == (
        '<span class="seat-name due">Alice</span>, '
        '<span class="seat-name">&lt;b&gt;Bob&lt;/b&gt;</span>'
    )


def test_options_escape_each_action():
    assert options(["d a1 b2", 'x "<y>" & z']) == (
        "<option>d a1 b2</option><option>x &quot;&lt;y&gt;&quot; &amp; z</option>"
    )


def test_action_buttons_escape_each_action():
    assert action_buttons(['a "b"']) == (
        '<button type="submit" name="action" value="a &quot;b&quot;" class="secondary action">'
        "a &quot;b&quot;</button>"
    )
