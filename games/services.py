"""Flows that change games: create, join, start, play, undo, resign, draw, finish.

Every flow that changes a running game locks its row (``SELECT ... FOR UPDATE``) for
the whole transaction, so concurrent submissions are applied one after the other and
each sees the version the previous one left.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from django.conf import settings
from django.db import transaction
from django.db.models import F, Value
from django.db.models.functions import Greatest
from django.utils import timezone

from accounts.models import User
from games import (
    awaiting,
    clocks,
    invitations,
    lobby,
    registry,
    results,
    selectors,
    signals,
)
from games.awaiting import games_awaiting
from games.computer import choice
from games.computer import turns as computer_turns
from games.computer.levels import LEVELS
from games.engines import IllegalAction, Outcome, get_engine, seeded_rng
from games.engines import base as text
from games.errors import GameError, StaleMove
from games.i18n import stored
from games.models import Controller, Game, GameStatus, Move, ResultKind, Seat, SeatStatus
from games.permissions import draws_allowed, undoable
from games.replay import game_states, load_state


@dataclass(frozen=True)
class MoveResult:
    game: Game
    applied: bool  # False when this exact move had already been applied (a repeat)
    # The game's seats with their users as the move left them (None for a repeat).
    seats: list[Seat] | None = None


# --- helpers -------------------------------------------------------------------------


def seat_count(engine, num_players: int, options: dict) -> int:
    return registry.get(engine.name).seats(num_players, options)


def computer_seats(engine, num_players: int, options: dict) -> tuple[int, ...]:
    return registry.get(engine.name).rules_computer_seats(num_players, options)


def seat_labels(engine, num_players: int, options: dict) -> list[str]:
    count = seat_count(engine, num_players, options)
    spec = registry.get(engine.name)
    labels = spec.seat_labels(num_players, options) if spec.seat_labels else None
    return (
        list(labels)
        if labels
        else [text.gettext_lazy("Player %(n)s", n=i + 1) for i in range(count)]
    )


def _locked(game_id: int) -> Game:
    """The game row, locked until the transaction ends (``SELECT ... FOR UPDATE``)."""
    try:
        return Game.objects.select_for_update().get(pk=game_id)
    except Game.DoesNotExist:
        raise GameError(text.gettext_lazy("There is no such game.")) from None


def _locked_open(game_id: int) -> Game:
    """The locked game, if it still waits for players."""
    game = _locked(game_id)
    if game.status != GameStatus.OPEN:
        raise GameError(text.gettext_lazy("This game is no longer open."))
    return game


def _seat_of(game: Game, user: User, seats: list[Seat] | None = None) -> Seat:
    """``user``'s seat, from ``seats`` if the caller loaded them."""
    if seats is None:
        seat = game.seats.filter(user=user).first()
    else:
        seat = next((s for s in seats if s.user_id == user.pk), None)
    if seat is None:
        raise GameError(text.gettext_lazy("You are not playing in this game."))
    return seat


# --- creating and joining ------------------------------------------------------------


def can_be_rated(num_players: int) -> bool:
    """A rating compares players: a game needs two of them, people or computer players
    chosen at New game (``ratings.system``). Tri*T*Area for one person, alone against
    the rules' own computer seats, has one."""
    return num_players >= 2


