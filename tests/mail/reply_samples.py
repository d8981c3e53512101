"""Replies to the site's own emails, written the way mail clients write them.

Written for Tripost (no other project's samples): each client's quote header (in its
language), its way of quoting (``>`` prefixes, rewrapped lines, no prefix at all below
a header block, its own rendering of the HTML part), its HTML structure for HTML-only
replies, and the player's new text on top, below the quote, between quoted lines or
absent. ``replies`` yields every combination for one sent email, as raw MIME bytes in
8bit, quoted-printable or base64. Used by tests/mail/test_reply_samples.py and
benchmarks/replies.py.
"""

from __future__ import annotations

import html
import random
import re
import textwrap
from dataclasses import dataclass, field
from email.message import EmailMessage
from functools import cached_property

FROM = "Tripost <play@tripost.test>"
DATE_EN = "Mon, 2 Mar 2026 at 09:05"


@dataclass(frozen=True)
class Client:
    name: str
    header: str  # the quote header; "{from}" and "{subject}" are filled in
    prefix: bool = True  # quoted lines start with "> "
    wrap: int = 0  # quoted lines rewrapped to this width (0: kept)
    wrap_after_prefix: bool = False  # rewrapped after prefixing: continuations lose the ">"
    rendered: bool = False  # quotes its own rendering of the HTML part, not the text part
    html: str = "gmail"  # structure of an HTML-only reply
    signature: str = ""  # a line the client adds below the new text
    charset: str = "utf-8"  # what the client encodes the reply in
    tight: bool = False  # the quote header straight below the new text, no blank line
    kind: str = "known"  # the class of issue 41 the client stands for (see KINDS)


