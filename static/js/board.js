// Playing by clicking the board: the SVG marks clickable parts with data-select
// (pick a piece: fetch the board with its targets lit) or data-action (play it).
// Without JavaScript, the action list below the board does the same.
(function () {
  function activate(el) {
    var live = document.getElementById("live");
    if (!live) return;
    if (el.dataset.action) {
      var form = document.getElementById("board-form");
      if (!form) return;
      form.querySelector('input[name="action"]').value = el.dataset.action;
      form.requestSubmit();
    } else if (el.dataset.select !== undefined) {
      var token = el.dataset.select === live.dataset.selected ? "" : el.dataset.select;
      htmx.ajax("GET", live.dataset.liveUrl + "?select=" + encodeURIComponent(token), {
        target: "#live",
        swap: "outerHTML",
      });
    }
  }
  function target(event) {
    var el = event.target.closest && event.target.closest("[data-select],[data-action]");
    return el && el.closest("#board") ? el : null;
  }
  document.addEventListener("click", function (event) {
    var el = target(event);
    if (el) { event.preventDefault(); activate(el); }
  });
  // After each render: keep the newest move in sight, and make the board's
  // clickable parts reachable by keyboard (Tab, then Enter or Space).
  function refresh() {
    document.querySelectorAll("#live .moves").forEach(function (list) {
      list.scrollTop = list.scrollHeight;
    });
    document.querySelectorAll("#board [data-select], #board [data-action]").forEach(function (el) {
      el.setAttribute("tabindex", "0");
      el.setAttribute("role", "button");
      if (!el.getAttribute("aria-label")) {
        el.setAttribute("aria-label", el.dataset.action ? "Play " + el.dataset.action : "Select " + el.dataset.select);
      }
    });
  }
  document.addEventListener("DOMContentLoaded", refresh);
  document.addEventListener("htmx:afterSwap", refresh);
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Enter" && event.key !== " ") return;
    var el = target(event);
    if (el) { event.preventDefault(); activate(el); }
  });
})();
