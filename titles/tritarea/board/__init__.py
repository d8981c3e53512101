"""Tri*T*Area board as SVG and its turn guide, drawn only from ``view(state, seat)``
(contract in :mod:`games.boards`): ``render_svg`` in :mod:`.svg`, ``guide`` in
:mod:`.turn`, the words both use in :mod:`.words`.

Layout (decided for issue 11): **portrait, 392 units wide**, one column that reads top
to bottom on a 390 px phone and in the desktop page's board column alike:

1. the 4 x 4 grid (86-unit squares) with column letters a-d above and row numbers 1-4
   beside it, always shown (moves are written with them, and they sit in the margin,
   off the squares); each area carries its rulebook name once (Intelligent, Modern,
   Ecology, Happiness), thick lines run between areas, printed bonus squares show
   "+2" until built on, buildings are stacks of blocks in seat colours with their
   height beside them;
2. a strip under the grid: a caption in words (round and trick, the adopted concept
   and who builds, the block sale), replaced while something is selected by that
   selection's choices ("1 block on c2" / "2 blocks on c2"; a 5's "5", "0 (pay 1)",
   "10 (pay 2)"), and in the additional-block step by a "No extra block" button
   (declining costs nothing);
3. the viewer's hand (two rows of five; cards 60 x 62 units, about 52 CSS px on a
   phone), left out for spectators and computer seats;
4. the table: the four seats side by side, each with its name and role (you,
   computer, "you decide"), the card it proposed in this trick (once the trick is
   decided, cards of other concepts are dimmed: they won no right), or in round 3 its
   lead declaration (face down until all are revealed), then points, blocks and its
   marks (leads, 1st/2nd right, lead area); a pink frame shows whose turn it is. The
   2-person game adds the team totals.

The landscape board it replaces (690 units, a seat panel beside the grid) shrank to
half size on a phone: 5-7 px text, 22 x 31 px cards. This column is 776 units tall
(822 with the 2-person game's team lines, 614 without a hand); every text is at least 15 units and
every clickable part at least 40 x 40 units, so at the 0.8 scale a page may show it
at (the phone's 80vh) text stays at 12 CSS px or more and targets at 32 px or more.
On a wide desktop column the board is as tall as the page allows (about 720 px) and
about 360 px wide: the grid keeps the size it had. Its size depends only on whether
the viewer has a hand and on the player count, never on a selection. The <svg> has
a viewBox and no width or height: the page fits it to the board's box, which is what
this layout is made for (a board with width/height attributes is shown at least that
large and pans instead).

Clicking (see :mod:`games.boards`):

- a card with one legal play carries ``data-action="p H7"`` (``lead M4`` in the lead
  phase); a 5 with several ways to play carries ``data-select="card:I5"`` and, while
  selected, the strip offers one button per way (``p I5``, ``p I5=0``, ``p I5=10``);
- a buildable square carries ``data-action="b c2"``; when the second rights holder
  may also stack two there, the square carries ``data-select="sq:c2"`` and, while
  selected, the strip offers "1 block on c2" (``b c2``) and "2 blocks on c2"
  (``b c2 c2``): nothing is drawn over a square, and choosing a square never builds;
- additional-block squares carry ``data-action="x d2"``; the strip's "No extra
  block" carries ``data-action="pass"``.

``card_picture(card)`` draws one card as the hand does, for lists of cards beside the
board (``GameSpec.card_pictures``).

Building nothing (a default that costs points) and the block sale have no spot on
the board: the guide offers them as buttons. Every clickable part carries an
``aria-label`` with the guide's words for it.
"""

from .layers import layers
from .svg import card_picture, render_svg
from .turn import guide

__all__ = ["card_picture", "guide", "layers", "render_svg"]
