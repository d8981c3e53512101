"""Rating flows: rate a finished game (once), void a game's change, recompute all.

The rules themselves (model, ranks, brackets) are in :mod:`ratings.system`.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from django.core.cache import cache
from django.db import transaction
from django.db.models import F, Q
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver
from django.utils import timezone
from django.utils.translation import gettext as _

from config.cache import forget
from games import results
from games.models import Game, GameStatus, Seat
from moderation.models import AuditLog
from ratings import system
from ratings.models import RatedGame, Rating, RatingChange


def _level(seat: Seat) -> str:
    """The computer level of this seat ("" for a person's seat and the rules' own
    computer-run seats; a seat a person left keeps its person as the rated player)."""
    return seat.bot_level or ""


def rated_seats(game: Game, seats: list[Seat] | None = None) -> list[Seat]:
    """The seats whose players' ratings this game moves (see :mod:`ratings.system`)."""
    seats = seats if seats is not None else list(game.seats.order_by("index"))
    return [s for s in seats if s.user_id is not None or _level(s)]


def _places(seats: list[Seat]) -> list[int]:
    return system.ranks([system.Place(s.index, s.rank, s.status) for s in seats])


def _holder(seat: Seat) -> dict:
    if seat.user_id is not None:
        return {"user_id": seat.user_id, "computer_level": ""}
    return {"user": None, "computer_level": _level(seat)}


def _rating_rows(game: Game, seats: list[Seat], bracket: str) -> list[Rating]:
    """The players' ratings for this game's kind, created at their prior when new,
    locked in id order (two games ending at once never deadlock, never lose one)."""
    ids = []
    for seat in seats:
        mu, sigma = system.prior(_level(seat) if seat.user_id is None else "")
        rating, _created = Rating.objects.get_or_create(
            **_holder(seat), engine=game.engine, bracket=bracket,
            defaults={"mu": mu, "sigma": sigma, "prior_mu": mu, "prior_sigma": sigma},
        )  # fmt: skip
        ids.append(rating.id)
    locked = {r.id: r for r in Rating.objects.select_for_update().filter(id__in=ids).order_by("id")}
    return [locked[i] for i in ids]


@transaction.atomic
def rate_game(*, game: Game) -> RatedGame | None:
    """Apply a finished game's result to its players' ratings, once.

    Called when a game ends (``games.signals.game_ended``, inside the transaction
    that ended it). A second call for the same game changes nothing."""
    if game.status != GameStatus.FINISHED or not game.rated:
        return None
    if RatedGame.objects.filter(game=game).exists():
        return None
    seats = rated_seats(game)
    if len(seats) < 2:
        return None
    bracket = system.bracket(len(seats))
    ratings = _rating_rows(game, seats, bracket)
    rated, created = RatedGame.objects.get_or_create(
        game=game, defaults={"engine": game.engine, "bracket": bracket}
    )
    if not created:
        return None
    ranks = _places(seats)
    after = system.rate([(r.mu, r.sigma) for r in ratings], ranks)
    changes = []
    when = game.finished_at or timezone.now()
    for seat, rating, rank, (mu, sigma) in zip(seats, ratings, ranks, after, strict=True):
        changes.append(
            RatingChange(
                rated_game=rated, rating=rating, seat_index=seat.index, rank=rank,
                mu_before=rating.mu, sigma_before=rating.sigma, mu_after=mu, sigma_after=sigma,
            )
        )  # fmt: skip
        rating.mu, rating.sigma = mu, sigma
        rating.games += 1
        rating.last_played_at = max(filter(None, (rating.last_played_at, when)))
    RatingChange.objects.bulk_create(changes)
    Rating.objects.bulk_update(ratings, ["mu", "sigma", "games", "last_played_at"])
    forget_shown(ratings)
    return rated


@transaction.atomic
def void_game(*, game_id: int, actor, reason: str) -> RatedGame:
    """A moderator takes back a game's rating change (audit-logged); every rating of
    that game's kind is then recomputed without it."""
    if not reason.strip():
        raise ValueError(_("Say why: every moderation action is recorded with its reason."))
    rated = RatedGame.objects.select_for_update().select_related("game").get(game_id=game_id)
    if rated.voided_at:
        raise ValueError(_("This game's rating change is already void."))
    rated.voided_at = timezone.now()
    rated.save(update_fields=["voided_at"])
    AuditLog.objects.create(
        actor=actor, action="void_rating", reason=reason, game=rated.game,
        details={"engine": rated.engine, "bracket": rated.bracket},
    )  # fmt: skip
    recompute(write=True, engine=rated.engine, bracket=rated.bracket)
    return rated


