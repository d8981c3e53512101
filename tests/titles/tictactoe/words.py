"""The position in words for an email, and the front page's sentences."""

from __future__ import annotations


def describe(view: dict) -> list[str]:
    taken = [f"{mark} on {square}" for square, mark in view["board"].items() if mark]
    return [("Marks: " + ", ".join(taken) + ".") if taken else "An empty board."]


def length() -> str:
    return "at most nine moves"


def pitch() -> str:
    return "Three in a row wins."
