"""What happened in a game, for other apps (emails) to react to.

Sent inside the transaction that made the change, so a receiver that writes rows
(an email outbox) commits or rolls back together with the move.
"""

from django.dispatch import Signal

# seat: Seat that became due (its deadline is set)
seat_became_due = Signal()
# game: Game, move: Move, state: the engine state it left, seats: the game's seats
# (with users) as it left them; a receiver may play on under the same lock
# (``services.move_play_for``)
move_played = Signal()
# game: Game (finished or aborted; seats carry the result)
game_ended = Signal()
# game: Game, seat: Seat that timed out (services.seat_time_out, moderation)
seat_timed_out = Signal()
# seat: Seat of an invited player (not yet accepted), in a new game
seat_invited = Signal()
# invitation: EmailInvitation of an address with no account (its seat is kept for it)
address_invited = Signal()
# game: Game, seat: Seat of the player who offers the draw
draw_offered = Signal()
# game: Game that expired unstarted (aborted; games.lobby)
game_expired = Signal()
# gap: timedelta, seats: int, reason: str. The clock sweep moved every running deadline
# by an outage's gap (games.timeouts.extend_running_deadlines)
deadlines_extended = Signal()
