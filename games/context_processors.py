from games.awaiting import awaiting_count


def awaiting(request):
    """How many games await the signed-in player's move (shown in the header)."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return {"awaiting_count": awaiting_count(request)}
