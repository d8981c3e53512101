"""One email of every kind, built through ``mail.sending.compose`` (by way of the outbox's own
dispatch, ``mail.tasks._message``) from real game positions, for the checks every
kind must pass: the spam score, the HTML part, the screenshots.

Every kind in ``mail.models.Kind`` is covered without a change here: a kind added
later is built from an outbox row on a running game (its payload from
``KIND_PAYLOADS`` when it needs one), so a new kind cannot escape the checks.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.core.mail import EmailMultiAlternatives
from django.db import transaction

from games import services
from games.models import Game, Move
from mail import tasks
from mail.models import Kind, Notification
from mail.sending import compose, guests
from tests.factories import UserFactory, due_seat, play_first_legal, start_game

# What an outbox row of a kind carries (as its receiver writes it); kinds not listed
# are built from an empty payload.
KIND_PAYLOADS: dict[str, dict] = {
    Kind.TIMEOUT: {"who": "Bob", "you": False},
    Kind.REPLY: {"reason": "that is not a legal move now", "move": "a1-a9"},
    Kind.DRAW_OFFER: {"by": "Alice"},
}


# The one email that is no outbox row of a player (``mail.sending.guests``).
GUEST_INVITATION = "guest_invitation"


@dataclass
class Specimen:
    label: str
    kind: str
    build: Callable[[], EmailMultiAlternatives]


def _played(game: Game, moves: int) -> Game:
    """``game`` after ``moves`` moves (fewer if it would end), so emails list moves."""
    for _ in range(moves):
        seat = due_seat(game)
        if seat is None or seat.user is None:
            break
        play_first_legal(game, seat)
    game.refresh_from_db()
    return game


def _due_on(game: Game, user) -> Game:
    """Play on until ``user`` is to move."""
    for _ in range(6):
        seat = due_seat(game)
        if seat is not None and seat.user_id == user.pk:
            return game
        play_first_legal(game, seat)
    raise AssertionError(f"{user} never came to move in game {game.pk}")


def _row(kind: str, user, game: Game | None, seat=None, payload=None) -> Notification:
    return Notification(
        user=user,
        kind=kind,
        game=game,
        seat=seat,
        payload=KIND_PAYLOADS.get(kind, {}) if payload is None else payload,
    )


def _turn(game: Game) -> EmailMultiAlternatives:
    seat = due_seat(game)
    return compose.turn_email(seat.user, [compose.game_section(game, seat.user)])


# Why a reply was not played, as the reply handling said it in the player's language.
REPLY_REASONS = {
    "": ("that is not a legal move now", "no game is named"),
    "de": ("das ist jetzt kein erlaubter Zug", "es ist keine Partie genannt"),
}
# What a player writes in the chat, in the players' language (their own words).
CHAT_TEXT = {"": "Good luck, and take your time!", "de": "Viel Glück, und lass dir Zeit!"}


def specimens(settings, *, pictures: bool = True, language: str = "") -> list[Specimen]:
    """Every kind of email, from games set up here (call inside a test with the db);
    ``language``: every player's (``User.language``; "" follows the site: English)."""
    settings.MAIL_BOARD_PNG = pictures
    names = ["Alice", "Bob", "Carol", "Mallory", "Dave"]
    alice, bob, carol, mallory, dave = (
        UserFactory(username=n.lower(), display_name=n, language=language) for n in names
    )
    with transaction.atomic():
        triad = _played(start_game(alice, bob), 3)
        trias = _played(start_game(alice, bob, carol, engine="trias"), 2)
        tritarea = _played(start_game(carol, mallory, engine="tritarea"), 1)
        digest_games = [
            _due_on(start_game(dave, other, days_per_move=days), dave)
            for other, days in ((alice, 2), (bob, 3), (carol, 5))
        ]
        ended = _played(start_game(carol, mallory), 1)
        services.game_resign(game_id=ended.pk, user=mallory)
        ended.refresh_from_db()
        # An invitation by email to an address with no account (mail.sending.guests).
        invited = services.game_create(
            creator=alice,
            engine="trias",
            num_players=3,
            options={},
            days_per_move=3,
            invitees=[bob],
            addresses=["friend@example.net"],
            is_public=False,
        )
        guest_row = invited.email_invitations.get()

    def turn_without_picture(game):
        def build():
            settings.MAIL_BOARD_PNG = False
            try:
                return _turn(game)
            finally:
                settings.MAIL_BOARD_PNG = pictures

        return build

    def digest(games):
        return lambda: compose.digest_email(dave, [compose.game_section(g, dave) for g in games])

    found = [
        Specimen("invitation by email", GUEST_INVITATION, lambda: guests.email(guest_row)),
        Specimen("turn, Triad", Kind.TURN, lambda: _turn(triad)),
        Specimen("turn, Trias", Kind.TURN, lambda: _turn(trias)),
        Specimen("turn, Tri*T*Area", Kind.TURN, lambda: _turn(tritarea)),
        Specimen("turn, Triad, no picture", Kind.TURN, turn_without_picture(triad)),
        Specimen("turn, Trias, no picture", Kind.TURN, turn_without_picture(trias)),
        Specimen(
            "turn, two games",
            Kind.TURN,
            lambda: compose.turn_email(
                dave, [compose.game_section(g, dave) for g in digest_games[:2]]
            ),
        ),
        Specimen("digest, one game", Kind.DIGEST, digest(digest_games[:1])),
        Specimen("digest, three games", Kind.DIGEST, digest(digest_games)),
        Specimen(
            "timeout, your seat",
            Kind.TIMEOUT,
            lambda: tasks._message(
                [_row(Kind.TIMEOUT, bob, trias, payload={"who": "Bob", "you": True})], bob
            ),
        ),
        Specimen(
            "reply, no game",
            Kind.REPLY,
            lambda: tasks._message(
                [_row(Kind.REPLY, alice, None, payload={"reason": REPLY_REASONS[language][1]})],
                alice,
            ),
        ),
    ]
    # A chat email quotes the messages its reader has not seen: there must be one.
    from chat import services as chat

    reader = due_seat(triad)
    writer = next(s.user for s in triad.seats.all() if s.user_id != reader.user_id)
    chat.message_post(game=triad, user=writer, text=CHAT_TEXT[language])
    found.append(
        Specimen(
            "chat, one message",
            Kind.CHAT,
            lambda: tasks._message([_row(Kind.CHAT, reader.user, triad, reader)], reader.user),
        )
    )
    # A conditional move's notice names two real moves: the reader's last one, as if
    # played for them, and the opponent's before it (planning.notices writes the plies).
    last = Move.objects.filter(game=triad).order_by("-ply").first()
    before = (
        Move.objects.filter(game=triad, ply__lt=last.ply)
        .exclude(seat=last.seat)
        .order_by("-ply")
        .first()
    )
    planner = triad.seats.get(index=last.seat)
    planned = {"their_ply": before.ply, "my_ply": last.ply, "over": False}
    found.append(
        Specimen(
            "conditional move played",
            Kind.CONDITIONAL,
            lambda: tasks._message(
                [_row(Kind.CONDITIONAL, planner.user, triad, planner, planned)], planner.user
            ),
        )
    )
    covered = {Kind.TURN, Kind.DIGEST, Kind.CHAT, Kind.CONDITIONAL}
    for kind in Kind.values:  # every other kind, from an outbox row as the sender sees it
        if kind in covered:
            continue
        game = ended if kind == Kind.RESULT else triad
        seat = due_seat(game) if game.status == "active" else None
        user = seat.user if seat else carol

        payload = None
        if kind == Kind.REPLY:
            payload = {**KIND_PAYLOADS[kind], "reason": REPLY_REASONS[language][0]}

        def build(kind=kind, game=game, seat=seat, user=user, payload=payload):
            return tasks._message([_row(kind, user, game, seat, payload)], user)

        found.append(Specimen(f"{kind}", kind, build))
    return found
