"""Rendered pages, cached under everything they show.

A game page is read far more often than it changes: players reload it, come back from
an email, keep it open while the others think; My games is every player's home page.
Drawing them (engine view, legal actions, SVG board, move lists, templates) costs ten
bare requests, so the rendered HTML is kept in the cache under a key made of all it
depends on, read from rows the view loads anyway:

- the rows shown (for a game page: the game row and every seat row with its player's
  name and vacation flag), so any change the page could show (a move, a deadline, a
  draw offer, a resignation, a clock stopped for vacation) is a new key, with
  nothing to invalidate by hand;
- the viewer (the HTML holds their secrets, so it is never served to anyone else),
  their name and the count of games awaiting them (the site header), their language
  and time zone;
- whether a computer seat due is delayed (``computer_turns.is_delayed``: a time
  passing), and, only while the clocks stand still (an outage the sweep has not
  settled), the current minute: a clock that stands still has a deadline that moves.

Not the time: pages print times as absolute ``<time>`` elements that the browser words
relative to now ("2 days, 3 hours", static/js/times.js), so a page drawn once serves
every visit until something it shows changes.

Forms carry a placeholder in place of the CSRF token, swapped for the request's own
token on the way out, so cached HTML never holds anyone's token. Pages with an error
or a one-time message ("Invitation accepted.") are rendered afresh, never cached.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable

from django.conf import settings
from django.contrib import messages
from django.core.cache import cache
from django.middleware.csrf import get_token
from django.template import Context, engines
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.crypto import salted_hmac
from django.utils.safestring import SafeString, mark_safe

from games import clocks
from games.awaiting import awaiting_count, games_awaiting, know_awaiting
from games.changes import spectator_since
from games.computer import turns as computer_turns
from games.models import Controller, Game, GameStatus, Seat
from games.presenters import build_game_page, tab_title, viewer_seat

POLL_SECONDS = 20
# While a computer player is due, the page asks more often: its moves land in seconds.
COMPUTER_POLL_SECONDS = 2
# A key changes with what its page shows, never with the time (but while the clocks
# stand still); this only bounds the memory, and what My games' light key does not
# hold (``games.views.my_games``).
TTL_SECONDS = 24 * 3600
# Derived from the secret key: the same in every process sharing the cache, and not a
# string a player could put in their name to have it replaced.
CSRF_PLACEHOLDER = "csrf-" + salted_hmac("games.page_cache", "csrf placeholder").hexdigest()
REFUSED = "_refused"  # a page context's flag: the request asked for what is not there
# The game page's body is its live part, then the rest (help link, report form): the
# page template's partials ("live" and "rest", drawn by ``_render_game``).
GAME_PAGE = "games/detail.html"  # the body in the site's frame


# Columns no page shows: the snapshot (version and taken_back stand for it), when a
# player last looked (a first view writes it; the second must not miss for it), and
# the seed, which no page shows and no digest a viewer reads may be made of (the
# poll's stamp, ``stamp``).
UNSHOWN = {"state", "seed", "last_seen_version", "last_seen_at"}


def row(instance) -> tuple:
    """A model instance's loaded column values, but for ``UNSHOWN``."""
    deferred = instance.get_deferred_fields()
    return tuple(
        getattr(instance, f.attname)
        for f in instance._meta.concrete_fields
        if f.attname not in deferred and f.attname not in UNSHOWN
    )


def clocks_still() -> bool:
    """Whether every clock stands still now (an outage the sweep has not settled): the
    deadlines shown move with the time then (``clocks.effective_deadline``)."""
    return clocks.stopped_since(timezone.now()) is not None


