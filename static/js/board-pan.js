// A board wider than its box pans inside it (games/boards/trias.py: the <svg> is
// never drawn below its width/height attributes, its box scrolls). The box starts
// centred on the board, and stays where the player panned it when htmx redraws the
// live part (a pick, a move, a poll), so a tap never loses the player's place.
(function () {
  "use strict";
  var pan = null;
  document.addEventListener("htmx:beforeSwap", function () {
    var box = document.getElementById("board");
    pan = box ? [box.scrollLeft, box.scrollTop] : null;
  });
  function place() {
    var box = document.getElementById("board");
    if (box && box.scrollWidth > box.clientWidth) {
      if (pan) { box.scrollLeft = pan[0]; box.scrollTop = pan[1]; }
      else box.scrollLeft = (box.scrollWidth - box.clientWidth) / 2;
      // Keyboard players pan it too (arrow keys), also when nothing on it is clickable.
      if (!box.hasAttribute("tabindex")) {
        box.tabIndex = 0;
        box.setAttribute("role", "region");
        if (!box.getAttribute("aria-label")) box.setAttribute("aria-label", "Board");
      }
    }
    pan = null;
  }
  document.addEventListener("DOMContentLoaded", place);
  document.addEventListener("htmx:afterSwap", place);
})();