OUTLOOK_BLOCK = (
    "________________________________\nFrom: {from}\nSent: Monday, March 2, 2026 9:05 AM\n"
    "To: Alice <alice@example.com>\nSubject: {subject}"
)
CLIENTS = [
    Client("gmail", "On " + DATE_EN + ", {from} wrote:", wrap=76),
    Client("gmail-two-line", "On " + DATE_EN + ", {from}\nwrote:", wrap=76),
    Client("gmail-de", "Am Mo., 2. März 2026 um 09:05 Uhr schrieb {from}:", wrap=76),
    Client("gmail-iso-date", "2026-03-02 9:05 GMT+03:00 {from}:", wrap=76),
    # Gmail wraps a long attribution: the address or "wrote:" on a line of its own.
    Client("gmail-wrapped", "On Tue, 3 Mar 2026 at 10:15, Tripost\n<play@tripost.test>\nwrote:"),
    Client(
        "gmail-de-wrapped",
        "Am Di., 3. März 2026 um 10:15 Uhr schrieb Tripost <\nplay@tripost.test>:",
        wrap=76,
    ),
    Client("gmail-de-mobile", "{from} schrieb am Mo., 2. März 2026, 09:05:", charset="iso-8859-1"),
    Client("mutt", "On Mon, Mar 02, 2026 at 09:05:12AM +0100, Tripost wrote:", wrap=72),
    Client("gmail-fr", "Le lun. 2 mars 2026 à 09:05, {from} a écrit :", charset="iso-8859-1"),
    Client("gmail-es", "El lun, 2 mar 2026 a las 09:05, {from} escribió:"),
    Client("gmail-nl", "Op ma 2 mrt 2026 om 09:05 schreef {from}:"),
    Client("gmail-it", "Il giorno lun 2 mar 2026 alle ore 09:05 {from} ha scritto:"),
    Client("gmail-sv", "Den mån 2 mars 2026 kl 09:05 skrev {from}:"),
    Client("gmail-cs", "Dne po 2. 3. 2026 9:05 uživatel {from} napsal:", charset="iso-8859-2"),
    Client("gmail-ru", "пн, 2 мар. 2026 г. в 09:05, {from}:", charset="koi8-r"),
    Client("danish", "Den 2. mar. 2026 kl. 09.05 skrev {from}:", charset="iso-8859-1"),
    Client(
        "polish",
        "W dniu 2.03.2026 o 09:05, {from} pisze:",
        html="thunderbird",
        charset="iso-8859-2",
    ),
    Client("polish-gmail", "pon., 2 mar 2026 o 09:05 {from} napisał(a):"),
    Client("ukrainian", "пн, 2 бер. 2026 о 09:05 {from} пише:", charset="koi8-u"),
    Client(
        "hungarian",
        "2026. márc. 2., h 9:05 időpontban {from} ezt írta:",
        html="thunderbird",
        charset="iso-8859-2",
    ),
    Client(
        "outlook-pl",
        "Od: {from}\nWysłano: poniedziałek, 2 marca 2026 09:05\nDo: Alice <alice@example.com>\n"
        "Temat: {subject}",
        prefix=False,
        rendered=True,
        html="outlook",
        charset="windows-1250",
    ),
    Client(
        "apple-mail",
        "On 2 Mar 2026, at 09:05, {from} wrote:",
        html="apple",
        signature="Sent from my iPhone",
    ),
    Client(
        "apple-mail-de",
        "Am 02.03.2026 um 09:05 schrieb {from}:",
        html="apple",
        signature="Von meinem iPhone gesendet",
    ),
    Client("thunderbird", "On 02/03/2026 09:05, Tripost wrote:", wrap=72, html="thunderbird"),
    Client(
        "thunderbird-de",
        "Am 02.03.26 um 09:05 schrieb Tripost:",
        wrap=72,
        html="thunderbird",
        charset="iso-8859-15",
    ),
    Client(
        "outlook",
        OUTLOOK_BLOCK,
        prefix=False,
        rendered=True,
        wrap=76,  # Outlook wraps plain text at 76 characters
        html="outlook",
        signature="Get Outlook for iOS<https://aka.ms/o0ukef>",
    ),
    Client(
        "outlook-de",
        "________________________________\nVon: {from}\nGesendet: Montag, 2. März 2026 09:05\n"
        "An: Alice <alice@example.com>\nBetreff: {subject}",
        prefix=False,
        rendered=True,
        html="outlook",
        charset="windows-1252",
    ),
    Client(
        "outlook-mailto",
        "-----Original Message-----\nFrom: Tripost [mailto:play@tripost.test]\n"
        "Sent: Monday, March 2, 2026 9:05 AM\nTo: Alice\nSubject: {subject}",
        prefix=False,
        html="outlook",
    ),
    Client(
        "outlook-prefixed",  # "Prefix each line", then wrapped: continuations lose the ">"
        "-----Original Message-----\nFrom: Tripost [mailto:play@tripost.test]\n"
        "Sent: Monday, March 2, 2026 9:05 AM\nTo: Alice\nSubject: {subject}",
        wrap=70,
        wrap_after_prefix=True,
        html="outlook",
    ),
    Client("android", "---- Tripost wrote ----", prefix=False, html="samsung"),
    Client(
        "samsung",
        "-------- Original message --------\nFrom: {from}\nDate: 02/03/2026 09:05 (GMT+01:00)\n"
        "To: Alice <alice@example.com>\nSubject: {subject}",
        prefix=False,
        rendered=True,
        html="samsung",
        signature="Sent from my Samsung Galaxy smartphone.",
    ),
    Client("samsung-old", "Sent from Samsung Mobile{from} wrote:", prefix=False, html="samsung"),
    Client(
        "zimbra",
        '----- Original Message -----\nFrom: "Tripost" <play@tripost.test>\n'
        'To: "Alice" <alice@example.com>\nSent: Monday, March 2, 2026 9:05:12 AM\n'
        "Subject: {subject}",
        html="zimbra",
    ),
    Client(
        "zimbra-de",
        '----- Ursprüngliche Mail -----\nVon: "Tripost" <play@tripost.test>\n'
        'An: "Alice" <alice@example.com>\nGesendet: Montag, 2. März 2026 09:05:12\n'
        "Betreff: {subject}",
        prefix=False,
        html="zimbra",
        charset="iso-8859-1",
    ),
    Client(
        "yahoo",
        "On Monday, March 2, 2026, 09:05:12 AM GMT+1, {from} wrote:",
        prefix=False,
        rendered=True,
        html="yahoo",
    ),
    Client("unprefixed", "", prefix=False),
]

