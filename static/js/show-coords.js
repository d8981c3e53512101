// The "Show coordinates" box beside a board (the game page, its replay, the analysis
// board): the choice is kept in this browser and holds on every page and after each
// htmx swap that draws the box anew. The coordinates themselves are shown or hidden by
// CSS alone (site.css, :has(#show-coords:checked)).
(function () {
  "use strict";
  var KEY = "tripost.showCoordinates";
  var chosen = false; // this page's own memory, where the browser keeps nothing (private mode)
  function shown() {
    try { return window.localStorage.getItem(KEY) === "1"; } catch (e) { return chosen; }
  }
  function restore() {
    var box = document.getElementById("show-coords");
    if (box) box.checked = shown();
  }
  document.addEventListener("DOMContentLoaded", restore);
  document.addEventListener("htmx:afterSwap", restore);
  document.addEventListener("change", function (event) {
    if (event.target.id !== "show-coords") return;
    chosen = event.target.checked;
    try { window.localStorage.setItem(KEY, event.target.checked ? "1" : "0"); } catch (e) { /* private mode */ }
  });
})();