@transaction.atomic
def game_create(
    *,
    creator: User,
    engine: str,
    num_players: int,
    options: dict | None,
    days_per_move: int,
    invitees: list[User],
    is_public: bool,
    time_bank: tuple[int, int, int] | None = None,
    rated: bool = True,
    computers: list[str] | tuple[str, ...] = (),
    weekends_off: bool = False,
    auto_vacation_allowed: bool = True,
    addresses: list[str] | tuple[str, ...] = (),
    bots_allowed: bool = False,
) -> Game:
    """A new game with the creator seated; invited players get seats to accept.

    ``addresses``: email addresses invited (``games.invitations``): a seat is kept for
    each, its player's if the address is one, else for whoever follows the emailed link.
    A bot account (``User.is_bot``) invites no address.

    ``computers``: a level (``games.computer.levels.LEVELS``) for each seat a computer
    player takes. Seats not given to an invitee or a computer stay open for anyone in
    the lobby (public games). The game starts as soon as every seat is filled and
    accepted: at once against computers alone. (Tri*T*Area's rulebook computer-run
    seats come on top of these, as the engine's rules say.)
    ``time_bank`` is ``(start days, increment days, cap days)`` for a time-bank clock
    (``games.clocks``); without it every move gets ``days_per_move``. With
    ``weekends_off`` no clock runs on Saturday and Sunday (each player's own zone).
    ``auto_vacation_allowed=False`` (a tournament's choice) forbids automatic
    vacation: there a player whose time runs out times out (``games.clocks``). A rated
    game always forbids it. A game that cannot be rated (``can_be_rated``) is created
    casual whatever ``rated`` says; the caller tells the player so.
    ``bots_allowed``: bot accounts (``User.is_bot``) may take a seat. A bot's own game,
    or one inviting a bot by name, allows them; a game that allows them is casual, as
    bots are not rated (see the README, "Bot accounts").
    """
    check_not_overloaded(creator)
    if is_public:
        lobby.check_open_games(creator)
    if time_bank is not None:
        try:
            clocks.validate_bank(*time_bank)
        except ValueError as exc:
            raise GameError(str(exc)) from None
    try:
        module = get_engine(engine)
    except KeyError as exc:
        raise GameError(str(exc.args[0])) from None
    if not module.min_players <= num_players <= module.max_players:
        raise GameError(
            text.gettext_lazy(
                "%(game)s is for %(low)s–%(high)s players, not %(n)s.",
                game=module.title,
                low=module.min_players,
                high=module.max_players,
                n=num_players,
            )
        )
    try:
        full_options = module.validate_options(num_players, options or {})
    except ValueError as exc:
        raise GameError(str(exc)) from None
    invitees = [u for u in dict.fromkeys(invitees) if u != creator]
    addresses = list(dict.fromkeys(invitations.normal(a) for a in addresses))
    if addresses and creator.is_bot:  # a program writing to strangers' inboxes: never
        raise GameError(text.gettext_lazy("A bot account cannot invite by email."))
    computers = list(computers)
    if any(level not in LEVELS for level in computers):
        raise GameError(text.gettext_lazy("Choose one of the listed computer levels."))
    others = num_players - 1
    if len(invitees) + len(addresses) + len(computers) > others:
        raise GameError(
            text.ngettext_lazy(
                "Too many invitations and computer players: this game has %(n)s other seat.",
                "Too many invitations and computer players: this game has %(n)s other seats.",
                others,
            )
        )
    if not is_public and len(invitees) + len(addresses) + len(computers) < others:
        raise GameError(
            text.gettext_lazy(
                "A private game needs an invitation or a computer player for every seat."
            )
        )

    bots_allowed = bots_allowed or creator.is_bot or any(u.is_bot for u in invitees)
    rated = rated and can_be_rated(num_players) and not bots_allowed
    game = Game.objects.create(
        engine=engine,
        num_players=num_players,
        options=full_options,
        seed=secrets.randbits(62),
        days_per_move=days_per_move,
        is_public=is_public,
        rated=rated,
        bots_allowed=bots_allowed,
        created_by=creator,
        weekends_off=weekends_off,
        auto_vacation_allowed=auto_vacation_allowed and not rated,
        **(
            {
                "time_control": "bank",
                "bank_start_days": time_bank[0],
                "bank_increment_days": time_bank[1],
                "bank_cap_days": time_bank[2],
            }
            if time_bank is not None
            else {}
        ),
    )
    # Human places are filled now; they are mapped to table seats when the game starts.
    Seat.objects.create(game=game, index=0, user=creator, accepted=True)
    for place, invitee in enumerate(invitees, start=1):
        invited = Seat.objects.create(game=game, index=place, user=invitee)
        signals.seat_invited.send(sender=Seat, seat=invited)
    invitations.check(inviter=creator, addresses=addresses)
    for place, address in enumerate(addresses, start=len(invitees) + 1):
        kept = invitations.keep_seat(game=game, place=place, address=address, inviter=creator)
        if kept.user_id is not None:  # a player's address: invited as by name
            signals.seat_invited.send(sender=Seat, seat=kept.seat)
        else:
            signals.address_invited.send(sender=Seat, invitation=kept)
    taken = len(invitees) + len(addresses)
    for place, level in enumerate(computers, start=taken + 1):
        Seat.objects.create(
            game=game, index=place, controller=Controller.BOT, bot_level=level, accepted=True
        )
    for place in range(taken + len(computers) + 1, num_players):
        Seat.objects.create(game=game, index=place)
    _start_if_full(game)
    return game


@transaction.atomic
def game_rematch(*, game_id: int, user: User) -> Game:
    """A new game like a finished one: the same game, options, clock and privacy, its
    other players invited again (each accepts or declines as any invitation) and its
    computer players at their levels. Offered by one of its players, once: while the
    rematch waits or runs, asking again is refused (a declined or expired one can be
    offered anew)."""
    game = _locked(game_id)
    seats = list(game.seats.select_related("user").order_by("index"))
    if not any(s.user_id == user.pk for s in seats):
        raise GameError(text.gettext_lazy("Only the players of this game can offer a rematch."))
    if game.status != GameStatus.FINISHED:
        raise GameError(text.gettext_lazy("A rematch can be offered once the game has finished."))
    if game.rematch_id is not None:
        earlier = Game.objects.only("status").get(pk=game.rematch_id)
        if earlier.status != GameStatus.ABORTED:
            raise GameError(
                text.gettext_lazy(
                    "A rematch of this game has been offered already: game #%(id)s.",
                    id=game.rematch_id,
                )
            )
    people = [s.user for s in seats if s.user_id is not None and s.user_id != user.pk]
    gone = next((p for p in people if not p.is_active), None)
    if gone is not None:
        raise GameError(
            text.gettext_lazy(
                "%(name)s no longer plays at this site: start a new game instead.",
                name=gone.name,
            )
        )
    bank = (
        (game.bank_start_days, game.bank_increment_days, game.bank_cap_days)
        if game.time_control == "bank"
        else None
    )
    rematch = game_create(
        creator=user,
        engine=game.engine,
        num_players=game.num_players,
        options=game.options,
        days_per_move=game.days_per_move,
        time_bank=bank,
        weekends_off=game.weekends_off,
        auto_vacation_allowed=game.auto_vacation_allowed,
        invitees=people,
        is_public=game.is_public,
        rated=game.rated,
        bots_allowed=game.bots_allowed,
        # The computer players chosen at New game (not a person's seat a computer took
        # over, nor the rules' own computer-run seats, which the engine adds again).
        computers=[
            s.bot_level for s in seats if s.user_id is None and s.controller == Controller.BOT
        ],
    )
    game.rematch = rematch
    game.save(update_fields=["rematch"])
    return rematch


