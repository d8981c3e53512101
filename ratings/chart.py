"""A rating's history as a small SVG line chart, drawn on the server."""

from __future__ import annotations

from django.utils.html import escape

WIDTH, HEIGHT, PAD_X, PAD_Y = 400, 160, 46, 20


def history_svg(points: list[tuple[str, int]], *, title: str) -> str:
    """``points``: (date label, displayed rating) per rated game, oldest first, with
    the starting value first. Text is 13.5 units high in a 400-unit box, so it stays
    at 12 px or more when the chart is shrunk to a phone's width (358 px)."""
    values = [v for _, v in points]
    lo, hi = min(values), max(values)
    if hi - lo < 40:
        mid = (hi + lo) / 2
        lo, hi = mid - 20, mid + 20
    span_x = max(1, len(points) - 1)

    def x(i: int) -> float:
        return PAD_X + i * (WIDTH - 2 * PAD_X) / span_x

    def y(v: float) -> float:
        return HEIGHT - PAD_Y - (v - lo) * (HEIGHT - 2 * PAD_Y) / (hi - lo)

    line = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(values))
    dots = "".join(
        f'<circle cx="{x(i):.1f}" cy="{y(v):.1f}" r="3.5" fill="#1f5fa8">'
        f"<title>{escape(label)}: {v}</title></circle>"
        for i, (label, v) in enumerate(points)
    )
    axis = (
        f'<text x="{PAD_X - 6}" y="{y(hi) + 4:.1f}" text-anchor="end">{round(hi)}</text>'
        f'<text x="{PAD_X - 6}" y="{y(lo) + 4:.1f}" text-anchor="end">{round(lo)}</text>'
        f'<text x="{PAD_X}" y="{HEIGHT - 3}">{escape(points[0][0])}</text>'
        f'<text x="{WIDTH - PAD_X}" y="{HEIGHT - 3}" text-anchor="end">'
        f"{escape(points[-1][0])}</text>"
    )
    return (
        f'<svg class="rating-chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'xmlns="http://www.w3.org/2000/svg" font-size="13.5" font-family="sans-serif" '
        f'fill="#333"><title>{escape(title)}</title>'
        f'<line x1="{PAD_X}" y1="{PAD_Y}" x2="{PAD_X}" y2="{HEIGHT - PAD_Y}" stroke="#999"/>'
        f'<line x1="{PAD_X}" y1="{HEIGHT - PAD_Y}" x2="{WIDTH - PAD_X}" y2="{HEIGHT - PAD_Y}" '
        f'stroke="#999"/>{axis}'
        f'<polyline points="{line}" fill="none" stroke="#1f5fa8" stroke-width="2.5"/>{dots}</svg>'
    )
