{% autoescape off %}// Tripost's service worker (push/views.py service_worker).
//
// It keeps only what is the same for everyone: the offline page and static files. A
// page's HTML is never kept: a game page holds a player's hand and every signed-in
// page its owner's details, so pages always come from the network, and when the
// network is away the offline page is shown instead.
"use strict";

const CACHE = {{ cache_json }};
const OFFLINE_URL = {{ offline_url_json }};
const ASSETS = {{ assets_json }};
const STATIC_PREFIX = {{ static_prefix_json }};

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      Promise.all(
        [OFFLINE_URL, ...ASSETS].map((url) =>
          // Without cookies: the offline page kept is nobody's.
          fetch(url, { credentials: "omit", cache: "reload" }).then((response) => {
            if (!response.ok) throw new Error(url + " answered " + response.status);
            return cache.put(url, response);
          })
        )
      )
    ).then(() => self.skipWaiting())
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((n) => n !== CACHE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim())
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    // Pages: the network only; the offline page when it fails. Nothing is stored.
    event.respondWith(fetch(request).catch(() => caches.match(OFFLINE_URL)));
    return;
  }
  if (url.pathname.startsWith(STATIC_PREFIX)) {
    // Static files: from the network, kept for when it is away.
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok && response.type === "basic") {
            const copy = response.clone();
            caches.open(CACHE).then((cache) => cache.put(request, copy));
          }
          return response;
        })
        .catch(() => caches.match(request).then((kept) => kept || Response.error()))
    );
  }
  // Anything else (htmx fragments, forms, polls) goes to the network untouched.
});

// A push: the payload is {title, body, url, tag} (push/messages.py).
self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch (e) {
    data = { title: event.data ? event.data.text() : "" };
  }
  const title = data.title || {{ site_name_json }};
  event.waitUntil(
    self.registration.showNotification(title, {
      body: data.body || "",
      tag: data.tag || undefined,
      renotify: Boolean(data.tag),
      icon: {{ icon_json }},
      badge: {{ badge_json }},
      data: { url: data.url || "/" },
    })
  );
});

// The page a click on a notification opens: the game's, on this site only.
function targetOf(notification) {
  const wanted = new URL((notification.data && notification.data.url) || "/", self.location.origin);
  return wanted.origin === self.location.origin ? wanted.href : new URL("/", self.location.origin).href;
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = targetOf(event.notification);
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => w.url === target);
      if (open) return open.focus();
      return self.clients.openWindow(target);
    })
  );
});
{% endautoescape %}