@transaction.atomic
def game_join(*, game_id: int, user: User) -> Game:
    """Take an open seat of a public game in the lobby."""
    game = _locked_open(game_id)
    if game.seats.filter(user=user).exists():
        raise GameError(text.gettext_lazy("You already have a seat in this game."))
    if not game.is_public:
        raise GameError(text.gettext_lazy("This game is by invitation only."))
    check_bot_welcome(game, user)
    check_not_overloaded(user)
    seat = (
        game.seats.filter(user__isnull=True, controller=Controller.HUMAN, invited_as="")
        .order_by("index")
        .first()
    )
    if seat is None:
        raise GameError(text.gettext_lazy("Every seat of this game is taken."))
    seat.user = user
    seat.accepted = True
    seat.save(update_fields=["user", "accepted"])
    _start_if_full(game)
    return game


@transaction.atomic
def invitation_accept(*, game_id: int, user: User) -> Game:
    game = _locked_open(game_id)
    seat = _seat_of(game, user)
    if not seat.accepted:
        check_bot_welcome(game, user)
        check_not_overloaded(user)
        seat.accepted = True
        seat.save(update_fields=["accepted"])
    _start_if_full(game)
    return game


@transaction.atomic
def invitation_decline(*, game_id: int, user: User) -> Game:
    """Decline an invitation (or leave an open game before it starts)."""
    game = _locked(game_id)
    if game.status != GameStatus.OPEN:
        raise GameError(text.gettext_lazy("The game has started; resign instead of leaving."))
    seat = _seat_of(game, user)
    if user == game.created_by:
        # The creator leaving an unstarted game withdraws it.
        return _abort_unstarted(
            game, text.gettext_lazy("Withdrawn by its creator before it started.")
        )
    # (declined, a seat kept for an address shows the address still: who it was
    # stays unknown to the others)
    name = seat.invited_as if seat.invited_as and not seat.accepted else user.name
    seat.user = None
    seat.accepted = False
    seat.invited_as = ""
    seat.save(update_fields=["user", "accepted", "invited_as"])
    if not game.is_public:
        # Nobody else can take a private seat: the game cannot start any more.
        _abort_unstarted(game, text.gettext_lazy("%(name)s declined the invitation.", name=name))
    return game


def _abort_unstarted(game: Game, reason: str) -> Game:
    game.seats.filter(user__isnull=False).update(result=ResultKind.ABORTED)
    game.status = GameStatus.ABORTED
    game.finished_at = timezone.now()
    game.result_reason = reason
    game.result_text = stored(reason)
    game.save(update_fields=["status", "finished_at", "result_reason", "result_text"])
    return game


game_leave = invitation_decline


def _kept_seat(game: Game, invitation) -> Seat | None:
    """The seat still kept for the invitation's address (None once taken or freed)."""
    return game.seats.filter(
        index=invitation.place, user__isnull=True, invited_as=invitation.email
    ).first()


_NOT_VALID = text.gettext_lazy(
    "This invitation link is not valid: it is damaged, or the invitation was withdrawn."
)
_TAKEN = text.gettext_lazy("This invitation has been answered already.")


@transaction.atomic
def email_invitation_accept(*, token: str, user: User) -> Game:
    """Whoever follows an emailed invitation's link, signed in, takes the seat kept for
    it (the token is bound to that one seat, and it is taken once)."""
    invitation = invitations.read(token)
    if invitation is None:
        raise GameError(_NOT_VALID)
    game = _locked_open(invitation.game_id)
    if invitation.user_id is not None:
        raise GameError(_TAKEN)
    if game.seats.filter(user=user).exists():
        raise GameError(text.gettext_lazy("You already have a seat in this game."))
    seat = _kept_seat(game, invitation)
    if seat is None:
        raise GameError(_TAKEN)
    check_not_overloaded(user)
    seat.user, seat.accepted, seat.invited_as = user, True, ""
    seat.save(update_fields=["user", "accepted", "invited_as"])
    invitation.user, invitation.answered_at = user, timezone.now()
    invitation.save(update_fields=["user", "answered_at"])
    _start_if_full(game)
    return game


