"""Emails, one small function per kind; each renders three templates (healthchecks):
``mail/<name>-subject.txt``, ``mail/<name>-body.txt`` and ``mail/<name>-body.html``.

Every email is rendered in the player's own language and time zone (the recipient's,
never the sender's or the request's: ``recipient``), carries a one-click
unsubscribe (RFC 8058 ``List-Unsubscribe`` + ``List-Unsubscribe-Post``) and a link to
the email preferences; links only ever lead to pages (a GET changes nothing).
"""

from __future__ import annotations

import contextlib
import contextvars
import hashlib
import logging
from collections import namedtuple
from contextlib import contextmanager
from dataclasses import dataclass, field
from email.utils import formataddr, make_msgid
from urllib.parse import urlsplit

from anymail.message import attach_inline_image
from django.conf import settings
from django.core.cache import cache
from django.core.mail import EmailMultiAlternatives
from django.db import connections, router
from django.db.models import F, Prefetch
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.functional import lazy
from django.utils.translation import gettext

from games import boards, clocks, results
from games.awaiting import awaiting_seats, games_awaiting
from games.models import Game, Move, Seat
from games.replay import load_state

from .. import signals
from . import game_texts, pictures, positions, tokens

log = logging.getLogger(__name__)


def language_of(user) -> str:
    """The language of a player's emails: their own choice (``User.language``), else
    the site's (English); never the sender's or the request's."""
    return getattr(user, "language", "") or settings.LANGUAGE_CODE


@contextmanager
def recipient(user):
    """Compose for ``user``: their language and time zone while the block runs (one
    override per email; the section and picture of each game are drawn inside it)."""
    language, zone = language_of(user), user.time_zone or "UTC"
    with translation.override(language), timezone.override(zone):
        yield


def absolute(path: str) -> str:
    return settings.SITE_URL + path


def site_domain() -> str:
    """The site's own domain (of ``SITE_URL``): Message-IDs and the List-Id are on it."""
    return urlsplit(settings.SITE_URL).hostname or settings.MAIL_REPLY_ADDRESS.rpartition("@")[2]


def message_id(key: str = "") -> str:
    """A Message-ID on the site's domain; ``key`` makes it stable (an outbox row's)."""
    if key:
        return f"<tripost.{key}@{site_domain()}>"
    return make_msgid("tripost", site_domain())


def list_id() -> str:
    """RFC 2919: every email of the site is one list, the site's notifications."""
    return f"{settings.SITE_NAME} notifications <notifications.{site_domain()}>"


@dataclass
class GameSection:
    """What an email says about one game for one player."""

    game: Game
    seat: Seat | None
    url: str
    opponents: list[str]
    moves_since: list[str] = field(default_factory=list)
    deadline: object = None
    time_left: object = None
    actions: list[str] = field(default_factory=list)
    too_many_actions: int = 0
    reply_address: str = ""
    board_png: bytes | None = None
    board_cid: str = ""
    time_control: str = ""
    # The position in words (beside the picture, and its alt text); the reader's view.
    position: list[str] = field(default_factory=list)
    deadline_note: str = ""  # why the deadline is where it is (games.clocks.deadline_note)

    @property
    def picture_alt(self) -> str:
        """The picture's alt text: the game, then what the board shows."""
        board = gettext("The board of %(title)s #%(number)s.") % {
            "title": self.game.title,
            "number": self.game.pk,
        }
        return " ".join([board, *self.position])

    # What other apps add (mail.signals.game_section_built): the chat's new messages.
    chat: list[str] = field(default_factory=list)
    # Rounds that ended since the player's last turn (Tri*T*Area): each area's
    # majority and points, the rights won, the scores (games.changes).
    round_summaries: list = field(default_factory=list)


