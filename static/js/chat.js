// The chat panel: after a message is sent, empty the box and keep the newest line in
// sight; a refused message (a 4xx, told in the log) stays in the box to mend. Without
// JavaScript the forms post and the chat page reloads.
(function () {
  function scrollDown() {
    document.querySelectorAll("#chat-log .chat-lines").forEach(function (list) {
      list.scrollTop = list.scrollHeight;
    });
  }
  document.addEventListener("htmx:afterRequest", function (event) {
    var form = event.detail.elt;
    // (4xx answers count as successful here: the page's htmx config swaps them in)
    if (form && form.id === "chat-form" && event.detail.xhr && event.detail.xhr.status < 300) {
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
