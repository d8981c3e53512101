// The analysis board (planning/analysis.html): clicking the board plays or picks as on
// the game page, through the analysis's own forms (the signed line travels in them).
// Without JavaScript the lists beside the board do the same. (The "Show coordinates"
// box: show-coords.js.)
(function () {
  "use strict";
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
