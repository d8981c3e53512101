"""Issue 13 point 12: the systemd units in deploy/systemd restart web, worker and beat
whatever way they end, run the README's commands, and are valid unit files."""

from __future__ import annotations

import configparser
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
UNITS = ROOT / "deploy" / "systemd"
COMMANDS = {
    "tripost-web.service": "/srv/tripost/.venv/bin/gunicorn config.wsgi",
    "tripost-worker.service": "/srv/tripost/.venv/bin/celery -A config worker",
    "tripost-beat.service": "/srv/tripost/.venv/bin/celery -A config beat",
}


def _unit(name: str) -> configparser.ConfigParser:
    parser = configparser.ConfigParser(interpolation=None, strict=False)
    parser.optionxform = str  # systemd's keys are case-sensitive
    parser.read(UNITS / name)
    return parser


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_each_process_is_restarted_however_it_ends(name):
    unit = _unit(name)
    service = unit["Service"]
    assert service["Restart"] == "always"
    assert int(service["RestartSec"]) <= 10
    assert unit["Unit"]["StartLimitIntervalSec"] == "0"  # never gives up
    assert service["ExecStart"].startswith(COMMANDS[name])
    assert service["EnvironmentFile"] == "/etc/tripost/tripost.env"
    assert service["User"] != "root"
    assert unit["Install"]["WantedBy"] == "multi-user.target"


def test_the_units_are_valid_for_systemd(tmp_path):
    """``systemd-analyze verify`` on the units, pointed at this checkout (Debian has
    it with systemd; where it is missing the checks above still hold)."""
    analyze = shutil.which("systemd-analyze")
    for name in COMMANDS:
        text = (UNITS / name).read_text().replace("/srv/tripost", str(ROOT))
        (tmp_path / name).write_text(text)
    if analyze is None:
        return
    result = subprocess.run(
        [analyze, "verify", *(str(tmp_path / n) for n in COMMANDS)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    problems = [
        line
        for line in (result.stdout + result.stderr).splitlines()
        if "tripost-" in line and "EnvironmentFile" not in line
    ]
    assert problems == [], problems
