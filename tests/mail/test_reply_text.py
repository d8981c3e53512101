"""Telling the player's new text from the quoted email (mail.reply_text), line by line."""

import pytest
from django.utils import translation

from mail import reply_text
from mail.reply_text import Reference, read, words


@pytest.fixture(autouse=True)
def english():
    """The reading says why in the active language (mail.inbound makes it the
    player's); these tests read its English, whatever an earlier test left active."""
    with translation.override("en"):
        yield


LEGAL = ["a1-a3=2", "b1-b3=2", "c1-c2=1", "d1-d2=1", "e1-e4=3", "f1-f3=2"]
SENT = (
    "Hello Alice,\n\nIt is your turn. Reply to this email with your move as the first line "
    "to play it.\n\n== Triad #7 with Bob ==\nYour move by Fri 4 Dec 2026, 14:26 UTC.\n"
    f"Legal moves: {'  '.join(LEGAL)}\nOpen the game: https://tripost.test/games/7/\n\n--\n"
    "Tripost. Email preferences: https://tripost.test/settings/\n"
)
REF = Reference([words(SENT)])


def quoted(text, prefix="> "):
    return "".join(f"{prefix}{line}\n".replace("> \n", ">\n") for line in text.splitlines())


def test_german_is_the_first_language_of_the_quote_headers():
    assert reply_text.LANGUAGES[0] == "de"
    assert {"en", "da", "pl", "fr", "es", "nl", "it", "sv", "cs"} <= set(reply_text.LANGUAGES)


def test_a_move_on_top_is_read_and_the_quote_is_not():
    text = f"b1-b3=2\n\nOn Mon, 2 Mar 2026, Tripost wrote:\n{quoted(SENT)}"
    reading = read(text, reference=REF, legal=LEGAL)
    assert (reading.action, reading.new_text, reading.problem) == ("b1-b3=2", "b1-b3=2", "")


def test_a_wrapped_piece_of_the_quoted_list_is_never_the_move():
    # The list rewrapped by a client so that its last move stands alone on a line,
    # without a quote header and without ">": the quote's words run on through it.
    body = SENT.replace("  e1-e4=3  f1-f3=2\n", "  e1-e4=3\nf1-f3=2\n")
    assert read(body, reference=REF, legal=LEGAL).action is None
    # The same piece having lost its ">" in a prefixed quote.
    lines = quoted(SENT).replace("  e1-e4=3  f1-f3=2\n", "  e1-e4=3\nf1-f3=2\n")
    assert read(f"On Mon, Tripost wrote:\n{lines}", reference=REF, legal=LEGAL).action is None


def test_a_move_written_just_below_the_quoted_list_is_the_players():
    # Even the list's last move: the quoted line below it is prefixed, so the move is
    # not a rewrapped piece of the quote.
    head, tail = quoted(SENT).split("> Open the game")
    text = f"On Mon, Tripost wrote:\n{head}\nf1-f3=2\n\n> Open the game{tail}"
    assert read(text, reference=REF, legal=LEGAL).action == "f1-f3=2"


def test_a_move_below_an_unprefixed_quote_is_read_when_the_quote_ends_with_the_email():
    header = "From: Tripost <play@tripost.test>\nSent: Monday\nTo: Alice\nSubject: Your turn\n"
    text = f"{header}\n{SENT}\nc1-c2=1\n"
    assert read(text, reference=REF, legal=LEGAL).action == "c1-c2=1"
    # A quote cut short: where the quote ends cannot be told, so nothing is played.
    cut = SENT.split("Open the game")[0]
    assert read(f"{header}\n{cut}\nc1-c2=1\n", reference=REF, legal=LEGAL).action is None


def test_two_different_moves_play_nothing_and_say_which():
    reading = read("a1-a3=2\n\nor maybe\n\ne1-e4=3\n", reference=REF, legal=LEGAL)
    assert reading.action is None
    assert "“a1-a3=2”, “e1-e4=3”" in reading.problem
    assert reading.new_text == "a1-a3=2\nor maybe\ne1-e4=3"


def test_the_same_move_twice_is_one_move():
    assert read("a1-a3=2\na1-a3=2\n", reference=REF, legal=LEGAL).action == "a1-a3=2"


def test_nothing_new_says_so():
    reading = read(f"\nOn Mon, Tripost wrote:\n{quoted(SENT)}", reference=REF, legal=LEGAL)
    assert (reading.action, reading.new_text) == (None, "")
    assert "no text of its own" in reading.problem


def test_case_punctuation_and_signatures_are_forgiven():
    text = f"  B1-b3=2.  \n\n-- \nAlice\nSent from my iPhone\n\n{quoted(SENT)}"
    reading = read(text, reference=REF, legal=LEGAL)
    assert (reading.action, reading.new_text) == ("b1-b3=2", "B1-b3=2.")