@dataclass(frozen=True)
class Mismatch:
    what: str
    stored: tuple
    recomputed: tuple

    def __str__(self) -> str:
        return f"{self.what}: stored {self.stored}, recomputed {self.recomputed}"


def _same(a: tuple, b: tuple) -> bool:
    pairs = zip(a, b, strict=True)
    return all(abs(x - y) <= 1e-9 if isinstance(x, float) else x == y for x, y in pairs)


def _started_at(rating: Rating) -> tuple[float, float]:
    """The (μ, σ) ``rating`` started from: the prior it was created at, or today's for a
    row older than that record."""
    if rating.prior_mu is not None and rating.prior_sigma is not None:
        return rating.prior_mu, rating.prior_sigma
    return system.prior(rating.computer_level)


def recompute(*, write: bool, engine: str | None = None, bracket: str | None = None) -> list:
    """Replay every rated result from the finished games, in the order they were
    first applied, and compare with (or, with ``write``, store over) the ratings and
    changes held. Returns what differed."""
    games = RatedGame.objects.filter(voided_at__isnull=True).order_by("id")
    ratings = Rating.objects.all()
    if engine:
        games, ratings = games.filter(engine=engine), ratings.filter(engine=engine)
    if bracket:
        games, ratings = games.filter(bracket=bracket), ratings.filter(bracket=bracket)
    ratings = list(ratings.select_for_update() if write else ratings)
    state = {r.id: [*_started_at(r), 0, None] for r in ratings}
    mismatches: list[Mismatch] = []
    changed: list[RatingChange] = []
    games = games.select_related("game").prefetch_related("changes")
    for rated in games:
        seats = {s.index: s for s in rated.game.seats.all()}
        changes = list(rated.changes.all())
        ranks = _places([seats[c.seat_index] for c in changes])
        before = [tuple(state[c.rating_id][:2]) for c in changes]
        for change, rank, old, new in zip(
            changes, ranks, before, system.rate(before, ranks), strict=True
        ):
            stored = (change.rank, change.mu_before, change.sigma_before, change.mu_after,
                      change.sigma_after)  # fmt: skip
            fresh = (rank, *old, *new)
            if not _same(stored, fresh):
                mismatches.append(Mismatch(f"{rated.game} seat {change.seat_index}", stored, fresh))
                (change.rank, change.mu_before, change.sigma_before, change.mu_after,
                 change.sigma_after) = fresh  # fmt: skip
                changed.append(change)
            entry = state[change.rating_id]
            entry[0], entry[1] = new
            entry[2] += 1
            when = rated.game.finished_at
            entry[3] = max(filter(None, (entry[3], when)), default=None)
    for rating in ratings:
        fresh = tuple(state[rating.id])
        stored = (rating.mu, rating.sigma, rating.games, rating.last_played_at)
        if not _same(stored, fresh):
            mismatches.append(Mismatch(str(rating.holder), stored, fresh))
            rating.mu, rating.sigma, rating.games, rating.last_played_at = fresh
    if write:
        RatingChange.objects.bulk_update(
            changed, ["rank", "mu_before", "sigma_before", "mu_after", "sigma_after"]
        )
        Rating.objects.bulk_update(ratings, ["mu", "sigma", "games", "last_played_at"])
        forget_shown(ratings)
    return mismatches


# --- reading ----------------------------------------------------------------------


# The ratings beside names on every game page, kept in the cache per rated player and
# kind: a rating changes only when a game of theirs ends or a moderator voids one, and
# those writes forget the entries (``config.cache.forget``). The time kept only bounds
# the memory (about 500 bytes an entry): six hours, so a game's players coming back
# within the day mostly find them (ten minutes cost two queries on nearly every first
# view of a correspondence game).
SHOWN_SECONDS = 6 * 3600
_UNRATED = "unrated"


def _shown_key(engine: str, bracket: str, user_id: int | None, level: str) -> str:
    who = f"u{user_id}" if user_id is not None else f"c{level}"
    return f"rating:{engine}:{bracket}:{who}"


def forget_shown(ratings) -> None:
    forget([_shown_key(r.engine, r.bracket, r.user_id, r.computer_level) for r in ratings])


@receiver(post_save, sender=Rating)
@receiver(post_delete, sender=Rating)
def _rating_changed(sender, instance, **kwargs):
    forget_shown([instance])