# Issue 41: Outlook's header block straight below the player's text (its plain-text
# replies have no blank line there), in every language mail-parser-reply knows and a
# few more, and the plain "Date: / From: / To: / Subject:" block of forwarding clients.
OUTLOOK_FIELDS = {
    "en": ("From", "Sent", "To", "Subject", "Monday, March 2, 2026 9:05 AM"),
    "cs": ("Od", "Odesláno", "Komu", "Předmět", "pondělí 2. března 2026 9:05"),
    "da": ("Fra", "Sendt", "Til", "Emne", "2. marts 2026 09:05"),
    "de": ("Von", "Gesendet", "An", "Betreff", "Montag, 2. März 2026 09:05"),
    "es": ("De", "Enviado el", "Para", "Asunto", "lunes, 2 de marzo de 2026 9:05"),
    "fr": ("De ", "Envoyé ", "À ", "Objet ", "lundi 2 mars 2026 09:05"),
    "it": ("Da", "Inviato", "A", "Oggetto", "lunedì 2 marzo 2026 09:05"),
    "ja": ("差出人", "送信日時", "宛先", "件名", "2026年3月2日 9:05"),
    "ko": ("보낸 사람", "보낸 날짜", "받는 사람", "제목", "2026년 3월 2일 월요일 오전 9:05"),
    "nl": ("Van", "Verzonden", "Aan", "Onderwerp", "maandag 2 maart 2026 09:05"),
    "pl": ("Od", "Wysłano", "Do", "Temat", "poniedziałek, 2 marca 2026 09:05"),
    "sv": ("Från", "Skickat", "Till", "Ämne", "den 2 mars 2026 09:05"),
    "zh": ("发件人", "发送时间", "收件人", "主题", "2026年3月2日 9:05"),
    "pt": ("De", "Enviada em", "Para", "Assunto", "segunda-feira, 2 de março de 2026 09:05"),
    "ru": ("От", "Отправлено", "Кому", "Тема", "2 марта 2026 г. 9:05"),
}
CLIENTS += [
    Client(
        f"outlook-tight-{language}",
        f"{f}: {{from}}\n{sent}: {date}\n{to}: Alice <alice@example.com>\n{subj}: {{subject}}",
        prefix=False,
        rendered=True,
        html="outlook",
        tight=True,
        kind="block under the move",
    )
    for language, (f, sent, to, subj, date) in OUTLOOK_FIELDS.items()
]
CLIENTS += [
    Client(
        "plain-block-tight",
        "Date: Mon, 2 Mar 2026 09:05:12 +0100\nFrom: {from}\nTo: Alice <alice@example.com>\n"
        "Subject: {subject}",
        prefix=False,
        tight=True,
        kind="block under the move",
    ),
    Client(
        "plain-block-prefixed-tight",
        "Date: Mon, 2 Mar 2026 09:05:12 +0100\nFrom: {from}\nTo: Alice <alice@example.com>\n"
        "Subject: {subject}",
        wrap=72,
        tight=True,
        kind="block under the move",
    ),
    # Quote headers the reader did not know, quoting with ">" and without.
    Client("rule-dashes", "-" * 40, prefix=False, kind="unknown header"),
    Client("rule-equals", "=" * 30, wrap=72, kind="unknown header"),
    Client("rule-equals-unmarked", "=" * 30, prefix=False, tight=True, kind="unknown header"),
    Client(
        "apple-mail-nl",
        "Op 2 mrt. 2026, om 09:05 heeft {from} het volgende geschreven:",
        html="apple",
        signature="Verstuurd vanaf mijn iPhone",
        kind="unknown header",
    ),
    Client(
        "apple-mail-nl-unmarked",
        "Op 2 mrt. 2026, om 09:05 heeft Tripost het volgende geschreven:",
        prefix=False,
        kind="unknown header",
    ),
    Client(
        "gmail-via",
        "2026/3/2 Tripost via Tripost <play@tripost.test>",
        wrap=76,
        kind="unknown header",
    ),
    Client(
        "gmail-via-unmarked",
        "2026/3/2 Tripost via Tripost <play@tripost.test>",
        prefix=False,
        tight=True,
        kind="unknown header",
    ),
    Client(
        "wrote-no-colon",
        "On Mon, 2 Mar 2026 at 09:05, {from} wrote",
        prefix=False,
        rendered=True,
        html="yahoo",
        kind="unknown header",
    ),
    Client(
        "wrote-no-colon-de",
        "Am 02.03.2026 um 09:05 schrieb Tripost",
        wrap=72,
        tight=True,
        html="thunderbird",
        kind="unknown header",
    ),
    Client(
        "original-emphasis",
        "*-------- Original Message --------*\n*Subject:* {subject}\n"
        "*Date:* Mon, 2 Mar 2026 09:05:12 +0100\n*From:* {from}\n*To:* Alice",
        prefix=False,
        html="thunderbird",
        kind="unknown header",
    ),
    Client(
        "gmail-forward-fr",
        "---------- Message transféré ---------\nDe : {from}\n"
        "Date: lun. 2 mars 2026 à 09:05\nSubject: {subject}\nTo: <alice@example.com>",
        prefix=False,
        kind="unknown header",
    ),
    Client(
        "mailru", "-------- Пересылаемое сообщение --------", prefix=False, kind="unknown header"
    ),
    Client("gmail-ja", "2026年3月2日(月) 9:05 {from}:", wrap=76, kind="unknown header"),
    Client(
        "apple-mail-ja", "2026/03/02 9:05、{from}のメール:", html="apple", kind="unknown header"
    ),
    Client("gmail-zh", "{from} 于2026年3月2日周一 09:05写道：", wrap=76, kind="unknown header"),
    Client("gmail-ko", "2026년 3월 2일 (월) 오전 9:05, {from}님이 작성:", kind="unknown header"),
    Client(
        "gmail-pt",
        "Em seg., 2 de mar. de 2026 às 09:05, {from} escreveu:",
        prefix=False,
        kind="unknown header",
    ),
]


