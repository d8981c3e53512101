"""The player's own text in a reply, told apart from the email it answers.

Mail clients quote the email being answered in many shapes: prefixed with ``>``
(Gmail, Apple Mail, Thunderbird), not prefixed at all below a header block
(Outlook, Samsung, Zimbra, Yahoo), rewrapped, or rendered from the HTML part. The
site knows what it sent (``Reference``: the words of the emails this reply may answer,
see ``mail.replies.sent_text``), so a quoted line is recognised by its words whatever the
client did to it; quote headers are recognised by mail-parser-reply's patterns (in
every language it has, German first) and by those of the clients it misses.

``read`` returns what was read as the player's new text and the one legal move in
it. A legal move is played only from new text, and never from a line that continues
the quoted email's words on either side (a wrapped line of the quoted legal-move list
is not the player's choice); two different legal moves, or one that cannot be told
from the quote, play nothing and say why (in the active language: the player's).
"""

from __future__ import annotations

import functools
import hashlib
import html
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from html.parser import HTMLParser

from django.utils.translation import gettext
from mailparser_reply.constants import MAIL_LANGUAGES
from mailparser_reply.parser import EmailMessage

from games.engines.base import AmbiguousAction, IllegalAction, among

# German first (most of our players), then every other language the library knows.
LANGUAGES = ["de", *sorted(code for code in MAIL_LANGUAGES if code not in ("de", "en")), "en"]

