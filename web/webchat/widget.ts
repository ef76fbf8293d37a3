/**
 * The embeddable webchat widget, one line on the host page:
 *   <script src="https://<instance>/webchat.js" data-connection="<key>" async></script>
 * Plain TypeScript, no framework: a launcher and a panel inside a shadow root. It opens a session
 * (POST /api/webchat/:key/session; the visitor token is kept in localStorage so a reload finds the
 * conversation again), then the visitor socket (/webchat/ws). The instance refuses pages whose
 * origin the connection does not allow; the widget then stays hidden.
 */
import { type Dict, dict, pickLang } from "./i18n.ts";
import { css } from "./style.ts";

type Msg = {
  id?: number;
  body: string;
  fromMe: boolean;
  mediaType?: string;
  mediaUrl?: string | null;
  mediaName?: string | null;
  clientId?: string;
  state?: "pending" | "failed";
};
type Session = {
  token: string;
  visitorId: string;
  online: boolean;
  contactLeft: boolean;
  config: {
    color: string;
    title: string;
    greeting: string;
    avatarUrl: string | null;
    position: "right" | "left";
    language: string;
    offline: "collect" | "message";
    offlineMessage: string;
  };
  messages: Msg[];
};

const CHAT_ICON =
  '<svg viewBox="0 0 24 24"><path d="M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H8l-4 4V5a2 2 0 0 1 2-2Z"/></svg>';
const CLIP_ICON =
  '<svg viewBox="0 0 24 24"><path d="M16.5 6.5v10a4.5 4.5 0 0 1-9 0V5a3 3 0 0 1 6 0v10.5a1.5 1.5 0 0 1-3 0V6.5H9v9a3 3 0 0 0 6 0V5a4.5 4.5 0 0 0-9 0v11.5a6 6 0 0 0 12 0v-10h-1.5Z"/></svg>';

function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  el.append(...children);
  return el;
}

/** WhatsApp-style *bold* (the attendant's signature uses it) as DOM nodes: never parsed as HTML. */
function formatted(text: string): Node[] {
  return text.split(/(\*[^*\n]+\*)/g).filter(Boolean).map((part) =>
    /^\*[^*\n]+\*$/.test(part) ? h("b", {}, part.slice(1, -1)) : document.createTextNode(part)
  );
}

/** localStorage can be blocked (privacy settings): the visitor then starts afresh on each load. */
const stored = {
  get(k: string): string | null {
    try {
      return localStorage.getItem(k);
    } catch {
      return null;
    }
  },
  set(k: string, v: string) {
    try {
      localStorage.setItem(k, v);
    } catch { /* not kept */ }
  },
};

const script = (document.currentScript as HTMLScriptElement | null) ??
  document.querySelector<HTMLScriptElement>('script[src*="webchat.js"][data-connection]');

if (script && !(globalThis as { __atendeWebchat?: boolean }).__atendeWebchat) {
  (globalThis as { __atendeWebchat?: boolean }).__atendeWebchat = true;
  const base = new URL(script.src).origin;
  const key = script.dataset.connection ?? "";
  const host = h("div", { id: "atende-webchat", "data-state": "loading" });
  const mount = () => {
    document.body.append(host);
    start(base, key, host).catch((err) => {
      host.dataset.state = "refused";
      console.warn("[atende webchat] not available on this page:", err?.message ?? err);
    });
  };
  // A script placed in <head> may run before <body> exists.
  if (document.body) mount();
  else document.addEventListener("DOMContentLoaded", mount, { once: true });
}

