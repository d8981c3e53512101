"""A deploy check: every committed German catalogue is compiled, and not older than
its .po (else German pages and emails would fall back to English without a word)."""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.core.checks import Warning, register

SKIP = {".venv", "var", "node_modules", ".git"}


def stale_catalogues(root: Path) -> list[Path]:
    """The .po files under ``root`` whose .mo is missing or older."""
    stale = []
    for po in root.rglob("LC_MESSAGES/*.po"):
        if SKIP.intersection(po.relative_to(root).parts):
            continue
        mo = po.with_suffix(".mo")
        if not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime:
            stale.append(po)
    return sorted(stale)


@register(deploy=True)
def catalogues_compiled(app_configs, **kwargs):
    stale = stale_catalogues(Path(settings.BASE_DIR))
    if not stale:
        return []
    names = ", ".join(str(p.relative_to(settings.BASE_DIR)) for p in stale)
    return [
        Warning(
            f"Translations not compiled: {names}.",
            hint="Run bin/messages compile (it needs GNU gettext: bin/ensure-gettext).",
            id="accounts.W001",
        )
    ]