@transaction.atomic
def email_invitation_decline(*, token: str) -> Game:
    """The link's holder says no (no account needed): the seat is open to anyone in a
    public game; a private game cannot start any more."""
    invitation = invitations.read(token)
    if invitation is None:
        raise GameError(_NOT_VALID)
    game = _locked_open(invitation.game_id)
    seat = _kept_seat(game, invitation) if invitation.user_id is None else None
    if seat is None:
        raise GameError(_TAKEN)
    seat.invited_as = ""
    seat.save(update_fields=["invited_as"])
    invitation.answered_at = timezone.now()
    invitation.save(update_fields=["answered_at"])
    if not game.is_public:
        _abort_unstarted(
            game,
            text.gettext_lazy("%(name)s declined the invitation.", name=invitation.email),
        )
    return game


def check_bot_welcome(game: Game, user: User) -> None:
    """A bot account takes a seat only in a game whose creator allowed bots."""
    if user.is_bot and not game.bots_allowed:
        raise GameError(text.gettext_lazy("The creator of this game has not allowed bots."))


def check_not_overloaded(user: User) -> None:
    """Abandoned games must not pile up: a full queue of turns blocks new games."""
    limit = settings.MAX_GAMES_AWAITING
    if games_awaiting(user) >= limit:
        raise GameError(
            text.ngettext_lazy(
                "You have %(n)s game waiting for your move. Play it first: you cannot "
                "start or join another game until fewer than that are waiting for you.",
                "You have %(n)s games waiting for your move. Play those first: you cannot "
                "start or join another game until fewer than that are waiting for you.",
                limit,
            )
        )


def _start_if_full(game: Game) -> None:
    places = selectors.seats_of(game)
    if any(
        (p.user_id is None and p.controller != Controller.BOT) or not p.accepted for p in places
    ):
        return
    _start(game, places)


def _start(game: Game, places: list[Seat]) -> None:
    """Seat the players (people and chosen computers, ``places``) at the table and
    deal the game from its seed.

    The rulebooks let the players choose colours / agree a start player; the site
    decides by the game's seed, so who sits where is random but replayable. The
    engine itself then picks start player and seat order where its rules say so.
    """
    module = game.engine_module
    count = seat_count(module, game.num_players, game.options)
    npc = set(computer_seats(module, game.num_players, game.options))
    human_indexes = [i for i in range(count) if i not in npc]
    order = [(p.user, p.bot_level if p.controller == Controller.BOT else "") for p in places]
    seeded_rng(game.seed, "seating").shuffle(order)
    labels = seat_labels(module, game.num_players, game.options)

    def place(index: int) -> tuple[User | None, str, str]:
        """(user, controller, bot level) of table seat ``index``."""
        if index in npc:
            return None, Controller.NPC, ""
        user, level = order[human_indexes.index(index)]
        return user, Controller.BOT if level else Controller.HUMAN, level

    game.seats.all().delete()
    Seat.objects.bulk_create(
        [
            Seat(
                game=game,
                index=index,
                user=user,
                controller=controller,
                bot_level=level,
                accepted=True,
                color=labels[index] if index < len(labels) else "",
            )
            for index, (user, controller, level) in ((i, place(i)) for i in range(count))
        ]
    )
    state = module.new_game(game.num_players, game.seed, game.options)
    game.status = GameStatus.ACTIVE
    game.started_at = timezone.now()
    seats = _store_state(game, state)
    _hand_to_computer(game, seats)  # a computer to play first plays in its task


# --- playing -------------------------------------------------------------------------


class TimedOut(GameError):
    """The move came after the seat's deadline; the timeout rule was applied instead."""


class _LateMove(Exception):
    def __init__(self, seat_id: int):
        self.seat_id = seat_id


def move_play(*, game_id: int, user: User, action: str, expected_version: int) -> MoveResult:
    """Validate and apply one action of ``user``'s seat; exactly once.

    ``expected_version`` is the version the player's page showed. A repeat of the
    move that was just applied (double click, two tabs, a replayed request) changes
    nothing and reports success; any other stale submission raises ``StaleMove``.
    A move arriving after the seat's deadline (``clocks.is_overdue``: vacations and an
    outage not yet swept count) is settled as a timeout by the same code as the sweep
    (``seat_time_out``) and raises ``TimedOut``.
    """
    try:
        return _move_play(
            game_id=game_id, user=user, action=action, expected_version=expected_version
        )
    except _LateMove as late:
        seat_time_out(seat_id=late.seat_id)
        raise TimedOut(
            "Your time for this move had run out, so the timeout rule was applied."
        ) from None


