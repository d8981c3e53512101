// The chat panel: after a message is sent, empty the box and keep the newest line in
// sight. Without JavaScript the forms post and the chat page reloads.
(function () {
  function scrollDown() {
    document.querySelectorAll("#chat-log .chat-lines").forEach(function (list) {
      list.scrollTop = list.scrollHeight;
    });
  }
  document.addEventListener("htmx:afterRequest", function (event) {
    var form = event.detail.elt;
    if (form && form.id === "chat-form" && event.detail.successful) {
      form.reset();
    }
  });
  document.addEventListener("htmx:afterSwap", function (event) {
    if (event.detail.target && event.detail.target.closest && event.detail.target.closest("#chat")) {
      scrollDown();
    }
  });
  document.addEventListener("DOMContentLoaded", scrollDown);
})();