# Words that say "wrote" at the end of a one- or two-line quote header.
WROTE = (
    r"wrote|writes|schrieb|a écrit|escribió|ha scritto|schreef|skrev|kirjoitti|napsal\(a\)"
    r"|napsal|napsala|napisał\(a\)|napisała|napisał|pisze|написав\(ла\)|написала|написав|пише"
    r"|написал\(а\)|написал|пишет|escreveu|yazdı|έγραψε|írta|a scris|napisao|napisala"
    r"|napísal|napísala|rašė|rakstīja|kirjutas|geschreven|napisal\(a\)|napisal|menulis"
    r"|đã viết|va escriure|escribiu|כתב|כתבה|كتب"
)
# The same at the end of the CJK headers of Gmail and Apple Mail ("…写道：", "…작성:",
# "…のメール:"), where no word boundary stands before them.
WROTE_CJK = r"写道|寫道|작성|님이 작성|のメッセージ|のメール"
ORIGINAL = (
    r"original message|original-nachricht|ursprüngliche nachricht|ursprüngliche mail"
    r"|mensaje original|message d'origine|messaggio originale|oorspronkelijk bericht"
    r"|oprindelig meddelelse|ursprungligt meddelande|wiadomość oryginalna"
    r"|oryginalna wiadomość|původní zpráva|вихідне повідомлення|исходное сообщение"
    r"|оригінальне повідомлення|forwarded message|weitergeleitete nachricht"
    r"|mensagem original|alkuperäinen viesti|opprinnelig melding|eredeti üzenet"
)
# A date or a time of day, as quote headers write them ("2013/7/20", "09:05", "2. 3.").
DATED = r"(?=.*(?:\d{1,4}[/.-]\s?\d{1,2}[/.-]\s?\d{1,4}|\d{1,2}[:.]\d{2}))"
ADDRESS = r"<[^<>\s()]+@[^<>\s()]+>"
EXTRA_HEADERS = [
    # "On Mon, 2 Mar 2026, Tripost <play@…> wrote:" in any language, Samsung's
    # "Sent from Samsung Mobile<name> wrote:" and Yahoo's long dates included.
    re.compile(rf"^.{{0,250}}\b(?:{WROTE})\s*[:：]\s*$", re.I),
    re.compile(rf"^.{{0,250}}(?:{WROTE_CJK})\s*[:：]\s*$"),
    # The same without its colon (a client's HTML made text, a hand-edited header), when
    # it is dated or names an address: "On Wed, 14 Nov 2018, John <john@…> wrote".
    re.compile(rf"^(?=.*(?:\d|@)).{{0,250}}\b(?:{WROTE})$", re.I),
    # Any dated line ending in a colon ("On 2 March 2026 at 09:05 Bob said:"): a
    # player's line like it only keeps a move written below it from being played.
    re.compile(rf"^{DATED}.{{0,200}}[:：]$"),
    # "Am 02.03.2026 um 09:05 schrieb Tripost": dated, the name after "wrote".
    re.compile(rf"^{DATED}.{{0,200}}\b(?:{WROTE})\b[^.!?:]{{0,80}}$", re.I),
    # "Tripost <play@…> schrieb am Mo., 2. März 2026, 09:05:" (Gmail on phones)
    re.compile(rf"^.{{0,120}}\b(?:{WROTE})\b.{{0,120}}\d.{{0,40}}:\s*$", re.I),
    # Android: "---- John Smith wrote ----"
    re.compile(rf"^-{{2,}}\s*.{{0,120}}\b(?:{WROTE})\s*-{{2,}}$", re.I),
    # Gmail in other locales: "2014-10-17 11:28 GMT+03:00 Name <name@example.com>:"
    re.compile(r"^.{0,200}<[^<>\s]+@[^<>\s]+>\s*:$"),
    re.compile(r"^<?[^<>\s]+@[^<>\s]+>\s*:$"),  # its address wrapped onto a line of its own
    re.compile(r"^.{0,200}\[mailto:[^\]]+\]\s*:?$", re.I),
    # A dateline naming the sender's address, with or without its colon: Gmail's
    # "2013/7/20 Name via Site <name@…>", Apple Mail's "2026/03/02 9:05、Name <…>のメール:".
    re.compile(rf"^{DATED}.{{0,200}}{ADDRESS}.{{0,40}}$"),
    # Separators of Outlook, Zimbra, Samsung, forwarding.
    re.compile(rf"^[-=_ ]{{3,}}\s*(?:{ORIGINAL})\s*[-=_ ]{{3,}}$", re.I),
    re.compile(r"^(?:begin forwarded message|anfang der weitergeleiteten nachricht)\s*:$", re.I),
    # Any "---- Words ----" banner (forwarded and original messages in every language),
    # and a bare rule of dashes, "=", "_", "~" or "*" that starts a quote.
    re.compile(r"^[-=_]{3,}\s*[^-=_\s].{0,60}?\s*[-=_]{3,}$"),
    re.compile(r"^(?:[-=_~*#]\s?){3,}$"),
]
# All of them in one pattern (read for every line of a reply).
EXTRA_HEADER = re.compile(
    "|".join(f"(?{'i' if p.flags & re.I else ''}:{p.pattern})" for p in EXTRA_HEADERS)
)
# Emphasis a client's HTML made text puts around a header ("*-------- Original … --*").
EMPHASIS = "*_ "
# The end of a quote header that a client wrapped onto a line of its own.
CONTINUED = re.compile(
    rf"(?:<?[^<>\s]+@[^<>\s]+>?\s*)?(?:(?:{WROTE})\s*)?:|<?[^<>\s]+@[^<>\s]+>", re.I
)
# Header-block lines ("From: …", "Von: …") of the languages the library lacks.
FIELD = re.compile(
    r"^\*?(?:from|sent|to|date|subject|cc|від|надіслано|кому|тема|дата|от|отправлено"
    r"|fra|sendt|til|emne|od|wysłano|do|temat|de|enviado|enviado el|para|asunto|fecha"
    r"|von|gesendet|an|betreff|datum|envoyé|à|objet|date d'envoi|da|inviato|a|oggetto"
    r"|van|verzonden|aan|onderwerp|från|skickat|till|ämne|odesláno|komu|předmět"
    r"|enviada em|assunto|data|lähettäjä|lähetetty|vastaanottaja|aihe|kimden"
    r"|gönderildi|kime|konu|feladó|elküldve|címzett|tárgy|差出人|送信日時|宛先|件名"
    r"|发件人|发送时间|收件人|主题|寄件者|寄件日期|收件者|主旨|보낸 사람|보낸 날짜"
    r"|받는 사람|제목)\*?\s*[:：]",
    re.I,
)
# Phone signatures that are neither a move nor worth quoting back.
SENT_FROM = re.compile(
    r"^(?:sent from|sent with|get outlook for|von meinem|gesendet von|envoyé de|enviado desde"
    r"|verzonden vanaf|inviato da|sendt fra|wysłano z|надіслано з|отправлено с)\b",
    re.I,
)
QUOTE_PREFIX = re.compile(r"^\s*((?:>[ \t]?)+)")
INVISIBLE = re.compile("[\u200b\u200c\u200d\u2060\ufeff\u00ad]")
WORD = re.compile(r"[^\s<>\[\]()\"“”„«»`*|·•]+")
EDGE = ".,;:!?'’‘"
# What is read of a reply (a turn email and its quote are a few kB; a hostile one is
# not read on for seconds), and of one line when matching it against the email.
MAX_CHARS = 100_000
MAX_LINE_WORDS = 200


