// Atende service worker: the installable app's shell offline, update detection and Web Push.
// API calls (/api), the socket (/ws) and uploaded files (/public) always go to the network and are
// never cached: offline, an API call fails and the app says it is offline instead of showing stale data.
// The server writes the build id below into this file, so every deploy changes its bytes and the
// browser installs the new worker; it waits until the page says "reload" (SKIP_WAITING).
const BUILD = "__BUILD_ID__";
const CACHE = "atende-shell-" + BUILD;
const SHELL = ["/", "/index.html", "/favicon.svg", "/icons/icon-192.png", "/icons/icon-512.png"];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "SKIP_WAITING") self.skipWaiting();
});

function bypass(url) {
  return url.origin !== self.location.origin || url.pathname.startsWith("/api") ||
    url.pathname.startsWith("/ws") || url.pathname.startsWith("/public/");
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (bypass(url)) return;

  // Navigations: network first, fall back to the cached shell when offline.
  if (request.mode === "navigate") {
    event.respondWith(
      fetch(request).then((response) => {
        if (response.ok) {
          const copy = response.clone();
          caches.open(CACHE).then((cache) => cache.put("/index.html", copy));
        }
        return response;
      }).catch(() => caches.match("/index.html")),
    );
    return;
  }

  // Hashed build assets never change: cache first.
  if (url.pathname.startsWith("/assets/")) {
    event.respondWith(
      caches.match(request).then((hit) =>
        hit || fetch(request).then((response) => {
          if (response.ok) {
            const copy = response.clone();
            caches.open(CACHE).then((cache) => cache.put(request, copy));
          }
          return response;
        })
      ),
    );
    return;
  }

  // The shell's own files (icons, favicon): network first, the cache offline.
  if (SHELL.includes(url.pathname)) {
    event.respondWith(fetch(request).catch(() => caches.match(url.pathname)));
  }
});

// Web Push: the server sends {title, body, tag, url, ticketId?}. One notification per tag (a ticket,
// a chat): a burst replaces it instead of piling up, and renotify makes the update ring once more.
self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch (_e) {
    data = { title: "Atende", body: event.data ? event.data.text() : "" };
  }
  const title = data.title || "Atende";
  event.waitUntil(self.registration.showNotification(title, {
    body: data.body || "",
    tag: data.tag || undefined,
    renotify: Boolean(data.tag),
    icon: "/icons/icon-192.png",
    badge: "/icons/icon-192.png",
    data: { url: data.url || "/tickets" },
  }));
});

// A tap opens the ticket (or chat): an open window of the app navigates there, else a new one opens.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL((event.notification.data && event.notification.data.url) || "/", self.location.origin);
  event.waitUntil((async () => {
    const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    for (const client of windows) {
      if (new URL(client.url).origin !== target.origin) continue;
      // The app routes in the page (no reload): it listens for this message.
      client.postMessage({ type: "OPEN_URL", url: target.pathname + target.search });
      await client.focus().catch(() => undefined);
      return;
    }
    await self.clients.openWindow(target.href);
  })());
});