def seat_ratings(game: Game, seats: list[Seat] | None = None) -> dict[int, Rating]:
    """Each rated seat's current rating in this game's kind, by seat index (from the
    cache where it can be; the ``user`` relation is not loaded)."""
    seats = rated_seats(game, seats)
    if not seats:
        return {}
    # An open game is rated in the bracket of the table it will have.
    bracket = system.bracket(max(len(seats), game.num_players))
    keys = {
        s.index: _shown_key(game.engine, bracket, s.user_id, "" if s.user_id else _level(s))
        for s in seats
    }
    kept = cache.get_many(list(keys.values()))
    out = {i: kept[k] for i, k in keys.items() if k in kept and kept[k] != _UNRATED}
    missing = [s for s in seats if keys[s.index] not in kept]
    if not missing:
        return out
    people = {s.user_id: s.index for s in missing if s.user_id is not None}
    levels = {_level(s): s.index for s in missing if s.user_id is None}
    fresh: dict[int, Rating] = {}
    for r in _ratings_of(game.engine, bracket, list(people), list(levels)):
        fresh[people[r.user_id] if r.user_id is not None else levels[r.computer_level]] = r
    cache.set_many({keys[s.index]: fresh.get(s.index, _UNRATED) for s in missing}, SHOWN_SECONDS)
    return out | fresh


def _ratings_of(engine: str, bracket: str, user_ids: list, levels: list) -> list[Rating]:
    """The ratings of these people and computer levels in one kind of game, in one
    query, for a game page whose players' ratings are not cached."""
    if not user_ids and not levels:
        return []
    who = Q()
    if user_ids:
        who |= Q(user_id__in=user_ids)
    if levels:
        who |= Q(user_id__isnull=True, computer_level__in=levels)
    return list(Rating.objects.filter(who, engine=engine, bracket=bracket).order_by())


def ratings_of_games(games) -> dict[tuple[int, int], Rating]:
    """Every rated seat's rating for a list of games, by (game id, seat index), in
    one query per game kind (for lists such as the watch page)."""
    wanted: dict[tuple[str, str], dict] = {}
    for game in games:
        seats = rated_seats(game, list(game.seats.all()))
        if not seats or not game.rated:
            continue
        key = (game.engine, system.bracket(max(len(seats), game.num_players)))
        group = wanted.setdefault(key, {"people": {}, "levels": {}})
        for seat in seats:
            if seat.user_id is not None:
                group["people"].setdefault(seat.user_id, []).append((game.pk, seat.index))
            else:
                group["levels"].setdefault(_level(seat), []).append((game.pk, seat.index))
    out: dict[tuple[int, int], Rating] = {}
    for (engine, bracket), group in wanted.items():
        found = Rating.objects.filter(engine=engine, bracket=bracket).filter(
            Q(user_id__in=group["people"])
            | Q(user__isnull=True, computer_level__in=group["levels"])
        )
        for rating in found:
            places = (
                group["people"].get(rating.user_id, [])
                if rating.user_id
                else group["levels"].get(rating.computer_level, [])
            )
            for place in places:
                out[place] = rating
    return out


def leaderboard(*, engine: str, bracket: str, limit: int = 100) -> list[Rating]:
    """The best established ratings of a game and bracket among players with a rated
    game in the last ``ACTIVE_DAYS`` days (provisional ratings are listed apart)."""
    since = timezone.now() - timedelta(days=system.ACTIVE_DAYS)
    return list(
        Rating.objects.filter(engine=engine, bracket=bracket, last_played_at__gte=since)
        .select_related("user")
        .annotate(conservative=F("mu") - 3 * F("sigma"))
        .order_by("-conservative", "id")[:limit]
    )


def history(*, user, viewer) -> list[RatingChange]:
    """A player's rating changes as ``viewer`` may read them, oldest first (voided games
    left out): a private game's only for those who played in it, as its page is."""
    changes = RatingChange.objects.filter(rating__user=user, rated_game__voided_at__isnull=True)
    if not (viewer.is_authenticated and viewer.pk == user.pk):
        shown = Q(rated_game__game__is_public=True)
        if viewer.is_authenticated:
            seated = Seat.objects.filter(user_id=viewer.pk).values("game_id")
            shown |= Q(rated_game__game_id__in=seated)
        changes = changes.filter(shown)
    return list(changes.select_related("rating", "rated_game__game").order_by("rated_game_id"))


def results_of(changes) -> dict[int, str]:
    """Each change's result in words, by change id: the player's own result in that
    game (games.results), as the game page and their list of games say it."""
    games = {c.rated_game.game_id: c.rated_game.game for c in changes}
    wanted = {(c.rated_game.game_id, c.seat_index) for c in changes}
    seats = Seat.objects.filter(game_id__in=games).only(
        "game_id", "index", "result", "rank", "score"
    )
    words = {
        (s.game_id, s.index): results.seat_result(s, games[s.game_id]).words
        for s in seats
        if (s.game_id, s.index) in wanted
    }
    return {c.pk: words.get((c.rated_game.game_id, c.seat_index), "") for c in changes}