# --- words ------------------------------------------------------------------------------


@functools.lru_cache(maxsize=1 << 16)  # (an email's words are mostly the last one's)
def _word_hash(word: str) -> int:
    # 32 bits: a collision could only make a line look quoted (nothing played), and
    # kept emails stay small (mail.replies.sent_text packs four bytes a word).
    return int.from_bytes(hashlib.blake2b(word.encode(), digest_size=4).digest(), "big")


def words(text: str) -> list[int]:
    """The words of ``text``, normalised and hashed: case, punctuation at their edges,
    bullets, links and addresses (which clients show in different ways) left out."""
    hashed = (_raw_word_hash(raw) for raw in WORD.findall(INVISIBLE.sub("", text)))
    return [h for h in hashed if h is not None]


@functools.lru_cache(maxsize=1 << 16)  # (every email the site sends is read for words)
def _raw_word_hash(raw: str) -> int | None:
    """The hash of a word as found in a text; None for one that is left out."""
    word = raw.strip(EDGE).casefold()
    if not word or not any(c.isalnum() for c in word):
        return None
    if "@" in word or "://" in word or word.startswith(("mailto:", "cid:", "www.")):
        return None
    return _word_hash(word)


@dataclass
class Reference:
    """The words of the emails a reply may be answering, in order (text part, HTML
    part and subject of each)."""

    sequences: list[list[int]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._at: dict[int, list[tuple[int, int]]] = {}
        for s, seq in enumerate(self.sequences):
            for i, word in enumerate(seq):
                self._at.setdefault(word, []).append((s, i))

    def __bool__(self) -> bool:
        return any(self.sequences)

    def find(self, run: Sequence[int]) -> list[tuple[int, int]]:
        """Where ``run`` occurs in a sequence: (sequence, index after its end) pairs."""
        if not run:
            return []
        found = []
        for s, i in self._at.get(run[0], ()):
            seq = self.sequences[s]
            if tuple(seq[i : i + len(run)]) == tuple(run):
                found.append((s, i + len(run)))
        return found

    def contains(self, run: Sequence[int]) -> bool:
        return bool(self.find(run))

    def ends_near_end(self, run: Sequence[int], slack: int = 4) -> bool:
        """Whether a stretch of ``run`` (two words at least, when it has two) occurs
        within ``slack`` words of the end of an email: the line ends the email, though
        a client may have broken a link in it."""
        shortest = min(2, len(run))
        for start in range(len(run)):
            for stop in range(len(run), start + shortest - 1, -1):
                found = self.find(run[start:stop])
                if any(len(self.sequences[s]) - end <= slack for s, end in found):
                    return True
        return False

    def longest_run(self, run: Sequence[int]) -> int:
        """The longest stretch of ``run`` that occurs as it is in one of the emails."""
        best = 0
        for start in range(len(run)):
            if len(run) - start <= best:
                break
            for s, i in self._at.get(run[start], ()):
                seq, n = self.sequences[s], 0
                while start + n < len(run) and i + n < len(seq) and seq[i + n] == run[start + n]:
                    n += 1
                best = max(best, n)
        return best


# --- HTML to text -----------------------------------------------------------------------


# Tags that end a line of text (mail.replies.sent_text reads the site's own HTML with them too).
HTML_BLOCKS = frozenset(
    {"p", "div", "br", "tr", "li", "hr", "table", "ul", "ol", "pre", "blockquote"}
    | {"h1", "h2", "h3", "h4", "h5", "h6", "section", "article"}
)


class _Text(HTMLParser):
    """Text of an HTML email: blocks on their own lines, quotes (``<blockquote>``)
    prefixed with ``>`` as a plain-text client would, pictures by their alt text."""

    BLOCKS = HTML_BLOCKS
    SKIP = frozenset(("script", "style", "head", "title"))

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lines: list[str] = []
        self.current: list[str] = []
        self.depth = 0
        self.skipping = 0

    def _break(self) -> None:
        text = " ".join("".join(self.current).split())
        self.current = []
        if text:
            self.lines.append("> " * self.depth + text)
        elif self.lines and self.lines[-1] != "":
            self.lines.append("")

    def handle_starttag(self, tag, attrs):
        if tag in self.SKIP:
            self.skipping += 1
        elif tag in self.BLOCKS:
            self._break()
            if tag == "blockquote":
                self.depth += 1
        elif tag == "img":
            alt = dict(attrs).get("alt")
            if alt:
                self.current.append(f" [{alt}] ")

    def handle_endtag(self, tag):
        if tag in self.SKIP:
            self.skipping = max(0, self.skipping - 1)
        elif tag in self.BLOCKS:
            self._break()
            if tag == "blockquote":
                self.depth = max(0, self.depth - 1)

    def handle_data(self, data):
        if not self.skipping:
            self.current.append(data)

    def text(self) -> str:
        self._break()
        return "\n".join(self.lines)


def html_to_text(markup: str) -> str:
    parser = _Text()
    parser.feed(markup or "")
    parser.close()
    return html.unescape(parser.text())


# --- reading a reply --------------------------------------------------------------------


@dataclass(frozen=True)
class Line:
    depth: int  # how many ">" quote levels
    text: str  # without the quote prefix, stripped
    words: tuple[int, ...]

    @property
    def blank(self) -> bool:
        return not self.text


@dataclass(frozen=True)
class Reading:
    new_text: str  # what was read as the player's own text (quoted back on refusal)
    action: str | None  # the one legal move in it
    problem: str  # why nothing can be played ("" when ``action`` is set or no moves known)

    @property
    def first_line(self) -> str:
        return self.new_text.split("\n", 1)[0] if self.new_text else ""


@functools.cache
def _library_headers() -> re.Pattern:
    return EmailMessage(text="", languages=list(LANGUAGES)).HEADER_REGEX


def _lines(text: str) -> list[Line]:
    text = INVISIBLE.sub("", text.replace("\r\n", "\n").replace("\r", "\n"))
    out = []
    for raw in text.replace("\u00a0", " ").split("\n"):
        prefix = QUOTE_PREFIX.match(raw)
        depth = prefix.group(1).count(">") if prefix else 0
        body = raw[prefix.end() :] if prefix else raw
        body = body.strip()
        out.append(Line(depth, body, tuple(words(body)[:MAX_LINE_WORDS])))
    return out


def _header_lines(lines: list[Line]) -> set[int]:
    """Indices of quote-header lines ("On … wrote:", "From: … Sent: …", separators)."""
    found: set[int] = set()
    joined = "\n".join(("> " * line.depth) + line.text for line in lines)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line.text) + 2 * line.depth + 1)
    for match in _library_headers().finditer(joined):
        text = match.group()
        if not text.strip():
            continue
        # A block's pattern begins with the line break before its first field: the
        # line above ("b1-b3=2" written straight above "From: …") is not the header's.
        start = match.start() + len(text) - len(text.lstrip())
        end = match.start() + len(text.rstrip())
        first = _line_at(starts, start)
        last = _line_at(starts, max(start, end - 1))
        found.update(i for i in range(first, last + 1) if not lines[i].blank)
    for i, line in enumerate(lines):
        core = line.text.strip(EMPHASIS) if line.text.strip(EMPHASIS) else line.text
        if EXTRA_HEADER.match(core):
            found.add(i)
            # A header wrapped by the client: "wrote:" or "name@example.com>:" ends a
            # line or two that began it ("On …, Tripost" / "<play@…>" / "wrote:").
            j = i
            while CONTINUED.fullmatch(lines[j].text):
                j = _neighbour(lines, j, -1)
                if j is None or j < i - 3 or lines[j].depth != line.depth:
                    break
                found.add(j)
        elif FIELD.match(line.text) and i not in found:
            # A block of at least two "Field: value" lines (From/Sent/To/Subject …).
            j = _neighbour(lines, i, 1)
            if j is not None and j == i + 1 and FIELD.match(lines[j].text):
                found.update((i, j))
    return found


