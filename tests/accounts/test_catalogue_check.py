"""`check --deploy` says when the German catalogues are not compiled (pages and emails
would silently stay English)."""

import os
import shutil
from pathlib import Path

from accounts.checks import stale_catalogues

ROOT = Path(__file__).resolve().parents[2]


def test_a_missing_or_older_mo_is_reported_and_a_compiled_one_is_not(tmp_path):
    po = ROOT / "games" / "locale" / "de" / "LC_MESSAGES" / "django.po"
    folder = tmp_path / "games" / "locale" / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    copy = folder / "django.po"
    shutil.copy(po, copy)
    assert stale_catalogues(tmp_path) == [copy]  # never compiled
    mo = copy.with_suffix(".mo")
    mo.write_bytes(b"")
    os.utime(copy, (mo.stat().st_mtime + 10,) * 2)
    assert stale_catalogues(tmp_path) == [copy]  # edited after compiling
    os.utime(mo, (copy.stat().st_mtime + 10,) * 2)
    assert stale_catalogues(tmp_path) == []


def test_the_checkout_as_bin_test_leaves_it_is_compiled():
    assert stale_catalogues(ROOT) == []
