"""What changed since the viewer last looked: a line per move, no marks."""

from __future__ import annotations

from games.boards.changes import Changes, sentence


def changes(views, plies, *, seat) -> Changes:
    return Changes(lines=tuple(sentence(ply.description) for ply in plies))


def overlay(view, found, *, seat) -> str:
    return ""