def may_refuse(reply) -> bool:
    """Whether refusing the reply is right too, for emails that list one move a line:
    a move written between the lines of a quote without marks is played only where the
    email's words show it is not theirs, and next to a list of one move a paragraph it
    cannot be told from the list (never another move is played)."""
    if reply.posting != "inline":
        return False
    return reply.client in (UNMARKED if reply.form == "plain" else UNMARKED_HTML_CLIENTS)


KINDS = ("known", "block under the move", "unknown header", "foreign quote")
# Clients whose quote is not marked (no ">" in text, no <blockquote> in HTML).
UNMARKED = {c.name for c in CLIENTS if not c.prefix}
UNMARKED_HTML = {"outlook", "samsung", "zimbra"}
UNMARKED_HTML_CLIENTS = {c.name for c in CLIENTS if c.html in UNMARKED_HTML}

POSTINGS = ("top", "bottom", "inline", "none")
FORMS = (
    ("plain", "8bit"),
    ("plain", "quoted-printable"),
    ("plain", "base64"),
    ("html", "quoted-printable"),
    ("html", "base64"),
)


@dataclass(frozen=True)
class Reply:
    client: str
    posting: str
    form: str
    encoding: str
    move: str  # the move written ("" when nothing new)
    message: dict = field(repr=False, compare=False)  # mime()'s arguments

    @cached_property
    def raw(self) -> bytes:
        """The email as the client sends it (built when first read: a test may read
        only some of the samples)."""
        return mime(**self.message)

    @property
    def style(self) -> str:
        return "none" if self.posting == "none" else self.posting


# --- the quoted email as a client shows it ----------------------------------------------


def html_body(markup: str) -> str:
    match = re.search(r"(?is)<body[^>]*>(.*)</body>", markup)
    return match.group(1) if match else markup


def rendered(markup: str) -> str:
    """A client's own text of an HTML email (Outlook-like): links as "text<url>",
    pictures as their cid, paragraphs apart."""
    body = html_body(markup)
    body = re.sub(r'(?is)<img[^>]*src="cid:([^"]+)"[^>]*>', r"[cid:\1]", body)
    body = re.sub(r'(?is)<a[^>]*href="([^"]+)"[^>]*>(.*?)</a>', "\\2\x01\\1\x02", body)
    body = re.sub(r"(?i)<br\s*/?>", "\n", body)
    body = re.sub(r"(?i)</(p|div|h\d|li|tr)>", "\n\n", body)
    body = re.sub(r"(?s)<[^>]+>", "", body).replace("\x01", "<").replace("\x02", ">")
    lines = [" ".join(line.split()) for line in html.unescape(body).split("\n")]
    return re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip() + "\n"


def quoted_lines(client: Client, sent_text: str, sent_html: str) -> list[str]:
    source = rendered(sent_html) if client.rendered else sent_text
    lines = source.rstrip("\n").split("\n")
    if client.prefix and client.wrap_after_prefix:
        lines = [f"> {line}".rstrip() for line in lines]
    if client.wrap:
        lines = [
            part
            for line in lines
            for part in (textwrap.wrap(line, client.wrap, break_on_hyphens=False) or [""])
        ]
    if client.prefix and not client.wrap_after_prefix:
        lines = [f"> {line}".rstrip() for line in lines]
    return lines


def _header(client: Client, subject: str) -> list[str]:
    if not client.header:
        return []
    text = client.header.replace("{from}", FROM).replace("{subject}", subject)
    return text.split("\n")


