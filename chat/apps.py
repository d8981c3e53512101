from django.apps import AppConfig


class ChatConfig(AppConfig):
    """In-game chat and private notes.

    Imports ``games`` (and ``moderation`` for the audit log); ``games`` never imports
    it: the game page includes the chat through ``chat.context_processors`` (a list of
    templates it adds after the page), and turn emails get their "Bob wrote: ..." lines
    from a ``mail.signals`` receiver."""

    name = "chat"
    verbose_name = "Chat"

    def ready(self) -> None:
        from . import receivers  # noqa: F401