def seat_time_out(*, seat_id: int, now=None) -> bool:
    """Apply the timeout rule to one seat if it is (still) overdue; True if applied.

    Exactly once: the game row is locked (``SELECT ... FOR UPDATE``) and the seat
    re-read under the lock, so any number of sweeps, settling tasks and a late move
    can race for the same seat; the first holder of the lock settles it and the others
    find nothing to do. The rule is ``seat_drop`` with ``SeatStatus.TIMED_OUT``.
    """
    now = now or timezone.now()
    with transaction.atomic():
        game_id = Seat.objects.filter(pk=seat_id).values_list("game_id", flat=True).first()
        if game_id is None:
            return False
        game = _locked(game_id)
        seat = Seat.objects.select_related("user").get(pk=seat_id)
        if seat.is_due and seat.user_id and seat.user.on_vacation and not seat.clock_stopped:
            # Became due while its player was switching vacation on: mark it now.
            Seat.objects.filter(pk=seat.pk).update(clock_stopped=True)
        if (
            game.status != GameStatus.ACTIVE
            or seat.status != SeatStatus.PLAYING
            or seat.controller != Controller.HUMAN
            or not clocks.is_overdue(seat, seat.user, now)
        ):
            return False
        if clocks.auto_vacation_applies(game, seat.user, now):
            # Vacation days are spent instead (games.clocks, automatic vacation).
            clocks.auto_vacation_begin(user_id=seat.user_id, now=now)
            return False
        seat_drop(game=game, seat=seat, status=SeatStatus.TIMED_OUT)
        signals.seat_timed_out.send(sender=Seat, game=game, seat=seat)
        return True


@transaction.atomic
def _move_play(*, game_id: int, user: User, action: str, expected_version: int) -> MoveResult:
    game = _locked(game_id)
    action = " ".join(action.split())
    if game.status != GameStatus.ACTIVE:
        raise GameError(text.gettext_lazy("This game is not in play."))
    seats = selectors.seats_of(game)
    seat = _seat_of(game, user, seats)
    if expected_version != game.version:
        # The seat's own move only: a computer that took the seat over played the
        # others, and comparing with its (perhaps secret) actions would tell them.
        already = Move.objects.filter(
            game=game, ply=expected_version + 1, seat=seat.index, by_computer=False
        ).first()
        if already is not None and _same_action(game, already, action):
            return MoveResult(game=game, applied=False)
        raise StaleMove(
            "The game has moved on since your page was drawn; here is the new position."
        )
    if seat.status != SeatStatus.PLAYING or seat.controller != Controller.HUMAN:
        raise GameError(text.gettext_lazy("You no longer play this seat."))
    if seat.index not in game.to_move:
        raise GameError(text.gettext_lazy("It is not your turn."))
    now = timezone.now()
    if clocks.is_overdue(seat, seat.user, now):
        raise _LateMove(seat.pk)  # rolls back this transaction; settled in its own
    state = load_state(game)
    _apply(game, state, seat.index, action, by_computer=False, seats=seats, mover=seat)
    if seat.user.on_vacation and seat.user.vacation_automatic:
        clocks.auto_vacation_after_move(user_id=seat.user_id)
    return MoveResult(game=game, applied=True, seats=seats)


def _same_action(game: Game, move: Move, action: str) -> bool:
    if move.action == action:
        return True
    # Another spelling of the same action names it in the position before the move.
    before = game_states(game, before_ply=move.ply)[-1]
    try:
        return game.engine_module.parse(before, move.seat, action) == move.action
    except IllegalAction:
        return False


def _apply(
    game: Game,
    state,
    seat: int,
    action: str,
    *,
    by_computer: bool,
    seats: list[Seat] | None = None,
    mover: Seat | None = None,
    automatically: str = "",
) -> None:
    """Apply, record and store one action; a computer seat due next plays in a task.

    ``seats``: the game's seats with their users, if the caller loaded them;
    ``mover``: the person's seat that acted (it has seen the position it made);
    ``automatically``: ``Move.played_automatically`` (``move_play_for``)."""
    engine = game.engine_module
    # Typed text becomes the canonical action it names (UnknownAction, IllegalNow or
    # AmbiguousAction, all IllegalAction, roll the transaction back).
    action = engine.parse(state, seat, action)
    new = engine.apply(state, seat, action)
    description = engine.describe(state, seat, action)
    if automatically == "forced":  # public: the game says only where that tells nothing
        description = text.gettext_lazy(
            "%(description)s Played automatically: it was the only legal action.",
            description=description,
        )
    move = Move(
        game=game,
        ply=game.version + 1,
        seat=seat,
        action=action,
        description=description,
        description_text=stored(description),
        by_computer=by_computer,
        played_automatically=automatically,
        # (a step played for a person is theirs to answer, not to take back)
        reversible=not automatically and _reversible(engine, state, seat, action),
    )
    move.save(force_insert=True)
    game.version += 1
    game.draw_offered_by = None
    if game.draw_declined_for == seat:  # the declined offerer acted again: told enough
        game.draw_declined_for = None
    seats = _store_state(game, new, seats, seen_by=mover, fields=MOVE_FIELDS)
    signals.move_played.send(sender=Game, game=game, move=move, state=new, seats=seats)
    if not by_computer:  # the computer task goes on by itself while a computer is due
        _hand_to_computer(game, seats)


