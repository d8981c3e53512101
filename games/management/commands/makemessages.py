"""``makemessages`` as Django's, reading the Jinja templates too (``*.jinja``, the
game page's body: config/jinja.py).

Django's command reads its own template language only. A ``.jinja`` file is turned
into Python for ``xgettext`` by Jinja's own extractor (``jinja2.ext.babel_extract``:
``_()``, ``gettext``, ``ngettext``, ``pgettext`` and ``{% trans %}`` blocks), each call
on its template line, so the catalogue names the template and the messages read as
Django's ``{% blocktranslate %}`` writes them (``%(name)s``).
"""

from __future__ import annotations

import io

from django.core.management.commands import makemessages
from jinja2.ext import babel_extract

CALLS = {"gettext": "gettext", "_": "gettext", "ngettext": "ngettext",
         "pgettext": "pgettext", "npgettext": "npgettext"}  # fmt: skip


def jinja_as_python(source: str) -> str:
    """The messages of a Jinja template as Python calls, each on its template line."""
    lines: dict[int, list[str]] = {}
    found = babel_extract(io.BytesIO(source.encode()), CALLS, [], {})
    for lineno, function, message, _comments in found:
        strings = message if isinstance(message, tuple) else (message,)
        strings = [s for s in strings if s is not None]  # (ngettext's n)
        if function in ("ngettext", "npgettext"):
            strings.append(1)
        args = ", ".join(repr(s) for s in strings)
        lines.setdefault(lineno, []).append(f"{CALLS[function]}({args})")
    count = source.count("\n") + 1
    return "\n".join("; ".join(lines.get(n, [])) for n in range(1, count + 1)) + "\n"


class BuildFile(makemessages.BuildFile):
    def preprocess(self):
        if not self.path.endswith(".jinja"):
            return super().preprocess()
        with open(self.path, encoding="utf-8") as fp:
            content = jinja_as_python(fp.read())
        with open(self.work_path, "w", encoding="utf-8") as fp:
            fp.write(content)


class Command(makemessages.Command):
    build_file_class = BuildFile

    def handle(self, *args, **options):
        if options.get("domain", "django") == "django" and not options.get("extensions"):
            options["extensions"] = ["html", "txt", "py", "jinja"]
        return super().handle(*args, **options)
