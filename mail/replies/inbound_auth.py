"""Was an emailed reply really sent by the address in its From? (issue 13, point 1)

The reply token proves the email answers one of our emails; it does not prove who
sent it (a forwarded email carries the token too). So the sender is checked with what
someone we trust has verified, in this order:

1. the provider's own verdict, where its inbound webhook passes one (Amazon SES's
   SPF/DKIM/DMARC verdicts, SendGrid's ``SPF``/``dkim`` fields, Mailgun's
   ``X-Mailgun-Spf``/``X-Mailgun-Dkim-Check-Result`` headers);
2. ``Authentication-Results`` headers (RFC 8601) written by a server we trust: only
   the topmost one whose authserv-id is in ``MAIL_AUTHSERV_IDS`` (the local MTA's,
   e.g. Postfix with OpenDKIM/OpenDMARC); anyone can write such a header into their
   own email, so the MTA should also remove incoming ones that claim its id;
3. for the mailbox reader, which has the message as it arrived, a DKIM check of our own
   (dkimpy, ``MAIL_DKIM_CHECK``).

A DKIM or SPF pass counts only for the From address's domain (or a parent/child
domain of it: relaxed alignment as DMARC has it); a signature of the sender's own
domain on ``From: someone-else`` proves nothing. The verdict is "pass", "fail" (a
check failed and none passed) or "none" (nothing verified either way).
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from email.utils import getaddresses

import authres
import dkim
from django.conf import settings

log = logging.getLogger(__name__)

PASS, FAIL, NONE = "pass", "fail", "none"
_FAILED = {"fail", "softfail", "permerror", "hardfail"}


@dataclass(frozen=True)
class Check:
    method: str  # dkim, spf, dmarc
    result: str  # pass, fail, none (normalised)
    domain: str | None  # what the check vouches for; None: the provider's own word for From
    source: str


@dataclass(frozen=True)
class Verdict:
    result: str
    detail: str

    @property
    def passed(self) -> bool:
        return self.result == PASS


def _norm(result: str) -> str:
    result = (result or "").strip().lower().split()[0] if (result or "").strip() else ""
    if result == "pass":
        return PASS
    return FAIL if result in _FAILED else NONE


def _domain(value: str | None) -> str | None:
    if not value:
        return None
    return value.rpartition("@")[2].strip().strip(">").lower() or None


def aligned(domain: str, from_domain: str) -> bool:
    """Relaxed alignment: the same domain, or one is a subdomain of the other."""
    return (
        domain == from_domain
        or from_domain.endswith("." + domain)
        or domain.endswith("." + from_domain)
    )


# --- 1. the provider's verdict --------------------------------------------------------


def _from_provider(message, esp_name: str, esp_event) -> list[Check]:
    esp = (esp_name or "").lower().replace(" ", "_")
    checks: list[Check] = []
    if esp == "amazon_ses" and isinstance(esp_event, dict):
        receipt = esp_event.get("receipt") or {}
        for method in ("dmarc", "dkim", "spf"):
            status = (receipt.get(f"{method}Verdict") or {}).get("status", "")
            if status:
                checks.append(Check(method, _norm(status), None, "Amazon SES"))
    elif esp == "sendgrid" and hasattr(esp_event, "POST"):
        spf = esp_event.POST.get("SPF", "")
        if spf:
            checks.append(Check("spf", _norm(spf), None, "SendGrid"))
        # e.g. "{@example.com : pass}" or "{@a.example : pass, @b.example : fail}"
        found = re.findall(r"@([^\s:,{}]+)\s*:\s*(\w+)", esp_event.POST.get("dkim", ""))
        for domain, result in found:
            checks.append(Check("dkim", _norm(result), domain.lower(), "SendGrid"))
    elif esp == "mailgun":
        for header, method in (("X-Mailgun-Spf", "spf"), ("X-Mailgun-Dkim-Check-Result", "dkim")):
            values = message.get_all(header) or []
            # A sender can write these headers into their own email too: with more than
            # one, which is Mailgun's is unknown, so none counts.
            if len(values) == 1:
                checks.append(Check(method, _norm(str(values[0])), None, "Mailgun"))
    return checks


# --- 2. Authentication-Results of a server we trust ------------------------------------


def _from_authentication_results(message) -> list[Check]:
    trusted = {i.lower() for i in settings.MAIL_AUTHSERV_IDS}
    if not trusted:
        return []
    checks: list[Check] = []
    for value in message.get_all("Authentication-Results") or []:
        try:
            header = authres.AuthenticationResultsHeader.parse(
                "Authentication-Results: " + " ".join(str(value).split())
            )
        except Exception:  # a malformed header vouches for nothing
            continue
        if (header.authserv_id or "").lower() not in trusted:
            continue
        # Only the topmost header of our MTA counts: it is added on arrival, above
        # whatever the sender wrote (a forged one with our authserv-id sits below it).
        for result in header.results:
            props = {f"{p.type}.{p.name}": p.value for p in result.properties}
            domain = (
                props.get("header.d")
                or props.get("header.from")
                or _domain(props.get("smtp.mailfrom"))
                or _domain(props.get("header.i"))
            )
            checks.append(
                Check(result.method, _norm(result.result), (domain or "").lower() or "?", "MTA")
            )
        break
    return checks


# --- 3. our own DKIM check --------------------------------------------------------------


def dns_txt(name: bytes, timeout: int = 5) -> bytes | None:
    """The DKIM key lookup (DNS TXT); tests replace it."""
    return dkim.dnsplug.get_txt(name, timeout=timeout)


def _own_dkim(raw: bytes) -> list[Check]:
    try:
        checker = dkim.DKIM(raw, timeout=5)
        signatures = checker.present() and len(
            [h for h in checker.headers if h[0].lower() == b"dkim-signature"]
        )
    except Exception:
        return []
    checks = []
    for index in range(signatures or 0):
        try:
            ok = checker.verify(idx=index, dnsfunc=dns_txt)
        except dkim.ValidationError:  # e.g. the body was altered after signing
            ok = False
        except Exception:  # DNS down, no key published: nothing verified either way
            log.info("DKIM check of signature %s could not run", index, exc_info=True)
            continue
        domain = (checker.domain or b"").decode("ascii", "replace").lower()
        checks.append(Check("dkim", PASS if ok else FAIL, domain or "?", "own DKIM check"))
    return checks


# --- the verdict -------------------------------------------------------------------------


def decide(checks: list[Check], from_domain: str) -> Verdict:
    passes = [
        c
        for c in checks
        if c.result == PASS
        and (c.domain is None or c.method == "dmarc" or aligned(c.domain, from_domain))
    ]
    dmarc = [c for c in checks if c.method == "dmarc" and c.result != NONE]
    if dmarc:  # DMARC already combines SPF and DKIM with alignment
        first = dmarc[0]
        return Verdict(first.result, f"dmarc={first.result} ({first.source})")
    if passes:
        c = passes[0]
        return Verdict(PASS, f"{c.method}=pass for {c.domain or from_domain} ({c.source})")
    failed = [c for c in checks if c.result == FAIL]
    if failed:
        c = failed[0]
        return Verdict(FAIL, f"{c.method}=fail ({c.source})")
    return Verdict(NONE, "no verified SPF, DKIM or DMARC result for the sender's domain")


def verdict(message, *, raw: bytes | None = None, esp_name: str = "", esp_event=None) -> Verdict:
    """The sender check of one inbound message (see the module's docstring)."""
    [(_name, sender)] = getaddresses([str(message.get("From", ""))])[:1] or [("", "")]
    from_domain = _domain(sender) or ""
    checks = _from_provider(message, esp_name, esp_event)
    checks += _from_authentication_results(message)
    if not checks and raw is not None and settings.MAIL_DKIM_CHECK:
        checks = _own_dkim(raw)
    return decide(checks, from_domain)