# Part of the cache key: change it when the picture for the same SVG would change.
PNG_RENDERING = "lunasvg-560-white-dejavu-palette-layers-6"
# A picture is 10-30 kB; three hours of distinct pictures stay in the cache (Redis),
# long enough for the emails that repeat one: a reply to a refused emailed move, a
# reminder or digest soon after the turn email, a burst after an outage.
PNG_CACHE_SECONDS = 3 * 3600


def rasterise(svg: str, layers=None) -> bytes:
    """The PNG of an SVG board, 560 pixels wide on white (see ``mail.sending.pictures``);
    drawn from ``layers`` (the same board as ``games.boards.Layers``) when given."""
    if layers is None:
        return pictures.rasterise(svg)
    return pictures.rasterise_layers(layers, pictures.layers_key(layers))


def png_cache_key(svg: str) -> str:
    """The cache key of an SVG's picture: a digest of the SVG text itself.

    The SVG is drawn from one viewer's ``view(state, seat)``, so it holds exactly what
    that viewer may see; two viewers share a key only when they would get the very same
    picture, and one player's hidden hand can never reach another's email.
    """
    digest = hashlib.sha256(f"{PNG_RENDERING}\n{svg}".encode()).hexdigest()
    return f"mail:board-png:{digest}"


def svg_png(svg: str, layers=None) -> bytes:
    """The PNG of ``svg``, rasterised once per picture (shared cache, Redis in production).

    Pictures repeat: a reminder, a digest or the answer to a refused emailed move shows
    the position its turn email showed, and games dealt alike start from one picture.
    A cache that is down only costs the rendering. ``layers``: a function giving the
    same board as ``games.boards.Layers`` (or None), drawn from its base layer kept in
    this process and its tiles (``mail.sending.pictures.rasterise_layers``).
    """
    key = png_cache_key(svg)

    def draw() -> bytes:
        return rasterise(svg, layers() if layers is not None else None)

    try:
        png = cache.get(key)
    except Exception:
        log.warning("board picture cache unavailable", exc_info=True)
        return draw()
    if png is None:
        png = draw()
        try:
            cache.set(key, png, PNG_CACHE_SECONDS)
        except Exception:
            log.warning("board picture cache unavailable", exc_info=True)
    return png


def board_png(game: Game, seat_index: int | None, state=None) -> bytes | None:
    """The board as a PNG (mail clients do not show SVG), drawn from the seat's view."""
    return board_picture(game, seat_index, state)[0]


def board_picture(game: Game, seat_index: int | None, state=None) -> tuple[bytes | None, list]:
    """The board as a PNG (None when pictures are off) and the position in words, both
    from the seat's own view. A game whose board comes in layers (``games.boards
    .layers``) is drawn from them alone; the others from their whole SVG, as a picture
    (``games.boards.picture_svg``: no descriptions that are never drawn)."""
    if game.state is None:
        return None, []
    try:
        if state is None:
            state = load_state(game)
        view = game.engine_module.view(state, seat_index)
        layers = boards.layers(game.engine, view, seat=seat_index)
        if layers is not None:
            words = positions.describe(game.engine, view, title=layers.title)
            return (layers_png(layers) if settings.MAIL_BOARD_PNG else None), words
        svg = boards.picture_svg(game.engine, view, seat=seat_index)
        words = positions.describe(game.engine, view, svg)
        return (svg_png(svg) if settings.MAIL_BOARD_PNG else None), words
    except Exception:  # an email without a picture beats no email
        log.exception("could not draw the board of game %s", game.pk)
        return None, []


def layers_png(layers) -> bytes:
    """The PNG of a board in ``games.boards.Layers``, cached as ``svg_png`` caches a
    whole SVG's (under everything the layers draw: ``Layers.text``)."""
    text = layers.text()
    return svg_png(text, lambda: layers)


def _seats(game: Game) -> list[Seat]:
    """The game's seats with their players, by index (prefetched ones when there are)."""
    prefetched = getattr(game, "_prefetched_objects_cache", {}).get("seats")
    if prefetched is not None:
        return sorted(prefetched, key=lambda s: s.index)
    return list(game.seats.select_related("user").order_by("index"))