def _line_at(starts: list[int], offset: int) -> int:
    lo, hi = 0, len(starts) - 2
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if starts[mid] <= offset:
            lo = mid
        else:
            hi = mid - 1
    return lo


def _neighbour(lines: list[Line], i: int, step: int) -> int | None:
    j = i + step
    while 0 <= j < len(lines):
        if not lines[j].blank:
            return j
        j += step
    return None


def _continues(reference: Reference, before: Sequence[int], after: Sequence[int]) -> bool:
    """Whether ``after`` follows ``before`` in one of the emails (a wrapped quote)."""
    if not before or not after:
        return False
    return reference.contains(tuple(before[-2:]) + tuple(after))


WRAP_AT_LEAST = 60  # the narrowest width mail clients rewrap quoted text to


def _wrapped_before(above: Line, line: Line) -> bool:
    """Whether a client rewrapping at ``WRAP_AT_LEAST`` columns or more could have moved
    the first word of ``line`` off the end of the quoted line ``above``."""
    first = line.text.split()[0] if line.text else ""
    return 2 * above.depth + len(above.text) + 1 + len(first) > WRAP_AT_LEAST


def _quoted_lines(lines: list[Line], reference: Reference, headers: set[int], moves) -> set[int]:
    """Unprefixed lines that are the sent email's own words."""
    quoted = set()
    for i, line in enumerate(lines):
        if line.blank or line.depth or i in headers or not line.words:
            continue
        prev, nxt = _neighbour(lines, i, -1), _neighbour(lines, i, 1)
        # A prefixed line above counts only when it is long enough to have been
        # rewrapped (its continuation then lost the ">"): a player writing just below
        # "> Legal moves:" may well choose the first move of the list.
        around = (
            prev is not None
            and (lines[prev].depth == 0 or _wrapped_before(lines[prev], line))
            and _continues(reference, lines[prev].words, line.words)
        )
        # A quoted line below only counts when it is unprefixed too: a player writing
        # just above "> Open the game" may well choose the last move of the list.
        around = around or (
            nxt is not None
            and lines[nxt].depth == 0
            and _continues(reference, line.words, lines[nxt].words[:2])
        )
        if line.text in moves:
            # A move written alone is the player's, unless the email's words run on
            # through it (a wrapped line of the quoted list).
            if around and reference.contains(line.words):
                quoted.add(i)
            continue
        run = reference.longest_run(line.words)
        whole = run == len(line.words) and (run >= 3 or around)
        if whole or (run >= 4 and run >= 0.6 * len(line.words)):
            quoted.add(i)
    return quoted


