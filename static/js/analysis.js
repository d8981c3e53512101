// The analysis board (planning/analysis.html): clicking the board plays or picks as on
// the game page, through the analysis's own forms (the signed line travels in them).
// Without JavaScript the lists beside the board do the same. The "Show coordinates"
// toggle keeps the choice the game page remembers in this browser (board.js's key), also
// after each swap of the analysis part.
(function () {
  "use strict";
  var COORDS_KEY = "tripost.showCoordinates";
  function coordsShown() {
    try { return window.localStorage.getItem(COORDS_KEY) === "1"; } catch (e) { return false; }
  }
  function refresh() {
    var toggle = document.getElementById("show-coords");
    if (toggle) toggle.checked = coordsShown();
  }
  document.addEventListener("DOMContentLoaded", refresh);
  document.addEventListener("htmx:afterSwap", refresh);
  document.addEventListener("change", function (event) {
    if (event.target.id !== "show-coords") return;
    try { window.localStorage.setItem(COORDS_KEY, event.target.checked ? "1" : "0"); } catch (e) { /* private mode */ }
  });
  function activate(el) {
    var form;
    if (el.dataset.action) {
      form = document.getElementById("board-form");
      form.querySelector('input[name="action"]').value = el.dataset.action;
    } else if (el.dataset.select !== undefined) {
      form = document.getElementById("choices");
      var input = form.querySelector('input[name="select"]') || document.createElement("input");
      input.type = "hidden";
      input.name = "select";
      input.value = el.dataset.select;
      form.appendChild(input);
    }
    if (!form) return;
    form.requestSubmit();
  }
  function target(event) {
    var el = event.target.closest && event.target.closest("[data-select],[data-action]");
    return el && el.closest("#analysis #board") ? el : null;
  }
  document.addEventListener("click", function (event) {
    var el = target(event);
    if (el) { event.preventDefault(); activate(el); }
  });
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Enter" && event.key !== " ") return;
    var el = target(event);
    if (el) { event.preventDefault(); activate(el); }
  });
})();
