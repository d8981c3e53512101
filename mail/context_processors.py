from .deliverability import bounces


def mail_stopped(request):
    """The stop on the signed-in player's address (a hard bounce or a spam complaint),
    shown on every page until they lift it in their settings."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return {"mail_stopped": bounces.shown_on(request)}
