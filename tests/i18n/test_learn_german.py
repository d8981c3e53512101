"""The learn pages in German (issue 16): the rules index and the three rules pages
with every diagram, the watch list in each state it can be in, and the game cards.

A visitor asks with ``Accept-Language: de``; a signed-in player with
``User.language = "de"`` gets German whatever the browser says. Each page's content
(``<main>``; the site's header and footer are the base template's, checked with the
site's pages) must hold no English sentence, its sharing tags neither.

Two kinds of text on these pages are written by the games app, not by this one: the
boards (``games.boards`` draws every diagram) and the engines' own sentences quoted
in the captions (a move described, a refusal, a result, an option, a site ruling).
An engine sentence that is a translatable ``Text`` must come out German like the
rest; one the engine still writes as a plain ``str`` has no message id to translate
and is left out of the check (and listed by ``test_engine_words_are_shown_localized``
so it cannot be missed). The boards are checked like the rest.
"""

from __future__ import annotations

import re
import subprocess
from html import unescape
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from games.engines import ENGINES
from games.i18n import localize as localized
from games.models import Game
from learn import showcase, watching
from learn.diagrams import for_game
from learn.templatetags.learn import named
from tests.factories import UserFactory, play_first_legal, start_game
from tests.i18n.english import english_left, texts_of
from titles.trias.engine.rules import COLOURS as TRIAS_COLOURS
from titles.tritarea.engine.seats import COLOURS as TRITAREA_COLOURS

ROOT = Path(__file__).resolve().parents[2]
# Names that are right in German too: the games, the site, a player called alice.
ALLOWED = frozenset({"trias", "triad", "tri", "t", "area", "tripost", "alice", "bob", "carol"})
ENGINE_SENTENCE_KEYS = ("text", "reason", "refused", "not_farther", "not_touching", "absent")
ENGINE_SENTENCE_KEYS += ("blocked", "steps")
PAGES_LISTING_CHOICES = {"triad"}  # Triad's page names its setup option's choices
SHARING_TAG = re.compile(
    r'<meta (?:name|property)="(?:description|og:title|og:description|og:image:alt)"'
    r' content="([^"]*)"'
)