def _new_text(move: str, rng: random.Random, client: Client) -> list[str]:
    shape = rng.randrange(5)
    if shape == 1:
        lines = ["Hi,", "", move, "", "Alice"]
    elif shape == 2:
        lines = [move[:1].upper() + move[1:]]  # phones capitalise the first letter
    elif shape == 3:
        lines = [move + "  ", "", "-- ", "Alice Example"]
    elif shape == 4:
        lines = [move, "", "Thanks!"]
    else:
        lines = [move]
    if client.signature:
        lines += ["", client.signature]
    return lines


def _inline_at(quote: list[str]) -> int:
    """After the quoted legal-move list, or a third of the way in."""
    for i, line in enumerate(quote):
        if "legal moves" in line.lower():
            j = i + 1
            while (
                j < len(quote)
                and quote[j].strip("> ")
                and not quote[j].startswith(("> Open", "Open"))
            ):
                j += 1
            return j
    return max(1, len(quote) // 3)


def plain_reply(client: Client, posting: str, move: str, sent, rng: random.Random) -> str:
    markup = next(body for body, kind in sent.alternatives if kind == "text/html")
    quote = quoted_lines(client, sent.body, markup)
    header = _header(client, sent.subject)
    if client.prefix and client.name.startswith("apple"):
        header = [f"> {line}" for line in header] + [">"]
    new = _new_text(move, rng, client) if move else []
    if posting in ("top", "none"):
        gap = [] if client.tight else [""]
        lines = [*new, *gap, *header, *quote] if new else ["", *header, *quote]
    elif posting == "bottom":
        lines = [*header, *quote, "", *new]
    else:
        at = _inline_at(quote)
        lines = [*header, *quote[:at], "", *new, "", *quote[at:]]
    return "\n".join(lines) + "\n"


def html_reply(client: Client, posting: str, move: str, sent, rng: random.Random) -> str:
    markup = next(body for body, kind in sent.alternatives if kind == "text/html")
    body = html_body(markup)
    subject = html.escape(sent.subject)
    head = "<br>".join(html.escape(line) for line in _header(client, sent.subject))
    new_lines = _new_text(move, rng, client) if move else []
    new = "".join(f"<div>{html.escape(line) or '<br>'}</div>" for line in new_lines)
    style = client.html
    if posting == "inline":
        cut = body.find("Legal moves")
        cut = body.find("</p>", cut) + 4 if cut >= 0 else len(body) // 2
        parts = (body[:cut], body[cut:])
    else:
        parts = (body,)

    def quote(part: str, first: bool) -> str:
        if style == "gmail":
            attr = f'<div dir="ltr" class="gmail_attr">{head}<br></div>' if first else ""
            return (
                f'<div class="gmail_quote">{attr}<blockquote class="gmail_quote" '
                f'style="margin:0 0 0 .8ex;border-left:1px #ccc solid;padding-left:1ex">'
                f"{part}</blockquote></div>"
            )
        if style == "apple":
            attr = f"<div>{head}</div><br>" if first else ""
            return f'<blockquote type="cite">{attr}{part}</blockquote>'
        if style == "thunderbird":
            attr = f'<div class="moz-cite-prefix">{head}<br></div>' if first else ""
            return f'{attr}<blockquote type="cite" cite="mid:x@tripost.test">{part}</blockquote>'
        if style == "yahoo":
            attr = f'<div class="yahoo_quoted_header">{head}</div>' if first else ""
            return f'<div class="yahoo_quoted">{attr}<blockquote>{part}</blockquote></div>'
        if not first:  # the rest of a quote without marks, below the player's lines
            return f"<div>{part}</div>"
        if style == "outlook":
            return (
                '<div id="appendonsend"></div><hr style="display:inline-block;width:98%">'
                '<div id="divRplyFwdMsg" dir="ltr"><font face="Calibri"><b>From:</b> '
                "Tripost &lt;play@tripost.test&gt;<br><b>Sent:</b> Monday, March 2, 2026 "
                "9:05 AM<br><b>To:</b> Alice &lt;alice@example.com&gt;<br><b>Subject:</b> "
                f"{subject}</font><div>&nbsp;</div></div>{part}"
            )
        if style == "zimbra":
            return (
                '<hr id="zwchr"><div><b>From: </b>"Tripost" &lt;play@tripost.test&gt;<br>'
                '<b>To: </b>"Alice" &lt;alice@example.com&gt;<br><b>Sent: </b>Monday, '
                f"March 2, 2026 9:05:12 AM<br><b>Subject: </b>{subject}<br></div><br>"
                f"<div>{part}</div>"
            )
        # samsung / android
        return (
            "<div><br></div><div>-------- Original message --------</div>"
            "<div>From: Tripost &lt;play@tripost.test&gt; </div><div>Date: 02/03/2026 "
            "09:05 (GMT+01:00) </div><div>To: Alice &lt;alice@example.com&gt; </div>"
            f"<div>Subject: {subject} </div><div><br></div>{part}"
        )

    if posting in ("top", "none"):
        inner = f'<div dir="ltr">{new}</div><br>{quote(body, True)}'
    elif posting == "bottom":
        inner = f"{quote(body, True)}<br>{new}"
    else:
        inner = f"{quote(parts[0], True)}{new}{quote(parts[1], False)}"
    return f'<html><head><meta charset="utf-8"></head><body>{inner}</body></html>'


def mime(
    *, sender: str, to: str, subject: str, text: str, form: str, encoding: str, charset="utf-8"
) -> bytes:
    message = EmailMessage()
    message["From"] = sender
    message["To"] = to
    message["Subject"] = f"Re: {subject}"
    message["Message-ID"] = f"<sample-{random.getrandbits(64):x}@client.test>"
    if charset != "utf-8":
        try:
            text.encode(charset)
        except UnicodeEncodeError:  # the client falls back to UTF-8
            charset = "utf-8"
        else:
            text = text.replace('charset="utf-8"', f'charset="{charset}"')
    subtype = "plain" if form == "plain" else "html"
    message.set_content(text, subtype=subtype, charset=charset, cte=encoding)
    return message.as_bytes()


def replies(
    sent, *, sender: str, moves: list[str], seed: int = 0, postings=POSTINGS, clients=CLIENTS
):
    """Every client x posting x form for one sent email; a random legal move each."""
    rng = random.Random(seed)
    to = sent.reply_to[0] if sent.reply_to else sent.from_email
    for client in clients:
        for posting in postings:
            for form, encoding in FORMS:
                move = rng.choice(moves) if posting != "none" and moves else ""
                if posting != "none" and not move:
                    continue
                build = plain_reply if form == "plain" else html_reply
                text = build(client, posting, move, sent, rng)
                message = dict(
                    sender=sender,
                    to=to,
                    subject=sent.subject,
                    text=text,
                    form=form,
                    encoding=encoding,
                    charset=client.charset,
                )
                yield Reply(client.name, posting, form, encoding, move, message)


# --- issue 41: a quoted message that is not the site's email ----------------------------

FOREIGN_FROM = "Bob <bob@example.org>"


def foreign_email(move: str):
    """A message from elsewhere (a friend writing about another game) that holds a legal
    move on a line of its own: the site never sent its words."""
    text = (
        "Hi Alice,\n\nthis is the line I would go for in our other game, "
        f"after a long think:\n\n{move}\n\nand then wait and see what happens next. Talk "
        "soon,\nBob\n"
    )
    paragraphs = "".join(f"<p>{html.escape(p)}</p>" for p in text.split("\n\n"))
    return _Sent(
        body=text,
        subject="About our other game",
        alternatives=[(f"<html><body>{paragraphs}</body></html>", "text/html")],
    )


@dataclass
class _Sent:
    body: str
    subject: str
    alternatives: list


def foreign_replies(sent, *, sender: str, moves: list[str], seed: int = 0, clients=CLIENTS):
    """Replies to ``sent`` (for their address) that quote another message instead, in
    every client's style: a move on top, or nothing new. The quoted message's move must
    never be played."""
    rng = random.Random(seed)
    to = sent.reply_to[0] if sent.reply_to else sent.from_email
    for client in clients:
        for posting in ("top", "none"):
            for form, encoding in (("plain", "8bit"), ("html", "quoted-printable")):
                if form == "plain" and not client.header and not client.prefix:
                    # Neither a header nor a mark: nothing tells such a quote from the
                    # player's own words (the site's own email is told by its words).
                    continue
                quoted_move = rng.choice(moves)
                others = [m for m in moves if m != quoted_move]
                move = rng.choice(others) if posting == "top" and others else ""
                if posting == "top" and not move:
                    continue
                other = foreign_email(quoted_move)
                build = plain_reply if form == "plain" else html_reply
                text = build(client, posting, move, other, rng).replace(FROM, FOREIGN_FROM)
                message = dict(
                    sender=sender,
                    to=to,
                    subject=sent.subject,
                    text=text,
                    form=form,
                    encoding=encoding,
                    charset=client.charset,
                )
                yield Reply(client.name, posting, form, encoding, move, message)
