"""No internal rule code in what a player reads (issue 34).

The rulings (``/work/shared/RULINGS.md``) have ids, TD1-TD10 for Triad, TS1-TS16 for
Trias, TT1-TT11 for Tri*T*Area, for the code: docstrings and tests cite them. A player
never sees one: not on a rules page, the game page, a hint, an email or a refusal.

Everything a player reads comes from one of: a string in the site's Python code (the
engines' sentences and refusals, the boards' guides, the views' messages), a template
(pages and emails), or a translation catalogue (the German of all of those). Each is
read here; docstrings, comments and the migrations are not shown to anyone. The rules
pages are also read as rendered, in English and German, with every diagram's caption
and the engines' quoted words.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from games.engines import ENGINES
from tests.i18n.english import texts_of
from tests.i18n.test_learn_german import german_catalogue  # noqa: F401 (a fixture)

ROOT = Path(__file__).resolve().parents[2]
RULE_CODE = re.compile(r"\bT[DST]\d{1,2}\b")
NOT_SHOWN = {".venv", "tests", "var", "benchmarks", "migrations", "shots", "node_modules"}
TEMPLATE_COMMENT = re.compile(
    r"\{#.*?#\}|\{%-?\s*comment\s*-?%\}.*?\{%-?\s*endcomment\s*-?%\}", re.S
)


def _site_files(*suffixes: str) -> list[Path]:
    return sorted(
        path
        for path in ROOT.rglob("*")
        if path.suffix in suffixes and not NOT_SHOWN & set(path.relative_to(ROOT).parts)
    )


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def codes_in_python_strings(path: Path) -> list[str]:
    """Each string in ``path`` (not a docstring) that names a rule code."""
    tree = ast.parse(path.read_text(), str(path))
    docstrings = _docstrings(tree)
    return [
        f"{path.relative_to(ROOT)}:{node.lineno}: {node.value[:100]!r}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
        and RULE_CODE.search(node.value)
    ]


def catalogue_entries(po: Path) -> list[tuple[str, str]]:
    """``(msgid, msgstr)`` of each entry of a ``.po`` file, plural forms joined."""
    entries, current, field = [], {"msgid": "", "msgstr": ""}, None
    for line in [*po.read_text().splitlines(), ""]:
        if not line.strip():
            if current["msgid"] or current["msgstr"]:
                entries.append((current["msgid"], current["msgstr"]))
            current, field = {"msgid": "", "msgstr": ""}, None
        elif line.startswith("#"):
            continue
        elif line.startswith(("msgid", "msgstr", "msgctxt")):
            keyword, _, value = line.partition(" ")
            field = "msgstr" if keyword.startswith("msgstr") else keyword.split("_")[0]
            current.setdefault(field, "")
            current[field] += " " + ast.literal_eval(value)
        elif line.startswith('"') and field:
            current[field] += ast.literal_eval(line)
    return entries


def test_the_pattern_finds_the_codes_players_were_shown():
    """The codes as the issue found them, and not the notation that looks alike."""
    for shown in ("Draws (TD10): a player", "out (TS10) draws", "(TS5).", "rounds 2 and 3 (TT7)"):
        assert RULE_CODE.search(shown), shown
    for notation in ("m 1,0>2,-1", "c1-c4=3", "lead M4", "Seat T3", "TSV 1860", "the 10 of T"):
        assert not RULE_CODE.search(notation), notation


def test_no_string_in_the_sites_code_names_a_rule_code():
    """Sentences of the engines (moves, refusals, results, site rulings), the boards'
    guides and hints, the views' and emails' messages: every string but docstrings."""
    files = _site_files(".py")
    assert any(path.parts[-3:] == ("trias", "engine", "rules.py") for path in files)
    found = [hit for path in files for hit in codes_in_python_strings(path)]
    assert found == []


def test_no_template_names_a_rule_code():
    """Pages and every email, outside template comments."""
    templates = _site_files(".html", ".txt")
    assert len(templates) > 50
    found = [
        f"{path.relative_to(ROOT)}: {match.group(0)}"
        for path in templates
        if "requirements" not in path.parts
        for match in RULE_CODE.finditer(TEMPLATE_COMMENT.sub("", path.read_text()))
    ]
    assert found == []


def test_no_catalogue_entry_shows_a_rule_code():
    """The English message ids and their German, in every catalogue."""
    catalogues = sorted(ROOT.glob("locale/*/LC_MESSAGES/django.po"))
    catalogues += sorted(ROOT.glob("*/locale/*/LC_MESSAGES/django.po"))
    assert len(catalogues) == 4
    found = []
    for po in catalogues:
        entries = catalogue_entries(po)
        assert len(entries) > 50, po
        found += [
            f"{po.relative_to(ROOT)}: {msgid[:80]!r} / {msgstr[:80]!r}"
            for msgid, msgstr in entries
            if RULE_CODE.search(msgid) or RULE_CODE.search(msgstr)
        ]
    assert found == []


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("engine", sorted(ENGINES))
def test_a_rules_page_as_shown_names_no_rule_code(german_catalogue, engine, language):  # noqa: F811
    response = Client(HTTP_ACCEPT_LANGUAGE=language).get(reverse("game_help", args=[engine]))
    assert response.status_code == 200 and response["Content-Language"] == language
    html = response.content.decode()
    shown = "\n".join(texts_of(re.search(r"<main\b.*?</main>", html, re.S).group(0)))
    assert "(" in shown and len(shown) > 5000  # the whole page, its rulings included
    assert RULE_CODE.findall(shown) == []


@pytest.mark.django_db
def test_a_triad_draw_stored_before_reads_without_its_code_in_both_languages(
    german_catalogue,  # noqa: F811
):
    """Finished games kept the old sentence "... (ruling TD10)" and its message id, in
    the result and in the last move's description; the migration rewrites them to the
    engine's sentence of today, which the German catalogue has."""
    from importlib import import_module

    from django.apps import apps
    from django.utils import translation

    from games.models import Game, Move
    from tests.factories import UserFactory, play_first_legal, start_game

    migration = import_module("games.migrations.0014_stored_results_reworded")
    game = start_game(UserFactory(username="alice"), UserFactory(username="bob"))
    play_first_legal(game)
    old = "drawn: the same position occurred for the third time (ruling TD10)"
    new = "drawn: the same position occurred for the third time"
    Game.objects.filter(pk=game.pk).update(result_reason=old, result_text={"msgid": old})
    move = Move.objects.get(game=game)
    played = move.description_text
    Move.objects.filter(pk=move.pk).update(
        description=f"{move.description}; the game is {old}",
        description_text={
            "msgid": "%(move)s; the game is %(reason)s",
            "params": {"move": played, "reason": {"msgid": old}},
        },
    )

    migration.forwards(apps, None)

    game.refresh_from_db()
    move.refresh_from_db()
    assert game.result_reason == new and game.result_text == {"msgid": new}
    assert move.description.endswith(f"; the game is {new}")
    assert move.description_text["params"] == {"move": played, "reason": {"msgid": new}}
    assert not RULE_CODE.search(game.result_shown + move.description_shown)
    with translation.override("de"):
        assert game.result_shown == "remis: dieselbe Stellung ist zum dritten Mal entstanden"
        assert move.description_shown.endswith(
            "die Partie endet remis: dieselbe Stellung ist zum dritten Mal entstanden"
        )