def move_play_for(
    *, game: Game, state, seat: int, action: str, how: str, seats: list[Seat]
) -> None:
    """Play ``action`` for the person at ``seat`` without their click: ``how`` is
    "forced" (the step's only legal action) or "conditional" (the reply they planned).

    For a ``move_played`` receiver only: it runs inside the move's transaction, whose
    flow holds the game's row lock, so this move follows that one exactly once or
    rolls back with it. ``state`` and ``seats``: what the signal carried."""
    if how not in ("forced", "conditional"):
        raise ValueError(f"not a way to play for a person: {how!r}")
    _apply(game, state, seat, action, by_computer=False, seats=seats, automatically=how)


def _hand_to_computer(game: Game, seats: list[Seat]) -> None:
    """Queue the computer's turn (after commit) if a computer seat is due now."""
    if game.status != GameStatus.ACTIVE:
        return
    bots = {s.index for s in seats if s.controller == Controller.BOT}
    if bots.intersection(game.to_move):
        computer_turns.queue_computer_turn(game.pk)


def computer_turns_play(*, game_id: int, limit: int = 1000, claimant: str | None = None) -> int:
    """Play every computer seat due in ``game_id``; the number of actions applied.

    Runs in the computer task (``games.computer.turns``), never in a request. Each
    action is thought out on a position read without a lock and applied in its own
    transaction only if the game is still at that position (``_computer_move``), so
    running this twice at once, or again later, applies every action exactly once.
    ``claimant``: the task's id (``computer_turns.claim``).
    """
    claimant = claimant or secrets.token_hex(8)
    claimed = set()
    played = 0
    for _ in range(limit):
        game = Game.objects.filter(pk=game_id, status=GameStatus.ACTIVE).first()
        if game is None:
            break
        levels = dict(
            game.seats.filter(controller=Controller.BOT).values_list("index", "bot_level")
        )
        due = [index for index in game.to_move if index in levels]
        if not due:
            break
        key = computer_turns.claim_key(game.pk, game.version, game.taken_back)
        if key in claimed:
            break  # thought about already and not applied: the game moved under us
        if not computer_turns.claim(key, claimant):
            # Another task is thinking about this very position, or did and died.
            computer_turns.look_again(game_id, key)
            break
        claimed.add(key)
        seat = due[0]
        action = choice.choose_action(
            game.engine_module,
            load_state(game),
            seat,
            level=levels[seat],
            seed=game.seed,
            version=game.version,
            players=game.num_players,
        )
        if _computer_move(
            game_id=game_id,
            seat=seat,
            action=action,
            expected=(game.version, game.taken_back),
        ):
            played += 1
    return played


@transaction.atomic
def _computer_move(*, game_id: int, seat: int, action: str, expected: tuple[int, int]) -> bool:
    """Apply a computer seat's action if the game is still at the ``expected``
    (version, taken_back) and the seat still due and computer-run; True if applied."""
    game = _locked(game_id)
    if game.status != GameStatus.ACTIVE or (game.version, game.taken_back) != expected:
        return False
    seats = selectors.seats_of(game)
    mover = next((s for s in seats if s.index == seat), None)
    if mover is None or mover.controller != Controller.BOT or seat not in game.to_move:
        return False
    _apply(game, load_state(game), seat, action, by_computer=True, seats=seats)
    return True


# The game's columns an action changes (``_apply``; the end of a game saves them all).
MOVE_FIELDS = ("state", "version", "to_move", "deadline", "draw_offered_by", "draw_declined_for")
# A seat's columns that a turn starting or ending changes.
CLOCK_FIELDS = (
    "is_due",
    "due_since",
    "deadline",
    "turn_seconds",
    "remind_at",
    "bank_seconds",
    "clock_stopped",
    "timeout_claimed_at",
    "night_seconds",
)


def _store_state(
    game: Game,
    state,
    seats: list[Seat] | None = None,
    *,
    seen_by: Seat | None = None,
    fields: tuple[str, ...] | None = None,
) -> list[Seat]:
    """Save the snapshot, whose turn it is and the seats' clocks; finish if over.

    ``seats``: the game's seats with their users, if loaded; returned, brought up to
    date. ``seen_by``: a seat marked as having seen the new position (turn emails skip
    what a player saw). ``fields``: the game's columns to write, if not all."""
    engine = game.engine_module
    game.state = engine.to_json(state)
    due = list(engine.to_move(state))
    game.to_move = due
    outcome = engine.outcome(state)
    now = timezone.now()
    if seats is None:
        seats = selectors.seats_of(game)
    became_due, changed = [], []
    for seat in seats:
        is_due = seat.index in due and outcome is None
        if is_due and not seat.is_due:
            seat.is_due = True
            seat.due_since = now
            clocks.start_turn(game, seat, now)
            became_due.append(seat)
            changed.append(seat)
        elif not is_due and seat.is_due:
            clocks.end_turn(game, seat, now)
            seat.is_due = False
            seat.due_since = None
            seat.deadline = None
            changed.append(seat)
    if seen_by is not None:
        seen_by.last_seen_version = max(seen_by.last_seen_version, game.version)
        seen_by.last_seen_at = now
    # Only the seats whose turn started or ended, or that saw the move; one plain
    # UPDATE each is cheaper than a bulk CASE statement for two.
    for seat in seats:
        names = CLOCK_FIELDS if seat in changed else ()
        if seat is seen_by:
            names += ("last_seen_version", "last_seen_at")
        if names:
            seat.save(update_fields=names)
    awaiting.forget(s.user_id for s in changed)
    deadlines = [s.deadline for s in seats if s.is_due and s.controller == Controller.HUMAN]
    game.deadline = min(deadlines) if deadlines else None
    game.save(update_fields=fields)
    for seat in became_due:
        if seat.controller == Controller.HUMAN:
            signals.seat_became_due.send(sender=Seat, seat=seat)
    if outcome is not None:
        _finish(game, seats, outcome)
    return seats


