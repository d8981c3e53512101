def game_page(request):
    """The templates the game page includes after its body (``games/detail.html``):
    the chat's hook, which loads the panel. Without this app, nothing is included."""
    return {"game_page_extras": ("chat/_hook.html",)}