MOVE_FIELDS = (
    "ply",
    "seat",
    "action",
    "description",
    "description_text",
    "by_computer",
    "played_automatically",
)
MOVES_LISTED = 20  # the latest moves an email lists


def moves_since_own(game: Game, seat_index: int, limit: int = MOVES_LISTED) -> list:
    """The moves after the seat's last own move (not computer-played nor played
    automatically for them: ``Move.played_automatically``), at most the
    ``limit`` latest, oldest first: one query for the ``limit + 1`` latest moves (none
    inside ``one_batch``, which read them for every game of the batch), as rows with
    the fields an email shows (``ply``, ``seat``, ``action``, ``description`` and its
    message ``description_text``, ``by_computer``; no model instances to build)."""
    batch = _batch.get()
    if batch is not None and limit == MOVES_LISTED and game.pk in batch.moves:
        latest = batch.moves[game.pk]
    else:
        latest = list(
            Move.objects.filter(game=game)
            .order_by("-ply")
            .values_list(*MOVE_FIELDS, named=True)[: limit + 1]
        )
    since = []
    for move in latest:
        # (a step played for them is listed: the email says so in its description)
        if move.seat == seat_index and not move.by_computer and not move.played_automatically:
            break
        since.append(move)
    return list(reversed(since[:limit]))


LatestMove = namedtuple("LatestMove", ("game_id", *MOVE_FIELDS))


def latest_moves(game_ids, limit: int = MOVES_LISTED) -> dict[int, list]:
    """The ``limit + 1`` latest moves of each game, newest first, in one query: each
    game's own read backwards along its (game, ply) index and cut at ``limit + 1``, so
    a game of a thousand moves costs what one of twenty does (a row number over each
    game's moves, as before, read them all)."""
    latest: dict[int, list] = {pk: [] for pk in game_ids}
    if not latest:
        return latest
    # (written out: the ORM cannot put a LIMIT in each part of a UNION on SQLite; a raw
    # queryset makes the rows into moves as the ORM does, JSON and booleans converted)
    q = connections[router.db_for_read(Move)].ops.quote_name
    names = ("id", "game", *MOVE_FIELDS)
    columns = ", ".join(q(Move._meta.get_field(name).column) for name in names)
    one = (
        f"SELECT * FROM (SELECT {columns} FROM {q(Move._meta.db_table)}"
        f" WHERE {q('game_id')} = %s ORDER BY {q('ply')} DESC LIMIT %s) AS m{{n}}"
    )
    sql = " UNION ALL ".join(one.format(n=n) for n in range(len(latest)))
    params = [value for pk in sorted(latest) for value in (pk, limit + 1)]
    for move in Move.objects.raw(sql + " ORDER BY 2, 3 DESC", params):
        values = (getattr(move, name) for name in MOVE_FIELDS)
        latest[move.game_id].append(LatestMove(move.game_id, *values))
    return latest


@dataclass
class BatchReads:
    """What a batch of emails read once for all of them (``one_batch``)."""

    moves: dict[int, list] = field(default_factory=dict)  # game id: ``latest_moves``
    heartbeat: dict = field(default_factory=dict)  # the clock sweep's, once read


_batch: contextvars.ContextVar[BatchReads | None] = contextvars.ContextVar("batch", default=None)


@contextlib.contextmanager
def one_batch(games=()):
    """Emails written inside read once for the whole batch what they would each read:
    the clock sweep's heartbeat (``clocks.stopped_since``; a batch takes seconds, the
    heartbeat moves once a minute), the latest moves of ``games`` (one query instead of
    one an email), and what other apps read through ``signals.batch_started`` (the
    chat's). ``games``: every row's own instance of its game (what others read is kept
    on each). The moves are read as the batch starts, right after the claim read the
    games' rows, not seconds later as the batch's last emails are written."""
    games = [g for g in games if g is not None]
    outer = _batch.get()  # (a digest's batch inside the courier's: one heartbeat read)
    reads = BatchReads(moves=latest_moves({g.pk for g in games}))
    if outer is not None:
        reads.heartbeat = outer.heartbeat
    token = _batch.set(reads)
    try:
        if games:
            signals.batch_started.send(sender=BatchReads, games=games)
        yield
    finally:
        _batch.reset(token)