def _unprefixed_quotes(
    lines: list[Line], reference: Reference, headers: set[int], quoted: set[int]
) -> set[int]:
    """Lines inside a quote that is not prefixed with ">" (Outlook, Samsung, Zimbra…).

    It starts at a quote header followed by unprefixed text, or at the first line of
    the email's words; it ends at the end of the reply, unless the last quoted line is
    the end of the email answered (then what follows is new text: bottom-posting).
    """
    inside: set[int] = set()
    starts = []
    for h in sorted(headers):  # the first header followed by unprefixed text
        nxt = h + 1
        while nxt < len(lines) and (lines[nxt].blank or nxt in headers):
            nxt += 1
        if nxt >= len(lines) or lines[nxt].depth == 0:
            starts.append(h)
            break
    # The email's words without any quote header: a quote only when nothing is
    # prefixed (in a prefixed quote such lines are rewrapped pieces of quoted lines).
    loose = sorted(quoted)
    prefixed = any(line.depth for line in lines)
    if loose and not prefixed and (len(loose) >= 2 or len(lines[loose[0]].words) >= 6):
        starts.append(loose[0])
    if not starts:
        return inside
    start = min(starts)
    evidence = [i for i, line in enumerate(lines) if i > start and (i in quoted or line.depth)]
    end = len(lines) - 1
    if evidence:
        last = max(evidence)
        if not any(j in headers for j in range(last, len(lines))) and reference.ends_near_end(
            lines[last].words
        ):
            end = last
    inside.update(range(start, end + 1))
    return inside


