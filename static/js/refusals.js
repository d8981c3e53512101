// Refused actions answered in place (config/refusals.py). A refusal comes back with
// a 4xx status and HX-Retarget naming where its message goes: htmx swaps it there
// (the htmx-config meta in base.html swaps 4xx answers). Two things must not take
// the page instead:
// - django-htmx's debug script (DEBUG=1 only) puts every 400/403/404/500 answer in
//   place of the whole document; a refusal is stopped before it reaches that
//   listener (this one listens while the event goes down, before it bubbles up);
// - an error answer that is a whole page (a 403 for an expired session, a 404, a
//   429 page) would be nested inside the part it was meant to refresh: it is shown
//   as the page instead, header and all, as a plain form post would have shown it
//   (its links and plain forms work; its scripts are not run again).
(function () {
  "use strict";
  function designed(xhr) {
    return !!(xhr && xhr.getResponseHeader("HX-Retarget"));
  }
  window.addEventListener("htmx:beforeOnLoad", function (event) {
    if (designed(event.detail.xhr)) event.stopPropagation();
  }, true);
  document.addEventListener("htmx:beforeSwap", function (event) {
    var xhr = event.detail.xhr;
    if (!xhr || xhr.status < 400 || designed(xhr)) return;
    var text = xhr.responseText || "";
    if (!/^\s*<!doctype html/i.test(text)) return;
    event.detail.shouldSwap = false;
    document.documentElement.innerHTML = text.replace(/^[\s\S]*?<html[^>]*>/i, "");
    window.scrollTo(0, 0);
  });
})();