def stopped_since(now):
    """``clocks.stopped_since``, read once per ``one_batch``."""
    batch = _batch.get()
    if batch is None:
        return clocks.stopped_since(now)
    if "since" not in batch.heartbeat:
        batch.heartbeat["since"] = clocks.stopped_since(now)
    return batch.heartbeat["since"]


def game_section(game: Game, user, *, with_actions: bool = True) -> GameSection:
    """What an email says about ``game`` to ``user``, in their language and zone (the
    time control, the moves' descriptions, the picture's labels all follow it)."""
    with recipient(user):
        return _game_section(game, user, with_actions=with_actions)


def awaiting_sections(user, limit: int | None = None) -> list[GameSection]:
    """A section for each game awaiting ``user``'s move (digests, sent texts), or for
    the ``limit`` of them due soonest (by their seats' deadlines).

    Read once for all of them, not once a game: the seats with their games and players
    (two queries), the latest moves and which chats are empty (``one_batch``)."""
    seats = (
        awaiting_seats(user)
        .select_related("game")
        .prefetch_related(Prefetch("game__seats", queryset=Seat.objects.select_related("user")))
        .order_by(F("deadline").asc(nulls_last=True), "game_id")
    )
    games = [seat.game for seat in (seats if limit is None else seats[:limit])]
    with one_batch(games):
        return [game_section(game, user) for game in games]


def digest(user) -> EmailMultiAlternatives | None:
    """The daily digest: the ``MAIL_DIGEST_GAMES`` games awaiting ``user`` that are due
    soonest, then how many more there are and a link to all of them (an email, and
    its cost, the same for a player awaited in 600 games as in 10); None when no game
    awaits them."""
    shown = settings.MAIL_DIGEST_GAMES
    sections = awaiting_sections(user, limit=shown)
    if not sections:
        return None
    total = games_awaiting(user) if len(sections) >= shown else len(sections)
    return digest_email(user, sections, total=total)


def round_summaries(game: Game, seat_index: int) -> list:
    """The rounds that ended since the seat's last turn, as the game page sums them
    up (only what that seat's own views show)."""
    from games import changes
    from games.presenters import move_rows

    news = changes.since(game, seat_index, move_rows(game, seat_index))
    return list(news.summaries) if news else []


def _game_section(game: Game, user, *, with_actions: bool) -> GameSection:
    seats = _seats(game)
    seat = next((s for s in seats if s.user_id == user.pk), None)
    section = GameSection(
        game=game,
        seat=seat,
        url=absolute(game.get_absolute_url()),
        opponents=[s.name for s in seats if s is not seat],
        time_control=clocks.describe(game),
    )
    if seat is None or game.state is None:
        return section
    names = {s.index: s.name for s in seats}
    # (said to its own player only: the others never learn it was set in advance)
    conditional = " " + gettext("(your conditional move)")
    section.moves_since = [
        f"{names.get(m.seat, m.seat)}: {game_texts.move_description(m)}"
        + (conditional if m.seat == seat.index and m.played_automatically == "conditional" else "")
        for m in moves_since_own(game, seat.index)
    ]
    if game.status == "active" and game.draw_declined_for == seat.index:
        # Told here too: a correspondence player hears of the answer with their turn.
        section.moves_since.append(gettext("Your draw offer was declined."))
    if game.spec.rounds:
        section.round_summaries = round_summaries(game, seat.index)
    state = load_state(game)
    # A seat its person left (resigned, timed out) may be a computer's now, due and
    # holding cards: they get the public picture, and neither its moves nor a reply
    # address (``Seat.own_view``).
    own = seat.own_view
    if own is not None and seat.is_due and game.status == "active":
        now = timezone.now()
        outage = stopped_since(now)
        section.deadline = clocks.effective_deadline(seat, user, now, outage=outage)
        section.time_left = section.deadline - now
        section.deadline_note = clocks.deadline_note(seat, user, outage, game=game, yours=True)
        if with_actions:
            legal = game.engine_module.legal_actions(state, own)
            if len(legal) <= settings.MAIL_MAX_LISTED_ACTIONS:
                section.actions = list(legal)
            else:
                section.too_many_actions = len(legal)
        section.reply_address = tokens.reply_address(
            tokens.reply_token(game_id=game.pk, version=game.version, user_id=user.pk)
        )
    section.board_png, section.position = board_picture(game, own, state)
    signals.game_section_built.send(sender=GameSection, section=section, user=user, seat=seat)
    return section


