// The game page's live part (games/detail.html, its "live" partial, id="live").
//
// Playing by clicking the board: the SVG marks clickable parts with data-select
// (pick a piece: fetch the board with its targets lit) or data-action (play it).
// Without JavaScript, the choice and action lists beside the board do the same.
//
// After every swap of the live part (a move, a pick, a poll; a move played answers
// with only its changed pieces, swapped out of band into their boxes, the live part
// itself the request's target with nothing swapped): the tab's title
// follows, focus returns to a sensible place (the same control if it is still
// there, else the turn line, which says what to do now, without scrolling the page),
// and the open Legend / Type a move boxes keep their state (the "Show coordinates" box:
// show-coords.js). A page restored
// by Back asks the server at once whether it is still current. Forms with
// data-confirm ask first (no inline handlers: CSP).
(function () {
  "use strict";
  var openBoxes = []; // classes of the <details> open in #live before a swap
  var focusKey = null; // what had focus inside #live before a swap
  var userAsked = false; // the swap answers the player's own click or key

  function activate(el) {
    var live = document.getElementById("live");
    if (!live) return;
    userAsked = true;
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
    if (el) { event.preventDefault(); activate(el); return; }
    if (event.target.closest && event.target.closest("#live button, #live a")) userAsked = true;
  });
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Enter" && event.key !== " ") return;
    var el = target(event);
    if (el) { event.preventDefault(); activate(el); }
  });
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (form.dataset && form.dataset.confirm && !window.confirm(form.dataset.confirm)) {
      event.preventDefault();
    }
  }, true);

  // A selector that finds the same control in the new live part.
  function keyOf(el) {
    if (!el || !el.closest || !el.closest("#live")) return null;
    if (el.dataset.select !== undefined) return '#board [data-select="' + CSS.escape(el.dataset.select) + '"]';
    if (el.dataset.action) return '#board [data-action="' + CSS.escape(el.dataset.action) + '"]';
    if (el.dataset.token) return '[data-token="' + CSS.escape(el.dataset.token) + '"]';
    if (el.id) return "#" + CSS.escape(el.id);
    if (el.name && el.value) return '#live [name="' + CSS.escape(el.name) + '"][value="' + CSS.escape(el.value) + '"]';
    return null;
  }
  document.addEventListener("htmx:beforeSwap", function (event) {
    if (event.detail.target && event.detail.target.id === "live") {
      openBoxes = Array.prototype.map.call(
        document.querySelectorAll("#live details[open]"), function (d) { return d.className; });
      var active = document.activeElement;
      focusKey = active && active !== document.body && active.closest && active.closest("#live")
        ? (keyOf(active) || "#turn") : null;
    }
  });

  function restoreFocus() {
    var live = document.getElementById("live");
    if (!live) return;
    var el = null;
    var picked = live.dataset.selected;
    // A typed move refused: back to its box, which says why and holds the move.
    if (live.querySelector("#typed-error")) el = document.getElementById("typed-action");
    var onBoard = focusKey && focusKey.indexOf("#board") === 0;
    // A piece just picked on the board: its first target there (the rest follow it
    // in the board's order); picked in the list: the same button, its targets next.
    if (!el && userAsked && picked && onBoard) {
      el = live.querySelector("#board [data-action]") || live.querySelector(".picked .target");
    }
    if (!el && focusKey) el = document.querySelector(focusKey);
    if (!el && userAsked && picked) {
      el = live.querySelector(".picked .target") ||
        live.querySelector('#board [data-select="' + CSS.escape(picked) + '"]');
    }
    if (!el && (focusKey || userAsked)) el = document.getElementById("turn");
    // The board is seen whole, so focus never needs to scroll the page (scrolling to a
    // target moved the instruction above the board out of sight).
    if (el) el.focus({ preventScroll: !userAsked || !!(el.closest && el.closest("#board")) });
    focusKey = null;
    userAsked = false;
  }

  // After each render: the tab's title, the newest move in sight, the board's
  // clickable parts reachable by keyboard (Tab, then Enter or Space).
  function refresh() {
    var live = document.getElementById("live");
    // The tab's title and the piece picked come with the live part's meta, which a
    // move's answer swaps alone (the live part itself stays).
    var meta = document.getElementById("live-meta");
    if (meta && meta.dataset.title) document.title = meta.dataset.title;
    if (live && meta) live.dataset.selected = meta.dataset.selected || "";
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
    openBoxes.forEach(function (name) {
      var box = name && document.querySelector("#live details." + name.split(" ")[0]);
      if (box) box.open = true;
    });
    openBoxes = [];
  }
  document.addEventListener("DOMContentLoaded", refresh);
  document.addEventListener("htmx:afterSwap", function (event) {
    // Only the live part's swaps: other parts of the page (the chat) swap on their own.
    var target = event.detail.target;
    if (target && target.id !== "live" && !(target.closest && target.closest("#live"))) return;
    refresh();
    if (event.detail.target && (event.detail.target.id === "live" || !event.detail.target.isConnected)) restoreFocus();
  });

  // Back (or Forward) shows the page as it was: ask whether it is still current
  // (the poll answers 204 when it is), before anyone clicks a stale button.
  function revalidate() {
    var meta = document.getElementById("live-meta");
    if (meta && meta.dataset.pollUrl) {
      htmx.ajax("GET", meta.dataset.pollUrl, { target: "#live", swap: "outerHTML" });
    }
  }
  window.addEventListener("pageshow", function (event) {
    var nav = performance.getEntriesByType && performance.getEntriesByType("navigation")[0];
    if (event.persisted || (nav && nav.type === "back_forward")) revalidate();
  });
})();
