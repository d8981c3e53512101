"""Rate a game when it ends (sent inside the transaction that ended it, so the
rating change commits or rolls back with the result)."""

from django.dispatch import receiver

from games.signals import game_ended
from ratings import services


@receiver(game_ended)
def rate_finished_game(sender, game, **kwargs) -> None:
    services.rate_game(game=game)
