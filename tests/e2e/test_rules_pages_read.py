"""The rules pages read in a real Chromium at a phone's and a desktop's size, in English
and German (issue 34): every diagram's text at 12 px or more, Tri*T*Area's areas table
and Trias's Example 3 table whole on the screen, and Example 3 lettered A to H with
nothing overlapping."""

import pytest

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SIZES = [(390, 844), (1280, 900)]
LOCALES = ["en-GB", "de-DE"]

SMALL_TEXT = """
() => {
  const small = [];
  document.querySelectorAll('.diagram-art svg').forEach(svg => {
    const figure = svg.closest('figure').id;
    svg.querySelectorAll('text, tspan').forEach(t => {
      if (!t.textContent.trim() || t.getClientRects().length === 0) return;
      const px = parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a;
      const words = t.textContent.trim().slice(0, 20);
      if (px < 11.95) small.push(`${figure}: "${words}" ${px.toFixed(1)}px`);
    });
  });
  return small;
}
"""

AREAS_TABLE = """
() => {
  const table = document.querySelector('#areas-table');
  const box = table.closest('.table-scroll');
  const cells = [...table.querySelectorAll('tbody th, tbody td')];
  return {
    scrolls: box.scrollWidth > box.clientWidth + 1,
    rows: table.querySelectorAll('tbody tr').length,
    hidden: cells.filter(c => c.getClientRects().length === 0).map(c => c.textContent),
    outside: cells.filter(c => {
      const r = c.getBoundingClientRect();
      return r.left < 0 || r.right > window.innerWidth;
    }).map(c => c.textContent),
    labels: [...table.querySelectorAll('tbody tr:first-child td')].map(
      c => getComputedStyle(c, '::before').content),
  };
}
"""

LETTERED = """
() => {
  const svg = document.querySelector('#fig-ex3 svg');
  const labels = [...svg.querySelectorAll('.land-mass')];
  const others = [...svg.querySelectorAll('text, polygon, rect')].filter(
    e => !e.closest('.land-mass') && e.getBBox().width < svg.viewBox.baseVal.width - 1);
  const hit = (a, b) => !(a.right <= b.left || b.right <= a.left
                          || a.bottom <= b.top || b.bottom <= a.top);
  const overlaps = [];
  labels.forEach((label, i) => {
    const box = label.querySelector('rect').getBoundingClientRect();
    const words = label.querySelector('text').getBoundingClientRect();
    if (!(words.left >= box.left && words.right <= box.right)) overlaps.push(
      `${label.dataset.landMass}: its words run out of its box`);
    others.forEach(e => {
      if (hit(box, e.getBoundingClientRect())) overlaps.push(
        `${label.dataset.landMass} covers ${e.tagName} ${e.textContent.slice(0, 12)}`);
    });
    labels.slice(i + 1).forEach(other => {
      if (hit(box, other.querySelector('rect').getBoundingClientRect())) overlaps.push(
        `${label.dataset.landMass} covers ${other.dataset.landMass}`);
    });
  });
  return {letters: labels.map(l => l.dataset.landMass), overlaps};
}
"""


@pytest.mark.parametrize("width,height", SIZES)
@pytest.mark.parametrize("locale", LOCALES)
def test_rules_pages_read_whole_at_both_sizes(live_server, browser, width, height, locale):
    page = browser.new_page(viewport={"width": width, "height": height}, locale=locale)
    problems = []
    for game in ("triad", "trias", "tritarea"):
        page.goto(f"{live_server.url}/rules/{game}/")
        problems += [f"{game}: {small}" for small in page.evaluate(SMALL_TEXT)]
    table = page.evaluate(AREAS_TABLE)  # still on Tri*T*Area's page
    assert table["rows"] == 4
    assert not table["scrolls"] and table["hidden"] == [] and table["outside"] == [], table
    if width < 640:  # one block per area, each value under its column's name
        assert all(label not in ("none", "normal", "") for label in table["labels"]), table
    page.goto(f"{live_server.url}/rules/trias/")
    example_3 = page.evaluate(
        "(() => { const box = document.querySelector('#ex3-table').closest('.table-scroll');"
        " return box.scrollWidth - box.clientWidth; })()"
    )
    assert example_3 <= 1, f"Example 3's table scrolls {example_3}px sideways"
    lettered = page.evaluate(LETTERED)
    assert lettered["letters"] == list("ABCDEFGH")
    assert lettered["overlaps"] == []
    page.close()
    assert problems == []
