// Registers the service worker (push/templates/push/sw.js) on every page: it shows
// the offline page when the network is away. Registering asks the player nothing.
if ("serviceWorker" in navigator) {
  window.addEventListener("load", function () {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(function () {});
  });
}
