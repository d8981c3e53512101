"""Telling the player's new text from the quoted email (mail.replies.reply_text), line by line."""

import pytest
from django.utils import translation

from mail.replies import reply_text
from mail.replies.reply_text import Reference, read, words


@pytest.fixture(autouse=True)
def english():
    """The reading says why in the active language (mail.replies.inbound makes it the
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
    # Issue 41: forms the reader did not know.
    "-----",  # a bare rule (webmail forwarding, hand-made)
    "==============================",
    "- - - - - - - - - - - - - - -",
    "*-------- Original Message --------*",  # Thunderbird's bold banner made text
    "**-----Ursprüngliche Nachricht-----**",
    "---------- Forwarded message ---------",  # Gmail, in its languages
    "---------- Weitergeleitete Nachricht ---------",
    "---------- Message transféré ---------",
    "---------- Mensaje reenviado ----------",
    "---------- Messaggio inoltrato ---------",
    "---------- Doorgestuurd bericht ---------",
    "---------- Vidarebefordrat meddelande ---------",
    "---------- Přeposlaná zpráva ---------",
    "---------- Wiadomość przekazana dalej ---------",
    "---------- 転送されたメッセージ ---------",
    "---------- 已转发邮件 ---------",
    "-------- Пересылаемое сообщение --------",  # Mail.ru, Yandex
    # Apple Mail's Dutch attribution, and the old Gmail dateline ("via" a site).
    "Op 2 mrt. 2026, om 09:05 heeft Tripost <play@tripost.test> het volgende geschreven:",
    "Op 17-feb.-2015, om 13:18 heeft Tripost het volgende geschreven:",
    "2026/3/2 Tripost via Tripost <play@tripost.test>",
    "2026-03-02 9:05 GMT+01:00 Tripost <play@tripost.test>",
    # "wrote" without its colon (an HTML attribution made text).
    "On Mon, 2 Mar 2026 at 09:05, Tripost <play@tripost.test> wrote",
    "Am 02.03.2026 um 09:05 schrieb Tripost",
    # Apple Mail and Gmail in Japanese, Chinese, Korean and Portuguese.
    "2026/03/02 9:05、Tripost <play@tripost.test>のメール:",
    "2026年3月2日(月) 9:05 Tripost <play@tripost.test>:",
    "Tripost <play@tripost.test> 于2026年3月2日周一 09:05写道：",
    "2026年3月2日 09:05，Tripost <play@tripost.test> 写道：",
    "2026. 3. 2. 오전 9:05, Tripost <play@tripost.test> 작성:",
    "2026년 3월 2일 (월) 오전 9:05, Tripost <play@tripost.test>님이 작성:",
    "Em seg., 2 de mar. de 2026 às 09:05, Tripost <play@tripost.test> escreveu:",
    "Le 02/03/2026 à 09:05, Tripost a écrit :",
    # The big webmail clients: Mail.ru, Yandex, GMX and Web.de, ProtonMail, Roundcube,
    # Horde, Fastmail, Outlook on the web.
    "Понедельник, 2 марта 2026, 9:05 +03:00 от Tripost <play@tripost.test>:",
    '02.03.2026, 09:05, "Tripost" <play@tripost.test>:',
    'Gesendet: Montag, 02. März 2026 um 09:05 Uhr\nVon: "Tripost" <play@tripost.test>\n'
    "An: alice@example.com\nBetreff: Du bist am Zug",
    "------- Original Message -------\n"
    "On Monday, March 2nd, 2026 at 09:05, Tripost <play@tripost.test> wrote:",
    "Am 02.03.2026 09:05, schrieb Tripost:",
    "Zitat von Tripost <play@tripost.test>:",
    "On Mon, 2 Mar 2026, at 09:05, Tripost wrote:",
    # Languages the library lacks, and a dated line in words no list has.
    "Dne 2. 3. 2026 ob 09:05 je Tripost <play@tripost.test> napisal(a):",
    "Pada tanggal 2 Mar 2026 09.05, Tripost <play@tripost.test> menulis:",
    "Vào 09:05 Th 2, 2 thg 3, 2026 Tripost <play@tripost.test> đã viết:",
    "El dl., 2 de març 2026 a les 9:05, Tripost (<play@tripost.test>) va escriure:",
    "On 2 March 2026 at 09:05 Tripost said:",
    "From: Tripost <play@tripost.test>\nSent: Monday, March 2, 2026 9:05 AM\n"
    "To: alice@example.com <alice@example.com>\nSubject: Your turn",
]
# Outlook's header block in every language mail-parser-reply knows (and a few more), as
# Outlook writes it in a plain-text reply: straight below the player's text.
OUTLOOK_BLOCKS = {
    "en": "From: Tripost <play@tripost.test>\nSent: Monday, March 2, 2026 9:05 AM\n"
    "To: Alice <alice@example.com>\nSubject: Your turn",
    "en-plain": "Date: Mon, 2 Mar 2026 09:05:12 +0100\nFrom: Tripost <play@tripost.test>\n"
    "To: Alice <alice@example.com>\nSubject: Your turn",
    "de": "Von: Tripost <play@tripost.test>\nGesendet: Montag, 2. März 2026 09:05\n"
    "An: Alice <alice@example.com>\nBetreff: Du bist am Zug",
    "cs": "Od: Tripost <play@tripost.test>\nOdesláno: pondělí 2. března 2026 9:05\n"
    "Komu: Alice <alice@example.com>\nPředmět: Your turn",
    "da": "Fra: Tripost <play@tripost.test>\nSendt: 2. marts 2026 09:05\n"
    "Til: Alice <alice@example.com>\nEmne: Your turn",
    "es": "De: Tripost <play@tripost.test>\nEnviado el: lunes, 2 de marzo de 2026 9:05\n"
    "Para: Alice <alice@example.com>\nAsunto: Your turn",
    "fr": "De : Tripost <play@tripost.test>\nEnvoyé : lundi 2 mars 2026 09:05\n"
    "À : Alice <alice@example.com>\nObjet : Your turn",
    "it": "Da: Tripost <play@tripost.test>\nInviato: lunedì 2 marzo 2026 09:05\n"
    "A: Alice <alice@example.com>\nOggetto: Your turn",
    "ja": "差出人: Tripost <play@tripost.test>\n送信日時: 2026年3月2日 9:05\n"
    "宛先: Alice <alice@example.com>\n件名: Your turn",
    "ko": "보낸 사람: Tripost <play@tripost.test>\n보낸 날짜: 2026년 3월 2일 월요일 오전 9:05\n"
    "받는 사람: Alice <alice@example.com>\n제목: Your turn",
    "nl": "Van: Tripost <play@tripost.test>\nVerzonden: maandag 2 maart 2026 09:05\n"
    "Aan: Alice <alice@example.com>\nOnderwerp: Your turn",
    "pl": "Od: Tripost <play@tripost.test>\nWysłano: poniedziałek, 2 marca 2026 09:05\n"
    "Do: Alice <alice@example.com>\nTemat: Your turn",
    "sv": "Från: Tripost <play@tripost.test>\nSkickat: den 2 mars 2026 09:05\n"
    "Till: Alice <alice@example.com>\nÄmne: Your turn",
    "zh": "发件人: Tripost <play@tripost.test>\n发送时间: 2026年3月2日 9:05\n"
    "收件人: Alice <alice@example.com>\n主题: Your turn",
    "pt": "De: Tripost <play@tripost.test>\nEnviada em: segunda-feira, 2 de março de 2026 09:05\n"
    "Para: Alice <alice@example.com>\nAssunto: Your turn",
    "ru": "От: Tripost <play@tripost.test>\nОтправлено: 2 марта 2026 г. 9:05\n"
    "Кому: Alice <alice@example.com>\nТема: Your turn",
    "fi": "Lähettäjä: Tripost <play@tripost.test>\nLähetetty: maanantai 2. maaliskuuta 2026 9.05\n"
    "Vastaanottaja: Alice <alice@example.com>\nAihe: Your turn",
}
# A quoted message that is not the site's email (a friend's forwarded analysis): the
# words the site sent cannot recognise its lines, and one of them is a legal move.
FOREIGN = "Hi Alice,\nI would not play this one:\nb1-b3=2\nCheers, Bob\n"


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


@pytest.mark.parametrize("header", HEADERS)
@pytest.mark.parametrize("reference", [Reference(), REF], ids=["unknown", "turn-email"])
def test_a_quoted_message_that_is_not_the_email_never_gives_a_move(header, reference):
    # The quote's words are not the site's: where the header says the quote starts is
    # all there is, whether the player wrote straight above it or nothing at all.
    assert read(f"\n{header}\n{FOREIGN}", reference=reference, legal=LEGAL).action is None
    for gap in ("\n\n", "\n"):
        reading = read(f"e1-e4=3{gap}{header}\n{FOREIGN}", reference=reference, legal=LEGAL)
        assert (reading.action, reading.new_text) == ("e1-e4=3", "e1-e4=3")


@pytest.mark.parametrize("language", OUTLOOK_BLOCKS)
def test_a_header_block_straight_below_the_move_is_the_quotes_not_the_move(language):
    block = OUTLOOK_BLOCKS[language]
    for quote, reference in ((SENT, REF), (FOREIGN, Reference()), (FOREIGN, REF)):
        reading = read(f"c1-c2=1\n{block}\n\n{quote}", reference=reference, legal=LEGAL)
        assert (reading.action, reading.new_text) == ("c1-c2=1", "c1-c2=1")
        assert read(f"{block}\n\n{quote}", reference=reference, legal=LEGAL).action is None


@pytest.mark.parametrize("header", [h for h in HEADERS if "\n" not in h])
def test_a_move_below_an_unprefixed_quote_of_the_email_is_read_under_any_header(header):
    # The quote ends where the email ends: what follows is the player's (bottom-posting).
    for gap in ("\n", "\n\n"):
        text = f"{header}{gap}{SENT}\nc1-c2=1\n"
        assert read(text, reference=REF, legal=LEGAL).action == "c1-c2=1"


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
    assert reading.action is None and "(“p I8”, “p i8”)" in reading.problem


def test_own_text_without_a_legal_move_says_so_and_is_quoted_back():
    reading = read(
        "Hi,\nwhich move is best?\n\n> Legal moves: a1-a3=2\n", reference=REF, legal=LEGAL
    )
    assert reading.action is None
    assert reading.problem == "none of the lines of your own text is a legal move now"
    assert reading.new_text == "Hi,\nwhich move is best?"


def test_a_move_between_paragraphs_of_an_unprefixed_quote_is_read_where_the_email_runs_on():
    # Outlook quotes without ">". A move standing between two paragraphs of the email
    # is the player's when the email's words run straight from the one into the other.
    header = "From: Tripost <play@tripost.test>\nSent: Monday\nTo: Alice\nSubject: Your turn\n"
    head, tail = SENT.split("Open the game")
    text = f"{header}\n{head}\nc1-c2=1\n\nOpen the game{tail}"
    assert read(text, reference=REF, legal=LEGAL).action == "c1-c2=1"
    hello, rest = SENT.split("\n\n", 1)
    text = f"{header}\n{hello}\n\nd1-d2=1\n\n{rest}"
    assert read(text, reference=REF, legal=LEGAL).action == "d1-d2=1"


def test_a_move_inside_an_unprefixed_quote_that_cannot_be_told_from_it_is_not_played():
    header = "From: Tripost <play@tripost.test>\nSent: Monday\nTo: Alice\nSubject: Your turn\n"
    head, tail = SENT.split("Open the game")
    cases = [
        # Where a line of the email was: the email does not run on around it.
        (f"{header}\n{head}\nc1-c2=1\n\n{tail}", REF),
        # Not set apart by blank lines: it may be a line of the email's list.
        (f"{header}\n{head}c1-c2=1\nOpen the game{tail}", REF),
        # The site does not know the quoted email's words.
        (f"{header}\n{head}\nc1-c2=1\n\nOpen the game{tail}", Reference()),
    ]
    for text, reference in cases:
        reading = read(text, reference=reference, legal=LEGAL)
        assert reading.action is None
        assert "write your move above the quote" in reading.problem


def test_a_huge_reply_is_read_only_so_far():
    # A hostile reply is not read on for seconds: its first 100,000 characters decide.
    text = "a1-a3=2\n" + "x " * reply_text.MAX_CHARS + "\ne1-e4=3\n"
    reading = read(text, reference=REF, legal=LEGAL)
    assert reading.action == "a1-a3=2"
    assert "e1-e4=3" not in reading.new_text
