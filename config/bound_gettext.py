"""Django's ``gettext``, ``ngettext`` and ``pgettext`` bound to the active language once,
for a stretch of work in one language (a page being drawn).

Django's own functions look the active language up on every call, through an asgiref
``Local``: a few microseconds, several times what finding the message costs, and a
game page translates a few hundred messages (its board's labels, its guide, its
frame). A ``BoundGettext`` looks the language up when it is made and then asks that
language's catalogue directly, giving what Django's functions give in it.

Only for work that does not switch language while it runs; ``translation.override``
inside it is not seen.
"""

from __future__ import annotations

import gettext as gettext_module

from django.utils import translation
from django.utils.translation import trans_real

CONTEXT_SEPARATOR = trans_real.CONTEXT_SEPARATOR


class BoundGettext:
    """The active language's message functions (the engines' ``Catalog`` protocol)."""

    __slots__ = ("_catalog",)

    def __init__(self) -> None:
        language = translation.get_language()  # None after ``deactivate_all``
        self._catalog = (
            trans_real.translation(language) if language else gettext_module.NullTranslations()
        )

    def gettext(self, message: str) -> str:
        message = message.replace("\r\n", "\n").replace("\r", "\n")  # (as Django's)
        # (an empty message is "", not the catalogue's header)
        return self._catalog.gettext(message) if message else ""

    def ngettext(self, singular: str, plural: str, number: int) -> str:
        return self._catalog.ngettext(singular, plural, number)

    def pgettext(self, context: str, message: str) -> str:
        result = self.gettext(f"{context}{CONTEXT_SEPARATOR}{message}")
        return message if CONTEXT_SEPARATOR in result else result

    def npgettext(self, context: str, singular: str, plural: str, number: int) -> str:
        keys = (f"{context}{CONTEXT_SEPARATOR}{singular}", f"{context}{CONTEXT_SEPARATOR}{plural}")
        result = self.ngettext(*keys, number)
        return self.ngettext(singular, plural, number) if CONTEXT_SEPARATOR in result else result