def build(
    name: str,
    user,
    context: dict,
    *,
    reply_to: str = "",
    sections: list[GameSection] = (),
) -> EmailMultiAlternatives:
    unsubscribe = absolute(reverse("mail_unsubscribe", args=[tokens.unsubscribe_token(user.pk)]))
    preferences = absolute(reverse("player_settings"))
    message = EmailMultiAlternatives(
        to=[formataddr((user.name, user.email))],
        from_email=settings.DEFAULT_FROM_EMAIL,
        reply_to=[reply_to] if reply_to else None,
        headers={
            "Message-ID": message_id(),
            # One list, the site's notifications (RFC 2919), with its RFC 2369 links and
            # RFC 8058 one-click unsubscribe: what receivers and filters expect of it.
            "List-Id": list_id(),
            "List-Unsubscribe": f"<{unsubscribe}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            "List-Help": f"<{preferences}>",
            # RFC 3834: sent by a program, so auto-responders (vacation replies) stay quiet.
            "Auto-Submitted": "auto-generated",
            "X-Auto-Response-Suppress": "All",  # (Exchange's own way to say the same)
        },
    )
    for section in sections:
        if section.board_png:
            section.board_cid = attach_inline_image(  # (a PNG: no need to guess its type)
                message, section.board_png, filename=f"game-{section.game.pk}.png", subtype="png"
            ).strip("<>")
    ctx = {
        "user": user,
        "site_name": settings.SITE_NAME,
        "site_url": settings.SITE_URL,
        "settings_url": preferences,
        "unsubscribe_url": unsubscribe,
        "sections": sections,
        **context,
    }
    with recipient(user):
        # Text parts through the "text" engine (no HTML escaping), the HTML part escaped.
        subject = render_to_string(f"mail/{name}-subject.txt", ctx, using="text")
        message.subject = " ".join(subject.split())
        message.body = render_to_string(f"mail/{name}-body.txt", ctx, using="text")
        message.attach_alternative(render_to_string(f"mail/{name}-body.html", ctx), "text/html")
    return message


def turn_email(
    user, sections: list[GameSection], *, invitations=(), draw_offers=()
) -> EmailMultiAlternatives:
    """Turns, most urgent first; with the player's invitations and draw offers (pairs of
    game and who offers) waiting at the time, answered by their links."""
    sections = sorted(sections, key=lambda s: (s.deadline is None, s.deadline or 0))
    return build(
        "turn",
        user,
        {
            "invitations": [invitation(game) for game in invitations],
            "draw_offers": [draw_offer(game, by) for game, by in draw_offers],
        },
        reply_to=sections[0].reply_address if sections else "",
        sections=sections,
    )


def _answer_links(name: str, game: Game) -> dict:
    """Links to the pages that ask to confirm an answer (a GET changes nothing)."""
    page = absolute(reverse(name, args=[game.pk]))
    return {"accept_url": f"{page}?answer=accept", "decline_url": f"{page}?answer=decline"}