def _key(name: str, user, facts: tuple) -> str:
    viewer = user.pk if user.is_authenticated else None
    # The page is in the viewer's language and zone: both are part of the key. The
    # minute only while the clocks stand still, when the deadlines shown move.
    minute = int(time.time() // 60) if clocks_still() else None
    shown_in = (timezone.get_current_timezone_name(), translation.get_language(), minute)
    digest = hashlib.blake2b(repr((facts, viewer, shown_in)).encode(), digest_size=20)
    return f"page:{name}:{digest.hexdigest()}"


class Refused(Exception):
    """A render found its request meaningless (a ``?select=`` that is no choice now):
    ``html`` is the page without it, and is cached under no key of the request's."""

    def __init__(self, html: str):
        self.html = html


def _cached(key: str | None, render: Callable[[], str], ttl: int = TTL_SECONDS) -> str:
    html = cache.get(key) if key else None
    if html is None:
        try:
            html = render()
        except Refused as refused:
            return refused.html
        if key:
            cache.set(key, html, ttl)
    return html


def _with_token(request, html: str) -> SafeString:
    return mark_safe(html.replace(CSRF_PLACEHOLDER, get_token(request)))


# What other apps show in the site header of every page (mail: the stopped-mail
# banner), as ``fact(request)`` callables they register at start-up: part of every
# whole page's key, so a cached page never shows an old banner.
HEADER_FACTS: list[Callable] = []


def page(
    request,
    name: str,
    facts: tuple,
    template: str,
    context: Callable[[], dict],
    ttl: int = TTL_SECONDS,
    also: dict | None = None,
) -> str:
    """The whole page ``template`` (site header included) for ``request.user``.

    ``facts``: everything the page shows besides the header, as plain values;
    ``context``: builds the template's context, called only when not cached (a true
    ``REFUSED`` in it: show the page, keep no entry). ``also``: other keys that
    ``context`` would read, read with the page's own in one round trip (their values
    put in it, ``None`` for a miss)."""
    user = request.user
    header = ()
    if user.is_authenticated:
        header = (user.name, awaiting_count(request), *(fact(request) for fact in HEADER_FACTS))
    fresh = len(messages.get_messages(request)) > 0
    key = None if fresh else _key(name, user, (facts, header))
    also = also if also is not None else {}
    keys = [k for k in (key, *also) if k]
    found = cache.get_many(keys) if keys else {}
    also.update({k: found.get(k) for k in also})
    html = found.get(key) if key else None
    if html is None:
        values = {**context(), "csrf_token": CSRF_PLACEHOLDER, "clocks_still": clocks_still()}
        html = render_to_string(template, values, request=request)
        if values.get(REFUSED):
            return _with_token(request, html)
        if key:
            cache.set(key, html, ttl)
    return _with_token(request, html)


# --- the game page ---------------------------------------------------------------------


def table_facts(game: Game, seats: list[Seat]) -> tuple:
    return (
        row(game),
        # Whether the computer is delayed changes with the time alone (page: a note).
        any(computer_turns.is_delayed(s) for s in seats if s.index in game.to_move),
        tuple(
            (row(s), s.user.username, s.user.display_name, s.user.on_vacation) if s.user else row(s)
            for s in seats
        ),
    )


def moving_deadlines(game: Game, seats: list[Seat]) -> int | None:
    """The current minute while a due player's clock stands still for their vacation,
    else None: their deadline shown moves with the time then (the page says how long
    is left, which does not), so it is part of the game page's key."""
    for s in seats:
        if s.index in game.to_move and s.user is not None and s.user.on_vacation:
            return int(time.time() // 60)
    return None


def _awaiting(request) -> int:
    return awaiting_count(request) if request.user.is_authenticated else 0


def stamp(request, game: Game, seats: list[Seat]) -> str:
    """A short digest of everything the live part shows ``request.user`` (the rows, and
    the count of games awaiting them in the tab's title): the poll answers "no change"
    while it is the same, without drawing anything."""
    viewer = request.user.pk if request.user.is_authenticated else None
    facts = (table_facts(game, seats), _awaiting(request), viewer)
    return hashlib.blake2b(repr(facts).encode(), digest_size=8).hexdigest()


def poll_seconds(game: Game, seats: list[Seat]) -> int:
    """How often a page waiting for others asks for news."""
    computer_due = any(s.controller == Controller.BOT and s.index in game.to_move for s in seats)
    return COMPUTER_POLL_SECONDS if computer_due else POLL_SECONDS


# The live part's pieces (games/detail.html), each drawn alone and put in its box; the
# board is the page's SVG itself. A move played with htmx answers with the pieces in
# ``MOVE_BOXES`` (each swapped into its box out of band) and the move list's new lines.
LIVE_PIECES = (
    *("meta", "error", "news", "turn", "legend", "actions", "players", "log", "moves"),
    "controls",
)
# piece -> the id of its box on the page
MOVE_BOXES = {
    "error": "live-error",
    "news": "news",
    "turn": "turn-box",
    "board": "board",
    "legend": "legend-part",
    "actions": "actions-part",
    "players": "players-part",
    "log": "log-part",
    "controls": "controls-part",
}


def _partial(name: str):
    """The game page's partial ``name``, as the template engine keeps it."""
    return engines["django"].engine.get_template(f"{GAME_PAGE}#{name}")


class Drawn:
    """One drawing of the game page's body: ``html`` (the live part, then the rest
    unless only the live part was asked for), ``live`` alone, whether ``selected`` was
    refused (no choice now), the ``page`` it was drawn from and its ``pieces``."""

    def __init__(self, html, live, refused, page, pieces):
        self.html, self.live, self.refused = html, live, refused
        self.page, self.pieces = page, pieces


def _render_game(
    request, game, seats, part: str, selected: str | None, error: str, awaiting, refusal=None
) -> Drawn:
    """The fragment as ``request.user`` sees it (``part``: "live", or "body": the live
    part then the rest). ``refusal``: a refused form's message and text, shown in that
    form (``"form"``: ``"typed"``, the typed move's box; ``"report"``, the report form
    in the rest)."""
    view = build_game_page(
        game,
        request.user,
        seats=seats,
        selected=selected,
        error=error,
        since_after=spectator_since(request, game, seats),
    )
    refused_form = (refusal or {}).get("form")
    context = {
        "page": view,
        "game": view.game,
        "guide": view.guide,
        "poll_seconds": poll_seconds(game, seats),
        "stamp": stamp(request, game, seats),
        "tab_title": tab_title(game, view.viewer_seat),
        "awaiting_count": awaiting,
        "SITE_NAME": settings.SITE_NAME,
        "user": request.user,
        "csrf_token": CSRF_PLACEHOLDER,
        "clocks_still": clocks_still(),
        # A refused typed move is told in its box, the move left there to mend; a
        # refused report in the report form.
        "typed": refusal if refused_form == "typed" and view.my_turn else None,
        "report": refusal if refused_form == "report" else None,
    }
    # An open game's page shows none of the playing pieces. All are drawn in one
    # context (a context a drawing, rather than one a piece).
    names = LIVE_PIECES if game.status != GameStatus.OPEN else ("meta", "error")
    drawing = Context(context)
    pieces = {}
    for name in names:
        with drawing.push():  # what a piece sets ({% url ... as %}) stays in it
            pieces[name] = _partial(name).render(drawing)
    pieces["board"] = mark_safe(view.board_svg)
    with drawing.push(parts=pieces):
        live = _partial("live").render(drawing)
    rest = _partial("rest").render(drawing) if part != "live" else ""
    refused = bool(selected) and not view.selected
    return Drawn(live + rest, live, refused, view, pieces)


def _fragment_key(
    request, game, seats, part: str, selected: str | None, awaiting, table: tuple = ()
) -> str:
    """``table``: ``table_facts``, if the caller has them."""
    # A spectator's news starts at their last visit: part of what the page shows.
    since = spectator_since(request, game, seats)
    table = table or table_facts(game, seats)
    facts = (table, moving_deadlines(game, seats), selected, awaiting, since)
    return _key(part, request.user, facts)


def _game_fragment(
    request,
    game,
    seats,
    part: str,
    selected: str | None,
    error: str,
    cached: bool = True,
    refusal=None,
) -> str:
    awaiting = _awaiting(request)

    def render():
        drawn = _render_game(request, game, seats, part, selected, error, awaiting)
        if drawn.refused:  # each made-up ``?select=`` value would be a cache entry of its own
            raise Refused(drawn.html)
        return drawn.html

    if error or refusal:  # a refusal's page is its viewer's alone: never cached
        return _render_game(request, game, seats, part, selected, error, awaiting, refusal).html
    if not cached:
        drawn = _drawn_and_kept(request, game, seats, awaiting)
        return drawn.live if part == "live" else drawn.html
    return _cached(_fragment_key(request, game, seats, part, selected, awaiting), render)


def _drawn_and_kept(request, game, seats, awaiting) -> Drawn:
    """The body of a position just made by the viewer's own move: nothing has it
    cached yet. They look at it next (the whole page, after My games), so it is kept
    for that view while drawn anyway."""
    drawn = _render_game(request, game, seats, "body", None, "", awaiting)
    key = _fragment_key(request, game, seats, "body", None, awaiting)
    cache.set(key, drawn.html, TTL_SECONDS)
    return drawn


def move_answer(request, game: Game, seats: list[Seat], *, seen: int) -> SafeString:
    """The answer to a move ``request.user`` played with htmx on a page of version
    ``seen``: only what a move can change, as htmx out-of-band swaps. Each piece of
    ``MOVE_BOXES`` into its box, the ``meta`` piece whole (the tab's title, the poll's
    stamp), and the move list's lines after ``seen`` added to it (the whole list when
    the page had none). The heading, the board's tools and the rest stay as they are.

    For a game still in play (a move that ends it changes the heading and more: the
    view answers with the whole live part). Drawn for this viewer alone, like every
    page: their secrets are in it, and it is never cached as it is; the body is kept
    for their next view (``_drawn_and_kept``)."""
    # Counted again: the count this request read before the move still holds this game.
    know_awaiting(request, games_awaiting(request.user))
    drawn = _drawn_and_kept(request, game, seats, _awaiting(request))
    pieces = drawn.pieces
    meta = '<span id="live-meta"'
    out = [pieces["meta"].replace(meta, meta + ' hx-swap-oob="true"', 1)]
    # The header's count: this game no longer awaits them (or now does, after a forced
    # step or a conditional reply brought their turn back).
    out.append(
        render_to_string(
            "_awaiting_badge.html", {"awaiting_count": _awaiting(request), "oob": True}
        )
    )
    out += [
        f'<div hx-swap-oob="innerHTML:#{box}">{pieces[name]}</div>'
        for name, box in MOVE_BOXES.items()
    ]
    if seen > 0 and drawn.page.moves:
        lines = drawn.page.moves_after(seen)
        out.append(f'<div hx-swap-oob="beforeend:#moves-list">{lines}</div>')
    else:
        out.append(f'<div hx-swap-oob="innerHTML:#moves-part">{pieces["moves"]}</div>')
    return _with_token(request, "\n".join(out))


def game_html(
    request,
    game: Game,
    seats: list[Seat],
    *,
    part: str = "body",
    selected: str | None = None,
    error: str = "",
    cached: bool = True,
    refusal: dict | None = None,
) -> SafeString:
    """The game page's ``body`` or its ``live`` part, as ``request.user`` may see it.

    ``seats``: the game's seats with their users, in seat order. ``cached=False`` for
    a position just made by the viewer's own move: nothing has it cached yet, and it
    is drawn whole, its body kept for the whole page they open next."""
    html = _game_fragment(request, game, seats, part, selected, error, cached, refusal)
    return _with_token(request, html)


def game_page(request, game: Game, seats: list[Seat], *, selected: str | None = None) -> str:
    """The whole game page."""
    table = table_facts(game, seats)
    # A body kept by the viewer's move (``game_html``), read with the page's own key;
    # else drawn here: the whole page is cached, so it needs no entry of its own.
    awaiting = _awaiting(request)
    body_key = _fragment_key(request, game, seats, "body", selected, awaiting, table)
    kept = {body_key: None}

    def context():
        body = kept[body_key]
        refused = False
        if body is None:
            drawn = _render_game(request, game, seats, "body", selected, "", awaiting)
            body, refused = drawn.html, drawn.refused
        me = viewer_seat(game, seats, request.user)
        return {
            "game": game,
            "body": mark_safe(body),
            "tab_title": tab_title(game, me),
            REFUSED: refused,
        }

    facts = (
        table,
        moving_deadlines(game, seats),
        selected,
        spectator_since(request, game, seats),
    )
    return page(request, "game", facts, GAME_PAGE, context, also=kept)
