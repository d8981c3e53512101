// A time zone select marked data-browser-zone (sign-up; settings while the zone is
// still the default) starts on the browser's own zone. Legacy names some browsers
// report ("Asia/Calcutta") go through data-aliases to the listed zone.
(function () {
  "use strict";
  function browserZone() {
    try { return Intl.DateTimeFormat().resolvedOptions().timeZone || ""; } catch (e) { return ""; }
  }
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("select[data-browser-zone]").forEach(function (select) {
      var zone = browserZone();
      var aliases = {};
      try { aliases = JSON.parse(select.dataset.aliases || "{}"); } catch (e) { /* none */ }
      zone = aliases[zone] || zone;
      if (!zone || zone === select.value) return;
      var known = Array.prototype.some.call(select.options, function (o) { return o.value === zone; });
      if (!known) return;
      select.value = zone;
      if (select.dataset.browserNote) {
        var note = document.createElement("small");
        note.className = "help";
        note.textContent = select.dataset.browserNote;
        select.insertAdjacentElement("afterend", note);
      }
    });
  });
})();