def invitation(game: Game) -> dict:
    seats = _seats(game)
    return {
        "game": game,
        "by": game.created_by.name if game.created_by else "",
        "players": [s.name for s in seats if s.user_id or s.invited_as],
        "open_seats": sum(
            1 for s in seats if s.user_id is None and s.controller == "human" and not s.invited_as
        ),
        "time_control": clocks.describe(game),
        "url": absolute(game.get_absolute_url()),
        **_answer_links("invitation_confirm", game),
    }


def draw_offer(game: Game, by: str) -> dict:
    return {
        "game": game,
        "by": by,
        "url": absolute(game.get_absolute_url()),
        **_answer_links("draw_confirm", game),
    }


def _reply_address(game: Game, user) -> str:
    return tokens.reply_address(
        tokens.reply_token(game_id=game.pk, version=game.version, user_id=user.pk)
    )


def invitation_email(user, game: Game) -> EmailMultiAlternatives:
    """Answered by its links or by replying ``accept`` or ``decline``."""
    return build(
        "invitation",
        user,
        {"invitation": invitation(game)},
        reply_to=_reply_address(game, user),
    )


def draw_offer_email(user, game: Game, by: str) -> EmailMultiAlternatives:
    """Answered by its links or by replying ``accept draw`` or ``decline draw``."""
    return build(
        "draw_offer",
        user,
        {"offer": draw_offer(game, by)},
        reply_to=_reply_address(game, user),
    )


def digest_email(
    user, sections: list[GameSection], *, total: int | None = None
) -> EmailMultiAlternatives:
    """``sections`` most urgent first; ``total``: how many games await the player in
    all (the digest says so and links to the rest when it is more than it shows)."""
    sections = sorted(sections, key=lambda s: (s.deadline is None, s.deadline or 0))
    total = len(sections) if total is None else max(total, len(sections))
    return build(
        "digest",
        user,
        {
            "total": total,
            "more": total - len(sections),
            "all_url": absolute(reverse("active_games") + "?show=due"),
        },
        reply_to=sections[0].reply_address if sections else "",
        sections=sections,
    )


def reminder_email(user, section: GameSection) -> EmailMultiAlternatives:
    return build(
        "reminder",
        user,
        {"section": section},
        reply_to=section.reply_address,
        sections=[section],
    )


def result_email(user, game: Game) -> EmailMultiAlternatives:
    seats = list(game.seats.select_related("user").order_by("index"))
    me = next((s for s in seats if s.user_id == user.pk), None)
    # Each seat's result in the reader's words (games.results; build() has switched to
    # their language by the time the templates draw ``rows``).
    rows = [(s, lazy(lambda s=s: results.seat_result(s, game).words, str)()) for s in seats]
    mine = results.seat_result(me, game).kind if me is not None else ""
    return build(
        "result",
        user,
        {
            "game": game,
            "rows": rows,
            "me": me,
            "my_result": mine,
            "url": absolute(game.get_absolute_url()),
        },
    )


def timeout_email(user, game: Game, payload: dict) -> EmailMultiAlternatives:
    return build(
        "timeout",
        user,
        {
            "game": game,
            "who": payload.get("who", ""),
            "you": payload.get("you", False),
            "url": absolute(game.get_absolute_url()),
        },
    )


def _read_lines(payload: dict) -> list[str]:
    """What was read as the player's own text, so they can see what went wrong."""
    lines = [line[:200] for line in (payload.get("read") or "").split("\n") if line]
    return lines[:20]