INSERTED_AT_MOST = 6  # lines of the player's own around a move inside the quote
INSERTED_MOVES_AT_MOST = 50  # lone moves inside one quote (more: a list of them)


def _inserted_moves(
    lines: list[Line],
    reference: Reference,
    headers: set[int],
    quoted: set[int],
    region: set[int],
    moves,
) -> set[int]:
    """The player's lines (a move, a greeting, a signature) written between two
    paragraphs of an unprefixed quote of the email itself.

    Only where the email's words run straight from the quoted line above them into the
    quoted line below (up to three words on each side, five in all: a short greeting
    line is two): then nothing between is the email's, whatever the client did to the
    quote. The lines stand apart, blank lines above and below them."""
    out: set[int] = set()
    is_move = {i for i in region if not lines[i].blank and lines[i].text in moves}
    if not region & quoted or len(is_move) > INSERTED_MOVES_AT_MOST:
        return out  # no quote of the email, or lists of moves: nothing is released

    def near(i: int, step: int) -> list[int]:
        found, j = [], i
        while len(found) < INSERTED_AT_MOST:
            j = _neighbour(lines, j, step)
            if j is None or j not in region or j in headers or lines[j].depth:
                break
            found.append(j)
        return found

    def edges(i: int, step: int) -> list[tuple[int, tuple[int, ...]]]:
        """The paragraphs ending above (step -1) or starting below ``i`` within reach,
        a blank line between, as the client wrapped them: (their line next to ``i``,
        their last or first three words). One that is a lone move may be an item of the
        email's list, one per paragraph: never an edge."""
        found = []
        for j in near(i, step):
            if not lines[j - step].blank:
                continue
            paragraph = _paragraph(lines, j, step)
            if len(paragraph) == 1 and j in is_move:
                continue
            seq = tuple(w for k in paragraph for w in lines[k].words)
            found.append((j, seq[-3:] if step < 0 else seq[:3]))
        return found

    for i in sorted(is_move):
        # (A move alone on a line is "quoted" only where the email's words run on
        # through it; below, the email's words running straight past it outweigh that.)
        if i in out or lines[i].depth or i in headers:
            continue
        below = edges(i, 1)
        for (p, tail), (n, head) in ((a, b) for a in edges(i, -1) for b in below):
            block = range(p + 1, n)
            if any((j in quoted and j != i) or lines[j].depth for j in block):
                continue
            if len(tail) + len(head) < 5 or not reference.contains(tail + head):
                continue
            first = next(j for j in block if not lines[j].blank)
            last = max(j for j in block if not lines[j].blank)
            if reference.contains(tail[-2:] + lines[first].words) and reference.contains(
                lines[last].words + head[:2]
            ):
                continue  # another email the site sent runs on through them
            out.update(j for j in block if not lines[j].blank)
            break
    return out


def _paragraph(lines: list[Line], i: int, step: int) -> list[int]:
    """The lines of the paragraph that line ``i`` ends (step -1) or starts (step 1),
    in order."""
    out = [i]
    j = i + step
    while 0 <= j < len(lines) and not lines[j].blank and not lines[j].depth:
        out.append(j)
        j += step
    return sorted(out)


