/**
 * A local push service speaking the Web Push protocol, and browsers' subscriptions to it. Like a real
 * push service it checks the VAPID request (RFC 8292: the JWT's ES256 signature with the `k` key, its
 * audience and expiry) and, like the browser behind the subscription, decrypts the aes128gcm payload
 * with the subscription's private key and auth secret (RFC 8291) — written here from the RFCs, not
 * with the server's own code, so a mistake on either side shows. Every accepted push is recorded.
 */

const enc = new TextEncoder();

function b64urlDecode(s: string): Uint8Array<ArrayBuffer> {
  const b64 = s.replace(/-/g, "+").replace(/_/g, "/");
  const bin = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}
function b64urlEncode(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

async function hkdf(
  salt: Uint8Array<ArrayBuffer>,
  ikm: Uint8Array<ArrayBuffer>,
  info: string | Uint8Array<ArrayBuffer>,
  len: number,
) {
  const key = await crypto.subtle.importKey("raw", ikm, "HKDF", false, ["deriveBits"]);
  const infoBytes = typeof info === "string" ? enc.encode(info) : info;
  return new Uint8Array(
    await crypto.subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt, info: infoBytes }, key, len * 8),
  );
}

export type PushSubscriptionJSON = { endpoint: string; keys: { p256dh: string; auth: string } };

export type ReceivedPush = {
  subscriptionId: string;
  topic: string | null;
  ttl: string | null;
  urgency: string | null;
  /** The decrypted payload, parsed as JSON. */
  payload: Record<string, unknown> & { title: string; body: string; tag: string; url: string; kind: string };
  /** performance.now() when the request arrived. */
  receivedAt: number;
};

type Device = { privateKey: CryptoKey; publicRaw: Uint8Array<ArrayBuffer>; auth: Uint8Array<ArrayBuffer> };

export type PushServer = {
  url: string;
  received: ReceivedPush[];
  /** Requests refused (bad VAPID, undecryptable): must stay empty. */
  refused: string[];
  /** A browser's subscription to this service (new keys, new endpoint). */
  subscribe(): Promise<PushSubscriptionJSON & { id: string }>;
  /** The endpoint answers 410 Gone from now on (the user revoked the permission). */
  expire(id: string): void;
  /** The server's VAPID public key every request must carry. */
  expectKey(publicKey: string): void;
  forSubscription(id: string): ReceivedPush[];
  /** Resolves once `count` pushes in all have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
};

export function startPushServer(o: { now?: () => Date } = {}): PushServer {
  const devices = new Map<string, Device>();
  const gone = new Set<string>();
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  let key: string | null = null;
  let origin = "";

  async function verifyVapid(header: string | null): Promise<string | null> {
    const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? "");
    if (!m) return "no vapid authorization";
    const [, jwt, k] = m;
    if (key && k !== key) return "unexpected application server key";
    const [h, c, s] = jwt.split(".");
    const pub = await crypto.subtle.importKey(
      "raw",
      b64urlDecode(k),
      { name: "ECDSA", namedCurve: "P-256" },
      false,
      [
        "verify",
      ],
    );
    const ok = await crypto.subtle.verify(
      { name: "ECDSA", hash: "SHA-256" },
      pub,
      b64urlDecode(s),
      enc.encode(`${h}.${c}`),
    );
    if (!ok) return "bad JWT signature";
    const head = JSON.parse(new TextDecoder().decode(b64urlDecode(h)));
    const claims = JSON.parse(new TextDecoder().decode(b64urlDecode(c)));
    if (head.alg !== "ES256") return "alg";
    if (claims.aud !== origin) return `aud ${claims.aud}`;
    const now = (o.now?.() ?? new Date()).getTime() / 1000;
    if (!(claims.exp > now) || claims.exp > now + 24 * 3600) return "exp";
    if (!/^(mailto:|https:)/.test(String(claims.sub))) return "sub";
    return null;
  }

  async function decrypt(d: Device, body: Uint8Array<ArrayBuffer>): Promise<string> {
    const salt = body.slice(0, 16);
    const idlen = body[20];
    const asPublic = body.slice(21, 21 + idlen);
    const ciphertext = body.slice(21 + idlen);
    const asKey = await crypto.subtle.importKey(
      "raw",
      asPublic,
      { name: "ECDH", namedCurve: "P-256" },
      false,
      [],
    );
    const ecdh = new Uint8Array(
      await crypto.subtle.deriveBits({ name: "ECDH", public: asKey }, d.privateKey, 256),
    );
    const info = new Uint8Array([...enc.encode("WebPush: info\0"), ...d.publicRaw, ...asPublic]);
    const ikm = await hkdf(d.auth, ecdh, info, 32);
    const cek = await hkdf(salt, ikm, "Content-Encoding: aes128gcm\0", 16);
    const nonce = await hkdf(salt, ikm, "Content-Encoding: nonce\0", 12);
    const aes = await crypto.subtle.importKey("raw", cek, "AES-GCM", false, ["decrypt"]);
    const plain = new Uint8Array(
      await crypto.subtle.decrypt({ name: "AES-GCM", iv: nonce }, aes, ciphertext),
    );
    let end = plain.length - 1;
    while (end >= 0 && plain[end] === 0) end--;
    if (plain[end] !== 2) throw new Error("not a last record");
    return new TextDecoder().decode(plain.slice(0, end));
  }

  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => undefined }, async (req) => {
    const id = new URL(req.url).pathname.split("/").pop() ?? "";
    const d = devices.get(id);
    if (req.method !== "POST" || !d) return new Response("no such subscription", { status: 404 });
    if (gone.has(id)) return new Response("gone", { status: 410 });
    const problem = await verifyVapid(req.headers.get("authorization"));
    if (problem) {
      refused.push(problem);
      return new Response(problem, { status: 403 });
    }
    if (req.headers.get("content-encoding") !== "aes128gcm" || !req.headers.get("ttl")) {
      refused.push("headers");
      return new Response("headers", { status: 400 });
    }
    let text: string;
    try {
      text = await decrypt(d, new Uint8Array(await req.arrayBuffer()));
    } catch (err) {
      refused.push(`decrypt: ${err}`);
      return new Response("cannot decrypt", { status: 400 });
    }
    received.push({
      subscriptionId: id,
      topic: req.headers.get("topic"),
      ttl: req.headers.get("ttl"),
      urgency: req.headers.get("urgency"),
      payload: JSON.parse(text),
      receivedAt: performance.now(),
    });
    for (const w of [...waiters]) {
      if (received.length >= w.count) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
    }
    return new Response(null, { status: 201 });
  });
  const url = `http://127.0.0.1:${server.addr.port}`;
  origin = url;

  return {
    url,
    received,
    refused,
    async subscribe() {
      const pair = await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, [
        "deriveBits",
      ]);
      const publicRaw = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
      const auth = crypto.getRandomValues(new Uint8Array(16));
      const id = crypto.randomUUID();
      devices.set(id, { privateKey: pair.privateKey, publicRaw, auth });
      return {
        id,
        endpoint: `${url}/push/${id}`,
        keys: { p256dh: b64urlEncode(publicRaw), auth: b64urlEncode(auth) },
      };
    },
    expire: (id) => void gone.add(id),
    expectKey: (k) => void (key = k),
    forSubscription: (id) => received.filter((r) => r.subscriptionId === id),
    waitFor(count, timeoutMs = 15_000) {
      if (received.length >= count) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`push server: ${received.length} of ${count} pushes arrived`)),
          timeoutMs,
        );
        waiters.push({ count, resolve: () => (clearTimeout(timer), resolve()) });
      });
    },
    close: () => server.shutdown(),
  };
}
