"""New chat messages ride in the player's next email about the game."""

from __future__ import annotations

from django.dispatch import receiver

from mail.signals import game_section_built

from .services import mail_lines


@receiver(game_section_built, dispatch_uid="chat.mail_lines")
def on_game_section_built(sender, section, user, seat, **kwargs) -> None:
    section.chat = mail_lines(game=section.game, user=user, seat=seat)
