"""What the games' flows refuse with (``games.services`` and ``games.lobby`` raise them;
views show the message as it is)."""


class GameError(Exception):
    """A request the site refuses; the message is shown to the player as it is."""


class StaleMove(GameError):
    """The game has moved on since the player's page was drawn."""
