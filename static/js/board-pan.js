// The board is drawn to be seen whole in its box (titles/trias/board.py); a player may
// still zoom in to look closer: pinch (the browser's own zoom), the board's − / Whole
// board / + buttons, or the keys + and - (and 0 for the whole board) while the board
// or its buttons have focus. Zoomed in, the board's box pans (drag, swipe, arrow
// keys); the zoom and where the player panned stay when htmx redraws the live part (a
// pick, a move, a poll), so a tap never loses the player's place.
(function () {
  "use strict";
  var STEPS = [1, 1.5, 2, 3];
  var zoom = 0; // index into STEPS
  var pan = null;

  function apply() {
    var box = document.getElementById("board");
    var svg = box && box.querySelector("svg");
    if (!svg) return;
    var tools = document.querySelector(".board-tools .zoom");
    if (tools) tools.hidden = false;
    var factor = STEPS[zoom];
    box.classList.toggle("zoomed", factor > 1);
    svg.style.width = factor > 1 ? factor * 100 + "%" : "";
    if (factor > 1) {
      if (!box.hasAttribute("tabindex")) box.tabIndex = 0;
      box.setAttribute("role", "region");
    } else if (box.getAttribute("role") === "region") {
      box.removeAttribute("role");
      box.removeAttribute("tabindex");
    }
    document.querySelectorAll(".board-tools [data-zoom]").forEach(function (b) {
      var how = b.dataset.zoom;
      b.disabled = (how === "in" && zoom === STEPS.length - 1) || (how !== "in" && zoom === 0);
    });
  }
  function setZoom(next, centre) {
    var box = document.getElementById("board");
    if (!box) return;
    next = Math.max(0, Math.min(STEPS.length - 1, next));
    if (next === zoom) return;
    // Keep the middle of what is seen in the middle.
    var fx = centre ? centre[0] : (box.scrollLeft + box.clientWidth / 2) / (box.scrollWidth || 1);
    var fy = centre ? centre[1] : (box.scrollTop + box.clientHeight / 2) / (box.scrollHeight || 1);
    zoom = next;
    apply();
    box.scrollLeft = fx * box.scrollWidth - box.clientWidth / 2;
    box.scrollTop = fy * box.scrollHeight - box.clientHeight / 2;
  }
  document.addEventListener("click", function (event) {
    var b = event.target.closest && event.target.closest(".board-tools [data-zoom]");
    if (!b) return;
    var how = b.dataset.zoom;
    setZoom(how === "in" ? zoom + 1 : how === "out" ? zoom - 1 : 0);
  });
  document.addEventListener("keydown", function (event) {
    var t = event.target;
    if (!t.closest || !(t.closest("#board") || t.closest(".board-tools"))) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === "+" || event.key === "=") setZoom(zoom + 1);
    else if (event.key === "-") setZoom(zoom - 1);
    else if (event.key === "0") setZoom(0);
    else return;
    event.preventDefault();
  });
  document.addEventListener("htmx:beforeSwap", function () {
    var box = document.getElementById("board");
    pan = box ? [box.scrollLeft, box.scrollTop] : null;
  });
  function place() {
    apply();
    var box = document.getElementById("board");
    if (box && pan && zoom > 0) { box.scrollLeft = pan[0]; box.scrollTop = pan[1]; }
    pan = null;
  }
  document.addEventListener("DOMContentLoaded", place);
  document.addEventListener("htmx:afterSwap", place);
})();
