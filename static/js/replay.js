// Replay (games/templates/games/replay.html): the move list follows the current move, and
// the arrow keys step through the game (Home and End: the start and the end), as the
// buttons do, each press a step even when pressed faster than the server answers. Keys
// typed into a field or with a modifier are left alone.
(function () {
  "use strict";
  function follow() {
    var current = document.querySelector("#position .moves [aria-current]");
    var list = current && current.closest(".moves");
    if (!list) return;
    // Scroll the list only (not the page): the current move in the middle of it.
    var box = list.getBoundingClientRect(), row = current.getBoundingClientRect();
    list.scrollTop += row.top - box.top - (box.height - row.height) / 2;
  }
  // A key pressed while a step is on its way waits for it to land, then takes its own
  // step (clicking the button still waiting for its answer would lose the press).
  var waiting = [];
  function busy() { return !!document.querySelector("#position .htmx-request"); }
  function take(key) {
    var step = document.querySelector('#position .replay-nav [data-key="' + key + '"]');
    if (!step || step.getAttribute("aria-disabled") === "true") return false;
    step.click();
    return true;
  }
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    var field = event.target.closest && event.target.closest("input, textarea, select, [contenteditable]");
    if (field) return;
    // A zoomed-in board's box takes the arrow keys to pan (board-pan.js).
    if (event.target.closest && event.target.closest("#board.zoomed")) return;
    if (!document.querySelector('#position .replay-nav [data-key="' + event.key + '"]')) return;
    if (busy() || waiting.length) {
      event.preventDefault();
      if (waiting.length < 20) waiting.push(event.key);
    } else if (take(event.key)) {
      event.preventDefault();
    }
  });
  document.addEventListener("htmx:afterSettle", function () {
    while (waiting.length && !busy()) take(waiting.shift());
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    if (event.detail.failed) waiting = [];
  });
  // A step from the nav keeps focus on the same step button after the swap.
  var focused = null;
  document.addEventListener("htmx:beforeSwap", function () {
    var el = document.activeElement;
    focused = el && el.dataset && el.dataset.key ? el.dataset.key : null;
  });
  document.addEventListener("htmx:afterSwap", function () {
    follow();
    if (focused) {
      var el = document.querySelector('#position [data-key="' + focused + '"]');
      if (el) el.focus();
    }
  });
  document.addEventListener("DOMContentLoaded", follow);
})();
