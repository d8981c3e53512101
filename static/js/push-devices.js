// The devices page (push/templates/push/devices.html): turn on push for this browser.
// Nothing is asked on page load: the browser's permission prompt comes only from the
// button's click.
(function () {
  "use strict";
  var box = document.getElementById("push-this-device");
  if (!box) return;
  var words = document.getElementById("push-words").dataset;
  var state = document.getElementById("push-state");
  var button = document.getElementById("push-turn-on");

  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
    document.getElementById("push-unsupported").hidden = false;
    return;
  }
  box.hidden = false;

  function csrfToken() {
    var headers = JSON.parse(document.body.getAttribute("hx-headers") || "{}");
    return headers["X-CSRFToken"] || "";
  }

  function keyBytes(base64url) {
    var padded = (base64url + "===".slice((base64url.length + 3) % 4)).replace(/-/g, "+").replace(/_/g, "/");
    var raw = atob(padded);
    var bytes = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
    return bytes;
  }

  function say(text) {
    state.textContent = text;
    state.hidden = !text;
  }

  // Already on for this browser, and still among the devices listed? (Reading the
  // subscription asks nothing.) A device removed here keeps its button to come back.
  var listed = Array.prototype.map.call(
    document.querySelectorAll("[data-endpoint]"), function (row) { return row.dataset.endpoint; });
  navigator.serviceWorker.getRegistration("/").then(function (registration) {
    return registration ? registration.pushManager.getSubscription() : null;
  }).then(function (subscription) {
    if (subscription && Notification.permission === "granted" && listed.indexOf(subscription.endpoint) >= 0) {
      say(words.on);
      button.parentNode.hidden = true;  // (a button's own display wins over hidden)
    }
  }).catch(function () {});

  button.addEventListener("click", function () {
    button.disabled = true;
    say(words.asking);
    Notification.requestPermission().then(function (permission) {
      if (permission !== "granted") throw new Error("denied");
      return navigator.serviceWorker.register(box.dataset.serviceWorker, { scope: "/" });
    }).then(function () {
      return navigator.serviceWorker.ready;
    }).then(function (registration) {
      return registration.pushManager.getSubscription().then(function (existing) {
        return existing || registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: keyBytes(box.dataset.publicKey),
        });
      });
    }).then(function (subscription) {
      return fetch(box.dataset.subscribeUrl, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-CSRFToken": csrfToken() },
        body: JSON.stringify(subscription.toJSON ? subscription.toJSON() : subscription),
      });
    }).then(function (response) {
      return response.json().then(function (answer) {
        if (!response.ok) throw new Error(answer.error || response.status);
        window.location.reload();  // the device is in the list now
      });
    }).catch(function (error) {
      say(error.message === "denied" ? words.denied : words.failed + " " + error.message);
      button.disabled = false;
    });
  });
})();