def _finish(game: Game, seats: list[Seat], outcome: Outcome, *, scored: bool = True) -> None:
    """End the game with ``outcome``: each seat's result, place and score (games.results).
    ``scored``: the rules scored the game; a game ended before that (a resignation, an
    agreed draw, an adjudication) keeps no points, as none were won."""
    decided = results.decide(
        engine=game.engine,
        num_players=game.num_players,
        seats=seats,
        winners=outcome.winners,
        scores=outcome.scores if scored else None,
    )
    for seat in seats:
        scores = outcome.scores
        seat.score = scores[seat.index] if scored and seat.index < len(scores) else None
        seat.result, seat.rank = decided[seat.index]
        seat.is_winner = seat.index in outcome.winners
        seat.is_due = False
        seat.deadline = None
        seat.due_since = None
        seat.remind_at = None
    Seat.objects.bulk_update(
        seats,
        ["score", "rank", "result", "is_winner", "is_due", "deadline", "due_since", "remind_at"],
    )
    awaiting.forget(s.user_id for s in seats)
    game.status = GameStatus.FINISHED
    game.finished_at = timezone.now()
    game.result_reason = outcome.reason[:300]
    game.result_text = stored(outcome.reason)
    game.to_move = []
    game.deadline = None
    game.save()
    signals.game_ended.send(sender=Game, game=game)


@transaction.atomic
def move_undo(*, game_id: int, user: User, expected_version: int) -> Game:
    """Take back the player's last action while their turn goes on.

    Allowed only when the last action is theirs, it revealed nothing hidden (the
    engine's ``reveals_information``), they are still to move, and nobody else has
    acted since.
    """
    game = _locked(game_id)
    if game.status != GameStatus.ACTIVE:
        raise GameError(text.gettext_lazy("This game is not in play."))
    seat = _seat_of(game, user)
    if expected_version != game.version:
        raise StaleMove(
            "The game has moved on since your page was drawn; here is the new position."
        )
    if not undoable(game, seat.index):
        raise GameError(text.gettext_lazy("There is nothing of your current turn to take back."))
    last = game.moves.order_by("-ply").first()
    last.delete()
    engine = game.engine_module
    states = game_states(game)
    game.version -= 1
    game.taken_back += 1
    game.state = engine.to_json(states[-1])
    game.to_move = list(engine.to_move(states[-1]))
    game.save(update_fields=["version", "taken_back", "state", "to_move"])
    return game


def _reversible(engine, before, seat: int, action: str) -> bool:
    """Whether an action may be taken back while its turn goes on: it revealed nothing
    (the engine's ``reveals_information``) and the seat acted alone, so the turn has
    not passed through anyone else. Decided once, when the action is applied."""
    reveals = registry.get(engine.name).reveals_information
    if reveals is None:
        return False
    return tuple(engine.to_move(before)) == (seat,) and not reveals(before, seat, action)


# --- leaving a running game ----------------------------------------------------------


@transaction.atomic
def game_resign(*, game_id: int, user: User) -> Game:
    game = _locked(game_id)
    if game.status != GameStatus.ACTIVE:
        raise GameError(text.gettext_lazy("This game is not in play."))
    seat = _seat_of(game, user)
    if seat.status != SeatStatus.PLAYING:
        raise GameError(text.gettext_lazy("You have already left this game."))
    seat_drop(game=game, seat=seat, status=SeatStatus.RESIGNED)
    return game


def _left_reason(seat: Seat, status: str) -> text.Text:
    if status == SeatStatus.RESIGNED:
        return text.gettext_lazy("%(name)s resigned.", name=seat.name)
    if status == SeatStatus.TIMED_OUT:
        return text.gettext_lazy("%(name)s ran out of time.", name=seat.name)
    return text.gettext_lazy("%(name)s left.", name=seat.name)