def _signature_lines(lines: list[Line], taken: set[int]) -> set[int]:
    """A "-- " signature up to the next quote, and phone signatures."""
    out: set[int] = set()
    in_signature = False
    for i, line in enumerate(lines):
        if i in taken or line.depth:
            in_signature = False
            continue
        if line.text in ("--", "-- ", "—"):
            in_signature = True
        if in_signature or SENT_FROM.match(line.text):
            out.add(i)
    return out


def _plain(text: str) -> str:
    return " ".join(text.split()).strip(EDGE + '"“”„«»`*')


class _Moves:
    """The legal moves lines name, as the game's parser reads them (any case and
    spacing its notation forgives); each distinct line is parsed once."""

    def __init__(self, parse: Callable[[str], str] | None) -> None:
        self.parse = parse
        self.seen: dict[str, str | AmbiguousAction | None] = {}

    def _parsed(self, text: str) -> str | AmbiguousAction | None:
        text = _plain(text)
        if text not in self.seen:
            try:
                self.seen[text] = self.parse(text) if self.parse is not None else None
            except AmbiguousAction as exc:  # a move, but which one cannot be told
                self.seen[text] = exc
            except IllegalAction:
                self.seen[text] = None
        return self.seen[text]

    def __contains__(self, text: str) -> bool:
        return self._parsed(text) is not None

    def named(self, text: str) -> str | None:
        parsed = self._parsed(text)
        return parsed if isinstance(parsed, str) else None

    def candidates(self, text: str) -> tuple[str, ...]:
        parsed = self._parsed(text)
        return parsed.candidates if isinstance(parsed, AmbiguousAction) else ()


def read(
    text: str,
    *,
    reference: Reference,
    parse: Callable[[str], str] | None = None,
    legal: Iterable[str] = (),
) -> Reading:
    """What the player wrote in ``text`` (a reply's plain text, or its HTML made text),
    and the legal move it names, if exactly one.

    ``parse``: the game's parser for the player's seat now (``engine.parse`` with the
    position and seat), None when no move can be played; ``legal``, without it: a
    plain list of the legal moves (``games.engines.base.among``)."""
    if parse is None and legal:
        parse = among(legal)
    moves = _Moves(parse)
    lines = _lines(text[:MAX_CHARS])
    headers = _header_lines(lines)
    quoted = _quoted_lines(lines, reference, headers, moves)
    region = _unprefixed_quotes(lines, reference, headers, quoted)
    inserted = _inserted_moves(lines, reference, headers, quoted, region, moves)
    region -= inserted
    quoted -= inserted
    taken = headers | quoted | region
    signature = _signature_lines(lines, taken)
    new = [
        i
        for i, line in enumerate(lines)
        if not line.blank and not line.depth and i not in taken and i not in signature
    ]
    new_text = "\n".join(lines[i].text for i in new)
    written = [lines[i].text for i in new if lines[i].text in moves]
    found = list(dict.fromkeys(moves.named(line) for line in written))
    if None in found:
        unclear = next(line for line in written if moves.named(line) is None)
        return Reading(
            new_text,
            None,
            gettext(
                "“%(move)s” could be more than one legal move (%(moves)s); write the one "
                "you mean exactly as in the list"
            )
            % {
                "move": _plain(unclear),
                "moves": ", ".join(f"“{move}”" for move in moves.candidates(unclear)),
            },
        )
    if len(found) == 1:
        return Reading(new_text, found[0], "")
    if len(found) > 1:
        listed = ", ".join(f"“{move}”" for move in found)
        return Reading(
            new_text,
            None,
            gettext(
                "it names more than one legal move (%(moves)s), so it is not clear which one "
                "you chose"
            )
            % {"moves": listed},
        )
    if not new_text:
        if any(lines[i].text in moves for i in taken if lines[i].depth == 0):
            # A move inside an unprefixed quote cannot be told from the email's own list.
            return Reading(
                "",
                None,
                gettext(
                    "the only move in it stands inside the quoted email, where it cannot be "
                    "told from the email's own list; write your move above the quote"
                ),
            )
        return Reading("", None, gettext("it had no text of its own besides the quoted email"))
    if parse is not None and len(new) > 1:
        return Reading(
            new_text, None, gettext("none of the lines of your own text is a legal move now")
        )
    return Reading(new_text, None, "")