def reply_email(user, game: Game | None, payload: dict) -> EmailMultiAlternatives:
    section = None
    if game is not None and game.status == "active":
        section = game_section(game, user)
    return build(
        "reply",
        user,
        {
            "game": game,
            "reason": payload.get("reason", ""),
            "move": payload.get("move", ""),
            "read_lines": _read_lines(payload),
            "was_read": "read" in payload,
            "section": section,
            "url": absolute(game.get_absolute_url()) if game else settings.SITE_URL,
        },
        reply_to=section.reply_address if section else "",
        sections=[section] if section and section.seat and section.seat.is_due else [],
    )


def vacation_over_email(user) -> EmailMultiAlternatives:
    return build("vacation_over", user, {"allowance_days": settings.VACATION_DAYS_PER_YEAR})


def plural_count(amount) -> int:
    """The number that chooses a plural form for ``amount`` days (1.5 days left): gettext
    takes whole numbers only, and a fraction reads as plural in English and German."""
    return int(amount) if float(amount).is_integer() else 2


def vacation_day_email(user, payload: dict) -> EmailMultiAlternatives:
    """A day of automatic vacation was spent (games.clocks), with the games waiting."""
    days_left = payload.get("days_left", 0)
    waiting = []
    if user.on_vacation and user.vacation_started_at is not None:
        waiting = [
            {"title": f"{s.game.title} #{s.game_id}", "url": absolute(s.game.get_absolute_url())}
            for s in clocks.ran_out_seats(user).select_related("game")
        ]
    return build(
        "vacation_day",
        user,
        {
            "day": payload.get("day", 1),
            "days_left": days_left,
            "days_left_count": plural_count(days_left),
            "waiting": waiting,
        },
    )


def expired_email(user, game: Game) -> EmailMultiAlternatives:
    return build(
        "expired",
        user,
        {
            "game": game,
            "days": settings.LOBBY_OPEN_DAYS,
            "creator": game.created_by_id == user.pk,
            "new_game_url": absolute(reverse("game_new")),
            "url": absolute(game.get_absolute_url()),
        },
    )


def chat_email(user, game: Game) -> EmailMultiAlternatives | None:
    """New chat messages of one game (the player chose an email of their own for them);
    None when there is nothing they have not seen any more."""
    section = game_section(game, user, with_actions=False)
    if not section.chat:
        return None
    context = {
        "game": game,
        "section": section,
        "url": section.url,
        "chat_settings_url": absolute(reverse("chat_settings")),
    }
    return build("chat", user, context)


def conditional_news(game: Game, payload: dict) -> dict:
    """What a conditional move's notice says (``planning.conditional``), in the active
    language: who played what (``by``, ``theirs``), the reply played for the reader
    (``mine``), ``told``: the two as lines, and ``next``: whose turn it is now, or that
    the game is over. The payload
    names the two moves by ply; their descriptions are read in the reader's language."""
    plies = (payload.get("their_ply"), payload.get("my_ply"))
    moves = {m.ply: m for m in Move.objects.filter(game=game, ply__in=plies)}
    theirs, mine = moves.get(plies[0]), moves.get(plies[1])
    names = {s.index: s.name for s in _seats(game)}
    by = names.get(theirs.seat, "") if theirs is not None else ""
    news = {
        "by": by,
        "theirs": game_texts.move_description(theirs) if theirs is not None else "",
        "mine": game_texts.move_description(mine) if mine is not None else "",
    }
    # (a move's description is a whole clause, so each stands after a colon)
    news["told"] = [
        gettext("%(by)s played: %(theirs)s") % news,
        gettext("Your conditional move, played for you at once: %(mine)s") % news,
    ]
    if payload.get("over"):
        news["next"] = gettext("The game is over: see its result on the game's page.")
    else:
        news["next"] = gettext("Now it is %(by)s's turn again.") % news
    return news


def conditional_email(user, game: Game, payload: dict) -> EmailMultiAlternatives:
    """A conditional move the player had set was played for them (sent at once)."""
    with recipient(user):
        news = conditional_news(game, payload)
    return build(
        "conditional",
        user,
        {"game": game, "news": news, "url": absolute(game.get_absolute_url())},
    )