def seat_drop(*, game: Game, seat: Seat, status: str) -> None:
    """A person leaves a running game (resignation, timeout, ban); ``game`` is locked.

    The players are the people and the computer players chosen at New game (not
    Tri*T*Area's rulebook seats). With two players at the table, the other one wins.
    With more, the seat is taken over by a computer player to the end; when only one
    player is left, or no person is left playing, the game ends and the players
    still in play win.
    """
    seat.status = status
    seats = selectors.seats_of(game)
    chosen = [s for s in seats if s.user_id is None and s.controller == Controller.BOT]
    people = [s for s in seats if s.user_id is not None]
    staying = [s for s in people if s.index != seat.index and s.status == SeatStatus.PLAYING]
    if not staying:
        seat.save(update_fields=["status"])
        _end_early(game, chosen, _left_reason(seat, status))
        return
    staying += chosen
    if len(people) + len(chosen) <= 2 or len(staying) <= 1:
        seat.save(update_fields=["status"])
        _end_early(game, staying, _left_reason(seat, status))
        return
    seat.controller = Controller.BOT
    seat.bot_level = settings.COMPUTER_TAKEOVER_LEVEL
    seat.save(update_fields=["status", "controller", "bot_level"])
    # The computer player's turns are played by its own task after commit
    # (games.computer.turns), never inline here nor in the clock sweep.
    _hand_to_computer(game, list(game.seats.order_by("index")))


def _end_early(game: Game, winners: list[Seat], reason: str) -> None:
    seats = list(game.seats.order_by("index"))
    winner_indexes = tuple(s.index for s in winners)
    scores = tuple(1.0 if s.index in winner_indexes else 0.0 for s in seats)
    outcome = Outcome(scores=scores, winners=winner_indexes, reason=reason)
    _finish(game, seats, outcome, scored=False)


# --- ends decided outside the rules (moderation's flows call these) ---------------------


def game_locked(*, game_id: int) -> Game:
    """The game row, locked until the caller's transaction ends: another app's flow that
    changes a game takes the same lock as the moves here."""
    return _locked(game_id)


def game_abort(*, game: Game, result_reason: str) -> None:
    """Abort the locked game (the caller checked it is not over): no seat is due any
    more, every player's result is "aborted", and the players are told (game_ended)."""
    game.status = GameStatus.ABORTED
    game.finished_at = timezone.now()
    game.result_reason = result_reason[:300]
    game.to_move = []
    game.deadline = None
    game.save()
    game.seats.update(is_due=False, deadline=None, due_since=None, remind_at=None)
    game.seats.filter(user__isnull=False).update(result=ResultKind.ABORTED)
    awaiting.forget(game.seats.values_list("user_id", flat=True))
    signals.game_ended.send(sender=Game, game=game)


def game_finish(*, game: Game, outcome: Outcome) -> None:
    """End the locked game with a result decided outside the rules (a moderator's
    adjudication): unscored, as no points were won by play."""
    _finish(game, list(game.seats.order_by("index")), outcome, scored=False)


# --- draws (games whose rules allow them, e.g. Triad TD10) ----------------------------


@transaction.atomic
def draw_offer(*, game_id: int, user: User) -> Game:
    game = _locked(game_id)
    if game.status != GameStatus.ACTIVE or not draws_allowed(game):
        raise GameError(text.gettext_lazy("A draw cannot be offered in this game."))
    seat = _seat_of(game, user)
    if game.draw_offered_by is not None:
        raise GameError(text.gettext_lazy("A draw offer is already waiting for an answer."))
    game.draw_offered_by = seat.index
    if game.draw_declined_for == seat.index:
        game.draw_declined_for = None
    game.save(update_fields=["draw_offered_by", "draw_declined_for"])
    signals.draw_offered.send(sender=Game, game=game, seat=seat)
    return game


@transaction.atomic
def draw_answer(*, game_id: int, user: User, accept: bool) -> Game:
    game = _locked(game_id)
    if game.status != GameStatus.ACTIVE or game.draw_offered_by is None:
        raise GameError(text.gettext_lazy("There is no draw offer to answer."))
    seat = _seat_of(game, user)
    if seat.index == game.draw_offered_by:
        raise GameError(text.gettext_lazy("You cannot answer your own draw offer."))
    if not accept:  # the offerer is told on the game page and in My games
        game.draw_declined_for, game.draw_offered_by = game.draw_offered_by, None
        game.save(update_fields=["draw_offered_by", "draw_declined_for"])
        return game
    seats = list(game.seats.order_by("index"))
    _finish(
        game,
        seats,
        Outcome(
            scores=tuple(0.5 for _ in seats),
            winners=tuple(s.index for s in seats),
            reason=text.gettext_lazy("Drawn by agreement."),
            draw=True,
        ),
        scored=False,
    )
    return game


def mark_seen(*, game: Game, user: User, seat: Seat | None = None) -> None:
    """Remember the version a player has seen and when (turn emails skip what they saw).

    With the viewer's ``seat`` as the page loaded it, a page view that tells nothing
    new (version seen, and seen since the seat became due) writes nothing.
    """
    if seat is not None and seat.last_seen_version >= game.version:
        seen_turn = seat.last_seen_at is not None and (
            seat.due_since is None or seat.last_seen_at >= seat.due_since
        )
        if not seat.is_due or seen_turn:
            return
    # One UPDATE whose new value the database decides from the row's own: a concurrent
    # view that recorded a later version is never lowered.
    version = Value(game.version, output_field=Seat._meta.get_field("last_seen_version"))
    Seat.objects.filter(game_id=game.pk, user_id=user.pk).update(
        last_seen_version=Greatest(F("last_seen_version"), version),
        last_seen_at=timezone.now(),
    )
