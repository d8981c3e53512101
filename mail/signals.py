"""Hooks for other apps into the emails (``mail`` imports none of them)."""

from django.dispatch import Signal

# section: compose.GameSection for one player's email about one game (its ``chat``
# list takes "Bob wrote: ..." lines), user: User, seat: Seat | None
game_section_built = Signal()

# games: the Game rows a batch of emails is about to be written about (mail.sending.compose.
# one_batch); a receiver reads what it needs of all of them at once and keeps it on
# them, instead of a query per email.
batch_started = Signal()
