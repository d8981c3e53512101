"""Every kind of email scores at most 1.0 with SpamAssassin's own rules (issue 18).

Debian's ``spamassassin`` (installed by ``bin/ensure-spamassassin``, which ``bin/test``
runs) scores each email of ``tests.mail.specimens`` with local tests only
(``spamassassin -L -t``: no network, no Bayes history), all of them in one run
(``--mbox``). The emails are the bytes the SMTP backend would send. The scores and
the rules that fired are written to ``test-artifacts/mail/spam-scores.txt``.
"""

from __future__ import annotations

import mailbox
import os
import re
import subprocess
from pathlib import Path

import pytest

from tests.mail.specimens import specimens

pytestmark = pytest.mark.django_db

SPAMASSASSIN = os.environ.get("TRIPOST_SPAMASSASSIN", "/usr/bin/spamassassin")
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "mail"
LIMIT = 1.0
# Scored in the same run: an email with no Date and no Message-ID, which SpamAssassin's
# rules score at 3.3, so a run whose rules did not load cannot pass for a clean one.
CONTROL = b"From: someone@example.com\r\nTo: you@example.com\r\nSubject: hi\r\n\r\nhello\r\n"
_SCORE = re.compile(r"^Content analysis details:\s+\((-?[\d.]+) points", re.M)
_RULE = re.compile(r"^\s*(-?\d+\.\d+)\s+([A-Z0-9_]+)\s", re.M)


def score_all(messages: list[bytes], tmp_path: Path) -> list[tuple[float, list[str]]]:
    """SpamAssassin's score and fired rules (those worth points) for each message."""
    if not Path(SPAMASSASSIN).is_file():
        pytest.fail(
            f"The email tests need SpamAssassin at {SPAMASSASSIN}: run "
            "bin/ensure-spamassassin (or apt-get install spamassassin).",
            pytrace=False,
        )
    box_path = tmp_path / "emails.mbox"
    box = mailbox.mbox(box_path)
    for n, raw in enumerate(messages):
        message = mailbox.mboxMessage(raw)
        message["X-Specimen"] = str(n)  # SpamAssassin may answer in another order
        box.add(message)
    box.flush()
    box.close()
    home = tmp_path / "home"  # SpamAssassin's per-user files, kept out of $HOME
    home.mkdir()
    scored_path = tmp_path / "scored.mbox"
    with open(box_path, "rb") as stdin, open(scored_path, "wb") as stdout:
        out = subprocess.run(
            [SPAMASSASSIN, "-L", "-t", "--mbox", "--cf=use_bayes 0", "--cf=use_auto_whitelist 0"],
            stdin=stdin,
            stdout=stdout,
            stderr=subprocess.PIPE,
            env={**os.environ, "HOME": str(home)},
            timeout=600,
        )
    results: dict[int, tuple[float, list[str]]] = {}
    for message in mailbox.mbox(scored_path):
        text = message.as_string()
        score = _SCORE.search(text)
        assert score, out.stderr.decode(errors="replace")[-2000:]
        rules = text[score.end() :].partition("\n---- ")[2].partition("\n\n")[0]
        fired = [f"{name} {pts}" for pts, name in _RULE.findall(rules) if float(pts) != 0]
        results[int(message["X-Specimen"])] = (float(score.group(1)), fired)
    assert sorted(results) == list(range(len(messages))), out.stderr.decode()[-2000:]
    return [results[n] for n in range(len(messages))]


@pytest.mark.parametrize("language", ["", "de"], ids=["english", "german"])
def test_every_kind_of_email_scores_at_most_one(settings, tmp_path, language):
    found = specimens(settings, language=language)
    messages = [s.build().message().as_bytes(linesep="\r\n") for s in found]
    *results, control = score_all([*messages, CONTROL], tmp_path)
    assert control[0] > 3, f"SpamAssassin's rules seem not to be loaded: {control}"
    lines = [
        f"{score:5.1f}  {s.label:30s} {' '.join(rules)}"
        for s, (score, rules) in zip(found, results, strict=True)
    ]
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    name = f"spam-scores-{language}.txt" if language else "spam-scores.txt"
    (ARTIFACTS / name).write_text("\n".join(lines) + "\n")
    too_high = [line for line, (score, _r) in zip(lines, results, strict=True) if score > LIMIT]
    assert not too_high, "emails scoring above 1.0:\n" + "\n".join(too_high)