def german(client: Client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    assert response["Content-Language"] == "de", url
    return response.content.decode()


def visitor() -> Client:
    return Client(HTTP_ACCEPT_LANGUAGE="de")


def engine_sentences(engine: str) -> list[str]:
    """Every sentence of ``engine`` that its rules page quotes (figures, options,
    site rulings), as the engine wrote it."""
    found = []
    for diagram in for_game(engine).values():
        for key in ENGINE_SENTENCE_KEYS:
            value = diagram.figures.get(key)
            found.extend(value if isinstance(value, list) else [value] if value else [])
    for option in ENGINES[engine].options.values():
        found.append(option.label)
        if engine in PAGES_LISTING_CHOICES:
            found.extend(label for _value, label in option.choices)
    found.extend(getattr(ENGINES[engine], "SITE_RULES", ()))
    return [text for text in found if text]


def untranslatable(sentences: list[str]) -> list[str]:
    """The sentences with no message id (plain ``str``): nothing can translate them."""
    return [str(s) for s in sentences if not hasattr(s, "localized")]


def english_in_content(html: str, *, leave_out: list[str] = ()) -> list[str]:
    """English left in the page's ``<main>`` and in its sharing tags."""
    main = re.search(r"<main\b.*?</main>", html, re.S).group(0)
    pieces = texts_of(main)
    head = html[: html.index("</head>")]
    pieces.append(unescape(re.search(r"<title>(.*?)</title>", head, re.S).group(1)))
    pieces += [unescape(content) for content in re.findall(SHARING_TAG, head)]
    for sentence in sorted(leave_out, key=len, reverse=True):
        pieces = [piece.replace(" ".join(sentence.split()), "") for piece in pieces]
    text = "\n".join(p.replace("<", " ").replace(">", " ") for p in pieces)
    return english_left(text, allowed=ALLOWED)


@pytest.fixture(scope="module")
def german_catalogue():
    """Compiled catalogues: bin/test compiles them; a bare pytest run compiles here
    what is missing or older than its .po, and drops the translations read so far."""
    stale = [
        po
        for po in [
            *ROOT.glob("locale/de/LC_MESSAGES/django.po"),
            *ROOT.glob("*/locale/de/LC_MESSAGES/django.po"),
        ]
        if not po.with_suffix(".mo").exists()
        or po.with_suffix(".mo").stat().st_mtime < po.stat().st_mtime
    ]
    for po in stale:
        subprocess.run(["msgfmt", "--check", "-o", str(po.with_suffix(".mo")), str(po)], check=True)
    if stale:
        translation.trans_real._translations.clear()


@pytest.mark.django_db
def test_the_rules_index_and_its_game_cards_are_german(german_catalogue):
    html = german(visitor(), reverse("rules_index"))
    assert english_in_content(html) == []
    assert "So wird gespielt" in html and "Eine Partie zuschauen" in html
    with translation.override("de"):
        for card in showcase.GAMES.values():
            assert card.pitch in unescape(html) and card.players in unescape(html)


@pytest.mark.django_db
def test_the_front_pages_game_cards_are_german(german_catalogue):
    """The signed-out front page (the site's) shows this app's cards (_game_cards)."""
    html = german(visitor(), "/")
    start = html.index('<ul class="showcase">')
    end = html.index("</ul>", html.rindex('<li class="card"'))  # the last card's facts
    cards = html[start : html.index("</li>", end)]
    assert english_left(cards, allowed=ALLOWED) == []
    assert cards.count("Eine Partie zuschauen") == len(showcase.GAMES)


@pytest.mark.django_db
@pytest.mark.parametrize("engine", sorted(ENGINES))
def test_each_rules_page_is_german_with_every_diagram(german_catalogue, engine):
    html = german(visitor(), reverse("game_help", args=[engine]))
    with translation.override("de"):
        leave_out = untranslatable(engine_sentences(engine))
    assert english_in_content(html, leave_out=leave_out) == []
    title = ENGINES[engine].title
    assert f"So spielst du {title}" in unescape(html)
    # Every diagram kept its German text alternative and caption.
    assert html.count('role="img" aria-label="') == len(for_game(engine))
    assert "Seitwärts scrollen" in html or 'class="swipe-hint"' not in html


@pytest.mark.django_db
@pytest.mark.parametrize("engine", sorted(ENGINES))
def test_engine_words_are_shown_localized(german_catalogue, engine):
    """What the engine writes reaches the page through its translation (``Text``), and
    the seat names in the captions are German."""
    html = unescape(german(visitor(), reverse("game_help", args=[engine])))
    with translation.override("de"):
        for sentence in engine_sentences(engine):
            assert " ".join(localized(sentence).split()) in " ".join(html.split()), sentence
    with translation.override("de"):  # the seat names as the game itself says them
        trias_colours = [named(colour) for colour in TRIAS_COLOURS]
        tritarea_colours = [named(colour) for colour in TRITAREA_COLOURS]
    assert "Blue" not in trias_colours and "Purple" not in tritarea_colours
    if engine == "trias":  # rulebook Example 2, case B
        _red, blue, purple, black, _white = trias_colours
        assert f"Punkte: {blue} 2, {black} 2, {purple} 1" in html
    if engine == "tritarea":  # the rulebook's Q&A: one colour alone in an area
        assert f"{tritarea_colours[3]} erhält beide Plätze, 10 Punkte" in html


@pytest.mark.django_db
@pytest.mark.parametrize("engine", sorted(ENGINES))
def test_every_engine_sentence_a_rules_page_quotes_can_be_translated(german_catalogue, engine):
    """Issue 34: the refusals quoted on the rules pages (five on Trias', one on
    Tri*T*Area's) were the engine's words as plain English; they are its ``Text``s now,
    so the German page quotes them in German."""
    with translation.override("de"):
        assert untranslatable(engine_sentences(engine)) == []
    html = " ".join(unescape(german(visitor(), reverse("game_help", args=[engine]))).split())
    if engine == "trias":
        for german_words in (
            "„das Plättchen auf 2,0 kann nicht nach 2,-2 driften: 2,-2 ist nicht weiter",
            "„das Plättchen auf 2,0 kann nicht nach 4,-1 driften: 4,-1 berührt",
            "„das Plättchen auf 4,-3 kann nicht driften: Du hast keine Herde an Land",
            "„das Plättchen auf 1,-1 trägt 3 von 3 Herden: es kann nicht betreten werden“",
            "„das Plättchen auf 3,0 kann nicht nach 2,1 driften",
        ):
            assert german_words in html
        assert "the tile at" not in html and "cannot be entered" not in html
    if engine == "tritarea":
        assert "ist ein Computerplatz und muss mindestens einen Baustein setzen.“" in html
        assert "is a computer seat" not in html


@pytest.mark.django_db
def test_a_player_who_chose_german_reads_the_rules_in_german_from_an_english_browser(
    german_catalogue,
):
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(UserFactory(username="alice", language="de"))
    html = german(client, reverse("game_help", args=["triad"]))
    assert "So spielst du Triad" in html
    assert english_in_content(html, leave_out=untranslatable(engine_sentences("triad"))) == []
    # The same browser signed out stays English.
    assert (
        "How to play Triad"
        in Client(HTTP_ACCEPT_LANGUAGE="en").get("/rules/triad/").content.decode()
    )


@pytest.mark.django_db
def test_the_empty_watch_list_is_german(german_catalogue):
    for url in (reverse("watch"), reverse("watch") + "?game=trias"):
        html = german(visitor(), url)
        assert english_in_content(html) == [], url
        assert "Gerade läuft keine öffentliche Partie" in html


@pytest.fixture
def public_games():
    alice, bob, carol = (UserFactory(username=n) for n in ("alice", "bob", "carol"))
    triad = start_game(alice, bob)
    play_first_legal(triad)
    trias = start_game(alice, bob, carol, engine="trias")  # no move yet
    solo = start_game(carol, engine="tritarea")  # computer seats fill the table
    Game.objects.filter(pk__in=[triad.pk, trias.pk, solo.pk]).update(is_public=True)
    return triad, trias, solo


@pytest.mark.django_db
def test_the_watch_list_with_games_is_german_for_visitors_and_players(
    german_catalogue, public_games
):
    player = Client(HTTP_ACCEPT_LANGUAGE="en")
    player.force_login(UserFactory(username="dora", language="de"))
    for client in (visitor(), player):
        html = german(client, reverse("watch"))
        assert english_in_content(html) == []
        assert "am Zug" in html and "noch keiner" in html  # who moves; Trias has no move
        assert "Letzter Zug" in html


@pytest.mark.django_db
def test_the_watch_list_pages_are_german(german_catalogue, public_games, monkeypatch):
    monkeypatch.setattr(watching, "PER_PAGE", 1)
    first = german(visitor(), reverse("watch"))
    assert english_in_content(first) == []
    assert "Seite 1 von 3" in first and "Ältere" in first
    last = german(visitor(), reverse("watch") + "?page=3")
    assert english_in_content(last) == []
    assert "Seite 3 von 3" in last and "Neuere" in last
