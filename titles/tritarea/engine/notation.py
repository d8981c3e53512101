"""Tri*T*Area action notation: short, typeable, one canonical spelling per action.

======================  =============================================================
``p H7``                play the card H7 in the meeting phase
``p I5`` / ``p I5=0``   play a 5 as 5, or as 0 for 1 point, or as 10 for 2 points
``p I5=10``             (rounds 2 and 3, TT3; NPCs always play a 5 as 5)
``b c2``                build one block on square c2 (column a-d, row 1-4)
``b c2 c2``             second building right: two blocks stacked on c2
``x d2``                additional construction (TT2): one more block on d2
``pass``                build nothing (default: lose the played rank), or decline
                        the additional block (no cost)
``sell 3``              round 3, advance block sale: sell 3 blocks for 3 points each
``lead M4``             round 3, secret lead-area declaration (``lead I5=10`` for a 5)
======================  =============================================================

When a person decides for a computer seat (TT8), the same notation is used; the view's
``deciding_for`` names the seat whose blocks are being placed or sold.

Input is forgiving about case and spaces (``P h7`` is ``p H7``); ``legal_actions``
always returns the canonical form, and ``spell`` turns any accepted spelling into it.
"""

from __future__ import annotations

from games.engines.base import UnknownAction, gettext_lazy

from .board import SQUARES
from .cards import full_deck

PASS = "pass"
CARDS = frozenset(full_deck(True))
_SQUARES = frozenset(SQUARES)

HELP = gettext_lazy(
    "actions are written like %(examples)s",
    examples="'p H7', 'p I5=10', 'b c2', 'x d2', 'pass', 'sell 2', 'lead M4'",
)


def normalize(text: str) -> str:
    """The canonical spelling of ``text``, or ``text`` tidied when it is not an action."""
    words = text.strip().split()
    if not words:
        return ""
    verb = words[0].lower()
    args = words[1:]
    if verb in ("p", "lead"):
        args = [a.upper() for a in args]
    elif verb in ("b", "x"):
        args = [a.lower() for a in args]
    return " ".join([verb, *args])


def spell(text: str) -> str:
    """The canonical spelling of ``text``; ``UnknownAction`` if it is not notation."""
    canonical = normalize(text)
    if not _is_notation(canonical.split()):
        raise UnknownAction(
            gettext_lazy(
                "%(text)s is not a Tri*T*Area action: %(help)s",
                text=repr(text.strip()),
                help=HELP,
            )
        )
    return canonical


def _is_notation(words: list[str]) -> bool:
    verb, args = (words[0], words[1:]) if words else ("", [])
    if verb == PASS:
        return not args
    if verb in ("p", "lead"):
        if len(args) != 1:
            return False
        card, equals, rank = args[0].partition("=")
        return card in CARDS and (not equals or (card[1:] == "5" and rank in ("0", "10")))
    if verb == "sell":
        return len(args) == 1 and args[0].isascii() and args[0].isdigit()
    if verb == "b":
        return len(args) in (1, 2) and all(a in _SQUARES for a in args)
    if verb == "x":
        return len(args) == 1 and args[0] in _SQUARES
    return False