async function start(base: string, key: string, host: HTMLElement) {
  const storeKey = `atende-webchat:${key}`;
  const openSession = async (token: string | null): Promise<Session> => {
    const res = await fetch(`${base}/api/webchat/${encodeURIComponent(key)}/session`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(token ? { token } : {}),
      credentials: "omit",
    });
    if (!res.ok) throw new Error(`session ${res.status}`);
    return await res.json();
  };
  const s = await openSession(stored.get(storeKey));
  stored.set(storeKey, s.token);
  const t: Dict = dict(pickLang(s.config.language, navigator.languages ?? [navigator.language]));
  const root = host.attachShadow({ mode: "open" });
  root.append(h("style", {}, css(s.config.color, s.config.position)));

  // --- layout
  const badge = h("span", { class: "badge", hidden: "" });
  const launcher = h("button", { class: "launcher", "aria-label": t.open, part: "launcher" });
  launcher.innerHTML = CHAT_ICON;
  launcher.append(badge);
  const avatar = s.config.avatarUrl
    ? h("img", { class: "avatar", src: s.config.avatarUrl, alt: "" })
    : h("div", { class: "avatar" }, (s.config.title || "?").slice(0, 1).toUpperCase());
  const dot = h("span", { class: "dot" });
  const statusText = h("span", {});
  const close = h("button", { class: "x", "aria-label": t.close }, "×");
  const head = h(
    "div",
    { class: "head" },
    avatar,
    h(
      "div",
      {},
      h("div", { class: "title" }, s.config.title),
      h("div", { class: "status" }, dot, statusText),
    ),
    close,
  );
  const list = h("div", { class: "list", role: "log", "aria-live": "polite" });
  const typing = h("div", { class: "typing" });
  const note = h("div", { class: "note", hidden: "" });
  const email = h("input", { type: "email", placeholder: t.email, "aria-label": t.email, name: "email" });
  const phone = h("input", { type: "tel", placeholder: t.phone, "aria-label": t.phone, name: "phone" });
  const saveContact = h("button", { class: "btn", type: "button" }, t.save);
  const offline = h(
    "div",
    { class: "offline", hidden: "" },
    h("b", {}, t.offlineTitle),
    h("p", {}, s.config.offlineMessage || t.offlineHint),
    h("div", { class: "row" }, email, phone),
    saveContact,
  );
  const input = h("input", {
    type: "text",
    placeholder: t.placeholder,
    "aria-label": t.placeholder,
    maxlength: "4000",
  });
  const file = h("input", { type: "file", hidden: "" });
  const attach = h("button", { class: "icon", type: "button", "aria-label": t.attach, title: t.attach });
  attach.innerHTML = CLIP_ICON;
  const send = h("button", { class: "btn", type: "submit" }, t.send);
  const compose = h("form", { class: "compose" }, attach, file, input, send);
  const panel = h(
    "div",
    { class: "panel", hidden: "", role: "dialog", "aria-label": s.config.title },
    head,
    list,
    typing,
    note,
    offline,
    compose,
  );
  root.append(panel, launcher);

  // --- state
  const messages: Msg[] = [];
  let online = s.online, contactLeft = s.contactLeft, unread = 0;
  const setOnline = (on: boolean) => {
    online = on;
    dot.classList.toggle("on", on);
    statusText.textContent = on ? t.online : t.offline;
    offline.hidden = on || contactLeft || s.config.offline !== "collect";
  };
  const showNote = (text: string) => {
    note.textContent = text;
    note.hidden = false;
    setTimeout(() => (note.hidden = true), 5000);
  };
  const bubble = (m: Msg) => {
    const el = h("div", { class: `msg ${m.fromMe ? "me" : "them"}${m.state ? " " + m.state : ""}` });
    if (m.mediaUrl) {
      const url = m.mediaUrl.startsWith("http") ? m.mediaUrl : base + m.mediaUrl;
      if (m.mediaType === "image") el.append(h("img", { src: url, alt: m.mediaName ?? "" }));
      else {el.append(
          h("a", { href: url, target: "_blank", rel: "noopener" }, m.mediaName ?? "file"),
          h("br"),
        );}
    }
    if (m.body) el.append(...formatted(m.body));
    return el;
  };
  const render = () => {
    list.replaceChildren();
    if (s.config.greeting) list.append(h("div", { class: "msg them greet" }, s.config.greeting));
    for (const m of messages) list.append(bubble(m));
    list.scrollTop = list.scrollHeight;
  };
  const upsert = (m: Msg, clientId?: string) => {
    const i = messages.findIndex((x) => (m.id && x.id === m.id) || (clientId && x.clientId === clientId));
    if (i >= 0) messages[i] = { ...m, clientId };
    else messages.push(m);
    render();
  };
  messages.push(...s.messages);
  setOnline(online);
  render();

  // --- socket, reconnecting with backoff; the token found again after a reload
  let ws: WebSocket | null = null, wait = 1000;
  const outbox: string[] = [];
  const connect = () => {
    const url = `${base.replace(/^http/, "ws")}/webchat/ws?key=${encodeURIComponent(key)}&token=${
      encodeURIComponent(s.token)
    }`;
    const sock = ws = new WebSocket(url);
    sock.onmessage = (e) => {
      const f = JSON.parse(String(e.data));
      if (f.type === "ready") {
        wait = 1000;
        host.dataset.state = "ready";
        setOnline(!!f.online);
        while (outbox.length && sock.readyState === WebSocket.OPEN) sock.send(outbox.shift()!);
      } else if (f.type === "message") {
        upsert(f.message, f.clientId);
        if (!f.message.fromMe) {
          typing.textContent = "";
          if (panel.hidden) {
            unread++;
            badge.textContent = String(unread);
            badge.hidden = false;
          }
        }
      } else if (f.type === "edit") {
        // An attendant corrected a message: replaced where it stands, no new badge.
        if (messages.some((x) => x.id === f.message.id)) upsert(f.message);
      } else if (f.type === "delete") {
        const i = messages.findIndex((x) => x.id === f.id);
        if (i >= 0) messages.splice(i, 1), render();
      } else if (f.type === "online") {
        setOnline(!!f.online);
      } else if (f.type === "typing") {
        typing.textContent = f.typing ? t.typing : "";
        if (f.typing) setTimeout(() => (typing.textContent = ""), 6000);
      } else if (f.type === "contactSaved") {
        contactLeft = true;
        setOnline(online);
        showNote(t.saved);
      } else if (f.type === "error") {
        const m = messages.find((x) => f.clientId && x.clientId === f.clientId);
        if (m) {
          m.state = "failed";
          render();
        }
        showNote(
          f.code === "ERR_RATE_LIMITED" ? t.rateLimited : f.code === "ERR_VALIDATION" ? t.invalid : t.failed,
        );
      }
    };
    sock.onclose = () => {
      host.dataset.state = "reconnecting";
      setTimeout(connect, wait);
      wait = Math.min(wait * 2, 30_000);
    };
  };
  connect();
  const frame = (f: unknown) => {
    const text = JSON.stringify(f);
    if (ws?.readyState === WebSocket.OPEN) ws.send(text);
    else outbox.push(text);
  };

  // --- interactions
  const toggle = (open: boolean) => {
    panel.hidden = !open;
    launcher.setAttribute("aria-expanded", String(open));
    if (open) {
      unread = 0;
      badge.hidden = true;
      list.scrollTop = list.scrollHeight;
      input.focus();
    }
  };
  launcher.onclick = () => toggle(!!panel.hidden);
  close.onclick = () => toggle(false);
  let typingSent = 0, typingTimer: ReturnType<typeof setTimeout> | undefined;
  input.oninput = () => {
    const now = Date.now();
    if (now - typingSent > 3000) {
      typingSent = now;
      frame({ type: "typing", typing: true });
    }
    clearTimeout(typingTimer);
    typingTimer = setTimeout(() => {
      typingSent = 0;
      frame({ type: "typing", typing: false });
    }, 4000);
  };
  const newId = () => Math.random().toString(36).slice(2, 12) + Date.now().toString(36);
  compose.onsubmit = (e) => {
    e.preventDefault();
    const body = input.value.trim();
    if (!body) return;
    const clientId = newId();
    messages.push({ body, fromMe: true, clientId, state: "pending" });
    render();
    input.value = "";
    clearTimeout(typingTimer);
    typingSent = 0;
    frame({ type: "message", body, clientId });
  };
  attach.onclick = () => file.click();
  file.onchange = async () => {
    const f = file.files?.[0];
    file.value = "";
    if (!f) return;
    if (f.size > 10 * 1024 * 1024) return showNote(t.tooLarge);
    const clientId = newId();
    messages.push({ body: f.name, fromMe: true, clientId, state: "pending" });
    render();
    const form = new FormData();
    form.set("file", f);
    form.set("clientId", clientId);
    const res = await fetch(`${base}/api/webchat/${encodeURIComponent(key)}/upload`, {
      method: "POST",
      headers: { "x-webchat-token": s.token },
      body: form,
      credentials: "omit",
    }).catch(() => null);
    if (!res?.ok) {
      const m = messages.find((x) => x.clientId === clientId);
      if (m) m.state = "failed";
      render();
      return showNote(res?.status === 413 ? t.tooLarge : res?.status === 429 ? t.rateLimited : t.failed);
    }
    const { message } = await res.json();
    upsert(message, clientId);
  };
  saveContact.onclick = () => {
    const e = email.value.trim(), p = phone.value.trim();
    const okEmail = !e || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(e);
    const okPhone = !p || /^\+?[\d\s().-]{6,25}$/.test(p);
    if ((!e && !p) || !okEmail || !okPhone) return showNote(t.invalid);
    frame({ type: "contact", email: e, phone: p });
  };
}
