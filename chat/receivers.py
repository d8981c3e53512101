"""New chat messages ride in the player's next email about the game."""

from __future__ import annotations

from django.dispatch import receiver

from mail.signals import batch_started, game_section_built

from .services import mail_lines, note_empty_chats


@receiver(game_section_built, dispatch_uid="chat.mail_lines")
def on_game_section_built(sender, section, user, seat, **kwargs) -> None:
    section.chat = mail_lines(game=section.game, user=user, seat=seat)


@receiver(batch_started, dispatch_uid="chat.note_empty_chats")
def on_batch_started(sender, games, **kwargs) -> None:
    note_empty_chats(games)