HEADERS = [
    "On Mon, 2 Mar 2026 at 09:05, Tripost <play@tripost.test> wrote:",
    "On Mon, 2 Mar 2026 at 09:05, Tripost <play@tripost.test>\nwrote:",
    "Am Mo., 2. März 2026 um 09:05 Uhr schrieb Tripost <play@tripost.test>:",
    "2014-10-17 11:28 GMT+03:00 Tripost <play@tripost.test>:",
    "From: Tripost [mailto:play@tripost.test]\nSent: Monday, March 2, 2026 9:05 AM",
    "Von: Tripost <play@tripost.test>\nGesendet: Montag, 2. März 2026 09:05",
    "---- Tripost wrote ----",
    "Sent from Samsung MobileTripost <play@tripost.test> wrote:",
    "-------- Original message --------",
    "----- Ursprüngliche Mail -----",
    "-----Ursprüngliche Nachricht-----",
    "Den 2. mar. 2026 kl. 09.05 skrev Tripost <play@tripost.test>:",
    "W dniu 2.03.2026 o 09:05, Tripost <play@tripost.test> pisze:",
    "pon., 2 mar 2026 o 09:05 Tripost <play@tripost.test> napisał(a):",
    "пн, 2 бер. 2026 о 09:05 Tripost <play@tripost.test> пише:",
    "Le lun. 2 mars 2026 à 09:05, Tripost <play@tripost.test> a écrit :",
    "El lun, 2 mar 2026 a las 09:05, Tripost (<play@tripost.test>) escribió:",
    "Op ma 2 mrt 2026 om 09:05 schreef Tripost <play@tripost.test>:",
    "Il giorno lun 2 mar 2026 alle ore 09:05 Tripost <play@tripost.test> ha scritto:",
    "Den mån 2 mars 2026 kl 09:05 skrev Tripost <play@tripost.test>:",
    "Dne po 2. 3. 2026 9:05 uživatel Tripost <play@tripost.test> napsal:",
    "On Monday, March 2, 2026, 09:05:12 AM GMT+1, Tripost <play@tripost.test> wrote:",
    "Begin forwarded message:",
    "2026. márc. 2., h 9:05 időpontban Tripost <play@tripost.test> ezt írta:",
    "Od: Tripost <play@tripost.test>\nWysłano: poniedziałek, 2 marca 2026 09:05",
    # Headers the client wrapped onto two or three lines.
    "Am Di., 3. März 2026 um 10:15 Uhr schrieb Tripost <\nplay@tripost.test>:",
    "On Tue, 3 Mar 2026 at 10:15, Tripost\n<play@tripost.test>\nwrote:",
]


@pytest.mark.parametrize("header", HEADERS)
def test_quote_headers_are_recognised_without_knowing_what_was_sent(header):
    # Nothing known of the email (an empty reference): only the header says that the
    # unprefixed lines below it are quoted, and a move among them is never played.
    text = f"{header}\n\nIt is your turn.\nLegal moves:\nb1-b3=2\n"
    reading = read(text, reference=Reference(), legal=LEGAL)
    assert reading.action is None
    assert reading.new_text == ""
    assert "inside the quoted email" in reading.problem
    reading = read(f"e1-e4=3\n\n{text}", reference=Reference(), legal=LEGAL)
    assert reading.action == "e1-e4=3"


def test_html_quotes_become_prefixed_lines_and_pictures_their_description():
    markup = (
        "<div>b1-b3=2</div><blockquote><p>Legal moves: <code>a1-a3=2</code></p>"
        '<img src="cid:x" alt="The board of Triad #7"><blockquote>older</blockquote>'
        "</blockquote><p>after &amp; below</p>"
    )
    assert reply_text.html_to_text(markup).split("\n") == [
        "b1-b3=2",
        "",
        "> Legal moves: a1-a3=2",
        "> [The board of Triad #7]",
        "> > older",
        "",
        "after & below",
        "",
    ]


def test_moves_that_differ_only_in_case_need_the_exact_spelling():
    legal = ["p I8", "p i8", "p M1"]
    assert read("P m1\n", reference=REF, legal=legal).action == "p M1"
    assert read("p i8\n", reference=REF, legal=legal).action == "p i8"
    reading = read("P I8\n", reference=REF, legal=legal)
    assert reading.action is None and "differ only in capital letters" in reading.problem


def test_own_text_without_a_legal_move_says_so_and_is_quoted_back():
    reading = read(
        "Hi,\nwhich move is best?\n\n> Legal moves: a1-a3=2\n", reference=REF, legal=LEGAL
    )
    assert reading.action is None
    assert reading.problem == "none of the lines of your own text is a legal move now"
    assert reading.new_text == "Hi,\nwhich move is best?"


def test_a_move_written_inside_an_unprefixed_quote_is_not_played_and_the_player_told_why():
    # Outlook quotes without ">": a line between quoted lines cannot be told from them.
    header = "From: Tripost <play@tripost.test>\nSent: Monday\nTo: Alice\nSubject: Your turn\n"
    head, tail = SENT.split("Open the game")
    reading = read(f"{header}\n{head}\nc1-c2=1\n\nOpen the game{tail}", reference=REF, legal=LEGAL)
    assert reading.action is None
    assert "write your move above the quote" in reading.problem


def test_a_huge_reply_is_read_only_so_far():
    # A hostile reply is not read on for seconds: its first 100,000 characters decide.
    text = "a1-a3=2\n" + "x " * reply_text.MAX_CHARS + "\ne1-e4=3\n"
    reading = read(text, reference=REF, legal=LEGAL)
    assert reading.action == "a1-a3=2"
    assert "e1-e4=3" not in reading.new_text
