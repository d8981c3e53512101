"""Every committed German catalogue is complete and valid (issue 16).

Each msgid has a German msgstr (every plural form too), none is marked fuzzy, and
``msgfmt --check`` accepts the file (format placeholders match the msgid's).
"""

import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SKIP = {".venv", "var", "node_modules", ".git"}


def catalogues() -> list[Path]:
    found = []
    for path in ROOT.rglob("de/LC_MESSAGES/*.po"):
        if not SKIP.intersection(path.relative_to(ROOT).parts):
            found.append(path)
    return sorted(found)


def test_there_are_german_catalogues():
    assert catalogues(), "no locale/de/LC_MESSAGES/*.po committed"


@pytest.mark.parametrize("path", catalogues(), ids=lambda p: str(p.relative_to(ROOT)))
def test_catalogue_is_complete_and_valid(path):
    import polib

    catalogue = polib.pofile(str(path))
    fuzzy = [entry.msgid for entry in catalogue.fuzzy_entries()]
    assert not fuzzy, f"fuzzy entries: {fuzzy[:5]}"
    missing = [entry.msgid for entry in catalogue.untranslated_entries()]
    assert not missing, f"{len(missing)} without German, e.g. {missing[:5]}"
    check = subprocess.run(
        ["msgfmt", "--check", "-o", "/dev/null", str(path)], capture_output=True, text=True
    )
    assert check.returncode == 0, check.stderr
