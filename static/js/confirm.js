// A form with data-confirm="Question?" asks before it is sent (Resign); without
// JavaScript it is sent at once. Kept out of the page: the CSP allows no inline code.
(function () {
  "use strict";
  document.addEventListener("submit", function (event) {
    var form = event.target;
    var question = form.dataset && form.dataset.confirm;
    if (question && !window.confirm(question)) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  }, true);
})();
