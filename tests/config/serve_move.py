"""A person's move, played as the web server plays it (``games.services.move_play``,
the computer's task queued after commit), in a process of its own:

    python -m tests.config.serve_move <game id> <username>

(tests/config/test_serve.py: the move that the restarted worker answers)."""

import sys

import django


def main(game_id: int, username: str) -> None:
    django.setup()
    from accounts.models import User
    from games import services
    from games.computer.players import RandomBot
    from games.models import Game
    from games.replay import load_state

    game = Game.objects.get(pk=game_id)
    user = User.objects.get(username=username)
    seat = game.seats.get(user=user)
    action = RandomBot(1).choose(game.engine_module, load_state(game), seat.index)
    services.move_play(game_id=game.pk, user=user, action=action, expected_version=game.version)


if __name__ == "__main__":
    main(int(sys.argv[1]), sys.argv[2])
