"""Chat views: the panel (loaded into the game page, or a page of its own without
JavaScript), its live log, and the forms. Views parse, call one service, render."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from config.refusals import in_place
from games.models import Game

from . import services
from .forms import MessageForm, NoteForm, ReportForm, SettingsForm
from .models import Message

POLL_SECONDS = 5  # the log asks for news this often (a 204 when there is none)


def _visible_game(request, game_id: int) -> Game:
    """The game if the viewer may see it: public ones, or private ones they play."""
    game = get_object_or_404(Game.objects.defer("state"), pk=game_id)
    if not game.is_public and not services.plays_in(game, request.user):
        raise Http404(_("No such game."))
    return game


def _context(
    request, game: Game, *, error: str = "", draft: str = "", note=None, note_error: str = ""
) -> dict:
    """``draft``: a refused message, back in its box; ``note``: refused notes likewise."""
    user = request.user
    prefs = services.chat_settings(user)
    player = services.plays_in(game, user)
    if player and prefs.enabled:
        services.mark_read(game=game, user=user)
    return {
        "game": game,
        "prefs": prefs,
        "is_player": player,
        "can_write": player and prefs.enabled and not prefs.is_muted,
        "entries": services.timeline(game, user) if prefs.enabled else [],
        "marker": services.marker(game),
        "note": note if note is not None else (services.note_for(game, user) if player else ""),
        "note_error": note_error,
        "draft": draft,
        "poll_seconds": POLL_SECONDS,
        "live": player or not game.is_over,
        "max_length": services.MAX_LENGTH,
        "delete_minutes": services.DELETE_MINUTES,
        "error": error,
    }


def _back(request, game: Game, *, status: int = 200, error: str = "", draft: str = ""):
    """After a form: the fresh log for htmx, else the chat page (no JavaScript). A
    refusal says why in the log, under its status: for htmx, the log marked for its
    place (the message box keeps the text); without JavaScript, the chat page with the
    text back in the box."""
    if request.htmx:
        context = _context(request, game, error=error)
        response = render(request, "chat/_log.html", context, status=status)
        return in_place(response, "#chat-log") if error else response
    if error:
        context = _context(request, game, error=error, draft=draft)
        return render(request, "chat/page.html", context, status=status)
    return redirect(reverse("chat_page", args=[game.pk]) + "#chat")


@require_GET
def chat_page(request, game_id: int):
    game = _visible_game(request, game_id)
    return render(request, "chat/page.html", _context(request, game))


@require_GET
def chat_panel(request, game_id: int):
    game = _visible_game(request, game_id)
    return render(request, "chat/_panel.html", _context(request, game))


@require_GET
def chat_log(request, game_id: int):
    """Cheap when nothing changed since ``?marker=``: 204; the fresh log otherwise."""
    game = _visible_game(request, game_id)
    if request.GET.get("marker") == services.marker(game):
        return HttpResponse(status=204)
    return render(request, "chat/_log.html", _context(request, game))


@require_POST
@login_required
def chat_post(request, game_id: int):
    game = _visible_game(request, game_id)
    form = MessageForm(request.POST)
    draft = request.POST.get("text", "")[: services.MAX_LENGTH * 4]
    if not form.is_valid():
        return _back(request, game, status=400, error=_("Write a shorter message."), draft=draft)
    try:
        services.message_post(game=game, user=request.user, text=form.cleaned_data["text"])
    except services.ChatError as exc:
        return _back(request, game, status=exc.status, error=str(exc), draft=draft)
    return _back(request, game)


def _message(game: Game, message_id: int) -> Message:
    return get_object_or_404(Message.objects.select_related("author"), pk=message_id, game=game)


@require_POST
@login_required
def chat_delete(request, game_id: int, message_id: int):
    game = _visible_game(request, game_id)
    try:
        services.message_delete(message_id=_message(game, message_id).pk, user=request.user)
    except services.ChatError as exc:
        return _back(request, game, status=exc.status, error=str(exc))
    return _back(request, game)


@login_required
def chat_report(request, game_id: int, message_id: int):
    """A page that shows the message and asks why (a GET changes nothing)."""
    game = _visible_game(request, game_id)
    message = _message(game, message_id)
    if not message.is_shown:
        raise Http404(_("This message has been taken down."))
    form = ReportForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            services.message_report(
                message=message, user=request.user, reason=form.cleaned_data["reason"]
            )
        except services.ChatError as exc:
            messages.error(request, str(exc))
        else:
            messages.success(request, _("Thank you: the moderators will look at this message."))
        return redirect(game)
    return render(request, "chat/report.html", {"game": game, "message": message, "form": form})


@require_POST
@login_required
def note_save(request, game_id: int):
    game = _visible_game(request, game_id)
    form = NoteForm(request.POST)
    error = ""
    if not form.is_valid():
        error = _("Notes have at most %(most)d characters.") % {"most": 5000}
    else:
        try:
            services.note_save(game=game, user=request.user, text=form.cleaned_data["text"])
        except services.ChatError as exc:
            error = str(exc)
    if request.htmx:
        text = error or _("Saved.")
        response = render(
            request, "chat/_note_status.html", {"status": text}, status=400 if error else 200
        )
        return in_place(response, "#note-status", "innerHTML") if error else response
    if error:  # the chat page, the notes as written and why they were not saved
        note = request.POST.get("text", "")[:20000]
        context = _context(request, game, note=note, note_error=error)
        return render(request, "chat/page.html", context, status=400)
    messages.success(request, _("Your notes are saved."))
    return redirect(reverse("chat_page", args=[game.pk]) + "#notes")


@require_POST
@login_required
def chat_toggle(request, game_id: int):
    """Chat on or off for oneself, from a game's panel."""
    game = _visible_game(request, game_id)
    prefs = services.chat_settings(request.user)
    services.settings_update(user=request.user, enabled=not prefs.enabled)
    if request.htmx:
        return render(request, "chat/_panel.html", _context(request, game))
    return redirect(reverse("chat_page", args=[game.pk]) + "#chat")


@login_required
def chat_settings(request):
    prefs = services.chat_settings(request.user)
    form = SettingsForm(
        request.POST or None, initial={"enabled": prefs.enabled, "mail": prefs.mail}
    )
    if request.method == "POST" and form.is_valid():
        services.settings_update(
            user=request.user,
            enabled=form.cleaned_data["enabled"],
            mail=form.cleaned_data["mail"],
        )
        messages.success(request, _("Your chat settings are saved."))
        return redirect("chat_settings")
    return render(request, "chat/settings.html", {"form": form, "prefs": prefs})
