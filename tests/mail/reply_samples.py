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
from dataclasses import dataclass
from email.message import EmailMessage

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
# Clients whose quote is not marked (no ">" in text, no <blockquote> in HTML): a line
# written between quoted lines cannot be told from the quote, so they are not asked to.
UNMARKED = {c.name for c in CLIENTS if not c.prefix}
UNMARKED_HTML = {"outlook", "samsung", "zimbra"}

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
    raw: bytes

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
        lines = [*new, "", *header, *quote] if new else ["", *header, *quote]
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
                if posting == "inline" and (
                    (form == "plain" and client.name in UNMARKED)
                    or (form == "html" and client.html in UNMARKED_HTML)
                ):
                    continue
                move = rng.choice(moves) if posting != "none" and moves else ""
                if posting != "none" and not move:
                    continue
                build = plain_reply if form == "plain" else html_reply
                text = build(client, posting, move, sent, rng)
                raw = mime(
                    sender=sender,
                    to=to,
                    subject=sent.subject,
                    text=text,
                    form=form,
                    encoding=encoding,
                    charset=client.charset,
                )
                yield Reply(client.name, posting, form, encoding, move, raw)
