"""Every kind of email as a mail client shows it: its HTML part in Chromium at phone
and desktop width, with its pictures (issue 18). Each is saved as a screenshot in
``test-artifacts/screenshots/mail-<kind>-<width>.png``; the test checks what a reader
would notice: nothing wider than the phone, every picture shown whole, every link
and the one-click unsubscribe there."""

from __future__ import annotations

import base64
import re

import pytest

from tests.mail.specimens import GUEST_INVITATION, specimens

pytestmark = pytest.mark.django_db

WIDTHS = {"phone": (390, 844), "desktop": (1280, 900)}
# A phone in dark mode: the email declares itself light-only and sets every colour, so
# it stays dark text on its light card instead of half-inverted.
DARK = ("phone-dark", (390, 844))


def as_shown(mail) -> str:
    """The HTML part with its inline pictures (``cid:``) as a client resolves them."""
    html = mail.alternatives[0][0]
    for part in mail.message().walk():
        cid = (part.get("Content-ID") or "").strip("<>")
        if cid and part.get_content_type() == "image/png":
            data = base64.b64encode(part.get_payload(decode=True)).decode()
            html = html.replace(f"cid:{cid}", f"data:image/png;base64,{data}")
    return html


# The one-click unsubscribe link as each language's emails name it.
UNSUBSCRIBE = {"": "Unsubscribe from all emails", "de": "Alle E-Mails abbestellen"}
# An invitation to an address with no account stops further invitations instead.
NO_MORE_INVITATIONS = {
    "": "No more invitations to this address from anyone",
    "de": "Keine Einladungen mehr an diese Adresse, von niemandem",
}


@pytest.mark.parametrize("language", ["", "de"], ids=["english", "german"])
def test_every_kind_of_email_reads_well_on_a_phone_and_a_desktop(
    settings, browser, screenshots, language
):
    """In English and in German (longer words: the buttons and lines must still fit)."""
    emails = [(s, s.build()) for s in specimens(settings, language=language)]
    for device, (width, height) in [*WIDTHS.items(), DARK]:
        scheme = "dark" if device.endswith("dark") else "light"
        context = browser.new_context(
            viewport={"width": width, "height": height}, color_scheme=scheme
        )
        page = context.new_page()
        for specimen, mail in emails:
            label = specimen.label
            page.set_content(as_shown(mail), wait_until="load")
            name = re.sub(r"[^a-z0-9]+", "-", f"{language} {label}".lower()).strip("-")
            page.screenshot(path=screenshots / f"mail-{name}-{device}.png", full_page=True)
            scroll_width = page.evaluate("document.documentElement.scrollWidth")
            assert scroll_width <= width, f"{label} is {scroll_width} px wide on a {device}"
            for img in page.locator("img").all():
                shown = img.evaluate("i => [i.complete, i.naturalWidth, i.clientWidth]")
                assert shown[0] and shown[1] == 560, f"{label}: a picture did not load"
                assert shown[2] <= min(560, width - 40), f"{label}: picture {shown[2]} px"
            card = page.locator("table[role=presentation] table[role=presentation]").first
            assert card.bounding_box()["width"] <= 600
            stop = NO_MORE_INVITATIONS if specimen.kind == GUEST_INVITATION else UNSUBSCRIBE
            assert page.get_by_role("link", name=stop[language]).count() == 1, label
            inner = card.locator("td").first.evaluate(
                "td => [getComputedStyle(td).color, getComputedStyle(td).backgroundColor]"
            )
            assert inner == ["rgb(34, 34, 34)", "rgb(255, 255, 255)"], f"{label}: {inner}"
        context.close()
