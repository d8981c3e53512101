// Times relative to now, in the page's language. A page prints each moment as
// <time datetime="ISO" data-relative="wording">Fri 4 Dec, 08:22 CET</time>, the
// absolute time in the viewer's zone (what a page without JavaScript shows, and what
// lets the server keep a drawn page until something on it changes). Here the wording
// takes its place, kept current each minute and after every htmx swap:
//   %(left)s  the time left, two units as Django's timeuntil says it: "2 days, 3 hours"
//   %(ago)s   the time since: "3 hours ago"
//   %(when)s  the absolute time as printed
// data-still-left="seconds": a clock that stands still (a vacation, an outage); the
// time left is the one the page was drawn with and does not count down.
(function () {
  "use strict";
  var MINUTE = 60, HOUR = 3600, DAY = 86400;
  // Django's timesince units; a second unit only when it is the next one down.
  var UNITS = [
    ["year", 365 * DAY], ["month", 30 * DAY], ["week", 7 * DAY],
    ["day", DAY], ["hour", HOUR], ["minute", MINUTE]
  ];
  var formats = {};

  function language() {
    return document.documentElement.lang || "en";
  }

  function unit(name, count) {
    var key = language() + ":" + name;
    if (!formats[key]) {
      formats[key] = new Intl.NumberFormat(language(), { style: "unit", unit: name, unitDisplay: "long" });
    }
    // "2 days" held together, as Django's timeuntil writes it (a no-break space)
    return formats[key].format(count).replace(/ /g, "\u00a0");
  }

  function duration(seconds) {
    seconds = Math.max(0, Math.floor(seconds));
    for (var i = 0; i < UNITS.length; i++) {
      var count = Math.floor(seconds / UNITS[i][1]);
      if (count > 0) {
        var parts = [unit(UNITS[i][0], count)];
        var next = UNITS[i + 1];
        if (next) {
          var rest = Math.floor((seconds - count * UNITS[i][1]) / next[1]);
          if (rest > 0) parts.push(unit(next[0], rest));
        }
        return parts.join(", ");
      }
    }
    return unit("minute", 0);
  }

  function ago(seconds) {
    seconds = Math.max(0, seconds);
    var rtf = new Intl.RelativeTimeFormat(language(), { numeric: "auto" });
    for (var i = 0; i < UNITS.length; i++) {
      var count = Math.floor(seconds / UNITS[i][1]);
      if (count > 0) return rtf.format(-count, UNITS[i][0]);
    }
    return rtf.format(0, "minute");
  }

  function word(time, now) {
    var at = Date.parse(time.getAttribute("datetime"));
    if (isNaN(at)) return;
    if (time.dataset.absolute === undefined) time.dataset.absolute = time.textContent;
    var left = time.dataset.stillLeft !== undefined ? Number(time.dataset.stillLeft) : (at - now) / 1000;
    var values = {
      left: function () { return duration(left); },
      ago: function () { return ago((now - at) / 1000); },
      when: function () { return time.dataset.absolute; }
    };
    var text = time.dataset.relative.replace(/%\((left|ago|when)\)s/g, function (_all, name) {
      return values[name]();
    });
    if (time.textContent !== text) time.textContent = text;
  }

  function update(root) {
    var now = Date.now();
    try {
      (root || document).querySelectorAll("time[data-relative]").forEach(function (time) {
        word(time, now);
      });
    } catch (e) { /* an old browser without Intl's units: the absolute times stand */ }
  }

  document.addEventListener("DOMContentLoaded", function () {
    update();
    // Each minute, on the minute, so a count of minutes never lags behind a clock.
    setTimeout(function () {
      update();
      setInterval(update, 60000);
    }, 60000 - (Date.now() % 60000));
    document.body.addEventListener("htmx:afterSwap", function () { update(); });
  });
  // Back to a tab left open: the times are current at once.
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden) update();
  });
})();
