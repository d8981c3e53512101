"""Players' names: one way to write each, none that passes for another's.

- **Normalised**: Unicode NFKC (full-width letters, ligatures and the like become
  their plain forms; Django applies it to usernames already), outer spaces dropped,
  inner runs of spaces made one.
- **Visible**: no control, format (zero-width, bidirectional overrides), private-use
  or unassigned characters.
- **One script**: letters of at most one script, as Unicode's "highly restrictive"
  profile (UTS #39, 5.2) allows, where Latin may join Han with Hiragana and Katakana,
  Bopomofo or Hangul as Japanese, Chinese and Korean names are written. ``аlice``
  with a Cyrillic ``а`` is refused.
- **Not the site's own words**: no name that reads as what the site calls a seat
  without a person ("Computer", "Computer (Expert)", "Open seat", "Red (computer)")
  or a deleted account ("deleted player 12"), in any of its languages: a player so
  named could pass for a computer player or an empty seat.
- **Unlike any other**: no two players' names (usernames and display names alike)
  share a *skeleton*: the name with each character replaced by one representative of
  the characters it can be mistaken for (the Unicode confusables data, through
  confusable-homoglyphs), then case-folded. ``Alice``, ``alice``, ``AIice`` (capital
  i) and ``аlісе`` (all Cyrillic) have one skeleton. The database keeps usernames and
  display names unique regardless of case (constraints on ``Lower``); the skeleton of
  each is stored beside it for the comparison.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from confusable_homoglyphs import categories, confusables
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

INVISIBLE = {"Cc", "Cf", "Co", "Cs", "Cn"}
# Scripts that may share a name (UTS #39 "highly restrictive"); any one script alone
# is always fine. Common (digits, punctuation) and Inherited (combining marks) join any.
ALLOWED_MIXES = (
    {"LATIN", "HAN", "HIRAGANA", "KATAKANA"},
    {"LATIN", "HAN", "BOPOMOFO"},
    {"LATIN", "HAN", "HANGUL"},
)
NEUTRAL = {"COMMON", "INHERITED"}


def shown(name: str, is_bot: bool) -> str:
    """A player's name as others see it: a bot account's with "(bot)" after it."""
    return f"{name} (bot)" if is_bot else name


def normalise(name: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", name).split())


def scripts(name: str) -> set[str]:
    return {s for s in categories.unique_aliases(name) if s not in NEUTRAL}


def check(name: str) -> None:
    """Raise ValidationError unless ``name`` (normalised) is visible and in one script."""
    if any(unicodedata.category(c) in INVISIBLE for c in name):
        raise ValidationError(
            _("This name holds invisible or control characters. Please remove them."),
            code="invisible",
        )
    if is_site_label(name):
        raise ValidationError(
            _(
                "This name is one the site uses for computer players, open seats or "
                "deleted accounts. Please choose another."
            ),
            code="site_label",
        )
    if shown("", True).strip().casefold() in name.casefold():
        raise ValidationError(
            _("Only bot accounts are marked “(bot)”. Please choose another name."),
            code="bot_mark",
        )
    used = scripts(name)
    if len(used) > 1 and not any(used <= mix for mix in ALLOWED_MIXES):
        raise ValidationError(
            _(
                "This name mixes letters of different scripts (such as Latin and Cyrillic). "
                "Please write it in one script."
            ),
            code="mixed_script",
        )


def _letters(text: str) -> str:
    """What a reader takes ``text`` for, spacing and punctuation aside."""
    return "".join(c for c in skeleton(text.upper()) if c.isalnum())


@lru_cache(maxsize=1)
def _site_labels() -> frozenset[str]:
    """``_letters`` of every name the site gives a seat without a person, in each of
    its languages (``games.models.seat_name``: computer players of each level, the
    rules' computer-run seats in each colour, an open seat)."""
    from django.conf import settings
    from django.utils import translation

    from games import registry
    from games.computer.levels import LEVELS
    from games.models import Controller, seat_name

    colours = {""}
    for spec in registry.all():
        labels = spec.seat_labels
        for n in range(spec.min_players, spec.max_players + 1) if labels else ():
            colours.update(str(label) for label in labels(n, {}))
    found = set()
    for language, _name in settings.LANGUAGES:
        with translation.override(language):
            for colour in colours:
                found.add(seat_name(None, Controller.NPC, colour))
                found.add(seat_name(None, Controller.HUMAN, colour))
            for level in ("", *LEVELS):
                found.add(seat_name(None, Controller.BOT, "", level))
    return frozenset(_letters(label) for label in found)


def is_site_label(name: str) -> bool:
    """Whether ``name`` reads as one of the site's names for a seat without a person or
    for a deleted account (``leaving.services.anonymous_name``, "deleted player 12";
    its username "deleted-12")."""
    letters = _letters(name)
    if letters in _site_labels():
        return True
    digits = {_letters(d) for d in "0123456789"}
    for prefix in ("deleted player", "deleted"):
        rest = letters.removeprefix(_letters(prefix))
        if rest != letters and rest and all(c in digits for c in rest):
            return True
    return False


def _homoglyphs(char: str) -> set[str]:
    found = confusables.is_confusable(char, greedy=True)
    if not found:
        return set()
    glyphs = (g["c"].replace("\u200e", "").replace("\u200f", "") for g in found[0]["homoglyphs"])
    return {g for g in glyphs if len(g) == 1}


@lru_cache(maxsize=4096)
def _representative(char: str) -> str:
    """One character for all ``char`` may be mistaken for, the first ASCII one if any
    (the data lists lookalikes one way only: two steps reach ``I``, ``l`` and ``1``)."""
    group = {char} | _homoglyphs(char)
    for glyph in list(group):
        group |= _homoglyphs(glyph)
    ascii_ones = sorted(c for c in group if c.isascii() and c.isprintable())
    return ascii_ones[0] if ascii_ones else min(group)


def skeleton(name: str) -> str:
    """What ``name`` looks like: equal skeletons are names a reader could mistake.
    Mapped, case-folded, mapped again: ``ALICE`` and ``Alice`` meet at ``a1ice``."""

    def mapped(text: str) -> str:
        return "".join(_representative(c) for c in text)

    return mapped(mapped(normalise(name)).casefold())


def taken(name: str, *, by_others_than: int | None) -> bool:
    """Whether another player's username or display name looks like ``name``."""
    from django.contrib.auth import get_user_model
    from django.db.models import Q

    User = get_user_model()  # (accounts.models imports this module)
    key = skeleton(name)
    others = User.objects.exclude(pk=by_others_than) if by_others_than else User.objects
    return others.filter(
        Q(username__iexact=name)
        | Q(display_name__iexact=name)
        | Q(username_skeleton=key)
        | Q(display_name_skeleton=key)
    ).exists()


TAKEN_MESSAGE = _("This name is taken, or looks too much like another player's name.")


def clean(name: str, *, user_pk: int | None) -> str:
    """The normalised name, or ValidationError saying what is wrong with it."""
    name = normalise(name)
    if not name:
        return name
    check(name)
    if taken(name, by_others_than=user_pk):
        raise ValidationError(TAKEN_MESSAGE, code="taken")
    return name
