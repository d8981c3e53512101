from games.models import GameStatus, Seat


def awaiting(request):
    """How many games await the signed-in player's move (shown in the header)."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    count = Seat.objects.filter(user=user, is_due=True, game__status=GameStatus.ACTIVE).count()
    return {"awaiting_count": count}
