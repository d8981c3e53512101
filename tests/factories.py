"""factory-boy factories: a cast of players (alice and bob play, carol watches,
mallory tries to cheat)."""

import factory
from allauth.account.models import EmailAddress

from accounts.models import User

PASSWORD = "correct horse battery staple"


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = User
        django_get_or_create = ("username",)
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"player{n}")
    email = factory.LazyAttribute(lambda u: f"{u.username}@example.com")
    password = factory.django.Password(PASSWORD)

    @factory.post_generation
    def verified(user, create, extracted, **kwargs):
        """A verified primary address, as allauth would have after sign-up."""
        if create and extracted is not False:
            EmailAddress.objects.update_or_create(
                user=user, email=user.email, defaults={"verified": True, "primary": True}
            )


def start_game(*players, engine="triad", time_bank=None, days_per_move=3, options=None, rated=True):
    """A started game between ``players`` (the first creates it, the others accept)."""
    from games import services

    creator, *invitees = players
    game = services.game_create(
        creator=creator,
        engine=engine,
        num_players=len(players),
        options=options or {},
        days_per_move=days_per_move,
        invitees=list(invitees),
        is_public=False,
        time_bank=time_bank,
        rated=rated,
    )
    for invitee in invitees:
        services.invitation_accept(game_id=game.pk, user=invitee)
    game.refresh_from_db()
    return game


def due_seat(game):
    """The (first) seat due to move, freshly read."""
    return game.seats.select_related("user").filter(is_due=True).order_by("index").first()


def play_first_legal(game, seat=None):
    """The due person plays their first legal action (through the web's service)."""
    from games import services
    from games.replay import load_state

    game.refresh_from_db()
    seat = seat or due_seat(game)
    action = game.engine_module.legal_actions(load_state(game), seat.index)[0]
    services.move_play(
        game_id=game.pk, user=seat.user, action=action, expected_version=game.version
    )
    game.refresh_from_db()
    return action
