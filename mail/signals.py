"""Hooks for other apps into the emails (``mail`` imports none of them)."""

from django.dispatch import Signal

# section: compose.GameSection for one player's email about one game (its ``chat``
# list takes "Bob wrote: ..." lines), user: User, seat: Seat | None
game_section_built = Signal()
