/**
 * The one way the server fetches a URL it did not choose itself (tenant webhooks, media URLs,
 * integrations): DESIGN §11. Every call gets
 *  - a timeout over the whole exchange, redirects included;
 *  - an SSRF guard: the host is resolved (Deno.resolveDns) and EVERY address must be public —
 *    loopback, private, shared (CGNAT), link-local, cloud metadata, unspecified, multicast and
 *    reserved ranges are refused, also when written as IPv4-mapped / NAT64 / 6to4 IPv6;
 *  - redirects followed by hand (at most 5), each hop guarded again; credentials are dropped when
 *    a redirect leaves the origin;
 *  - http is pinned to the address that was checked (no second lookup a rebinding DNS could
 *    answer differently); https is bound to the name by its certificate;
 *  - an optional size cap on the answer (`readCapped`).
 * Operators allow private targets with ALLOW_PRIVATE_URLS=1 (tests, local development) or a list
 * of host names that may be private (`ALLOW_PRIVATE_URLS=n8n.internal,10.0.0.5`). The origins
 * of the providers' base URLs (GRAPH_API_URL…) are the operator's choice and are not checked.
 */
import { AppError } from "./errors.ts";

/** Host name → its addresses (A and AAAA). Injectable so tests can map names. */
export type Resolver = (host: string) => Promise<string[]>;

export type FetchGuard = {
  /** true: private targets allowed (ALLOW_PRIVATE_URLS=1). */
  allowPrivate: boolean;
  /** Host names (or literal addresses) allowed to be private. */
  allowHosts: Set<string>;
  /** Origins never checked: the providers' base URLs from the environment. */
  trustedOrigins: Set<string>;
  resolve: Resolver;
};

export const MAX_REDIRECTS = 5;
export const DEFAULT_TIMEOUT_MS = 20_000;

/** Deno.resolveDns for A and AAAA; a name with neither fails. */
export const systemResolver: Resolver = async (host) => {
  const [a, aaaa] = await Promise.allSettled([
    Deno.resolveDns(host, "A"),
    Deno.resolveDns(host, "AAAA"),
  ]);
  const out = [
    ...(a.status === "fulfilled" ? a.value : []),
    ...(aaaa.status === "fulfilled" ? aaaa.value : []),
  ];
  if (!out.length) throw new TypeError(`cannot resolve ${host}`);
  return out;
};

/** Parses ALLOW_PRIVATE_URLS: "1"/"true" → all; a comma list → those hosts; else none. */
export function createFetchGuard(o: {
  allowPrivateUrls?: string;
  trustedUrls?: string[];
  resolve?: Resolver;
}): FetchGuard {
  const raw = (o.allowPrivateUrls ?? "").trim().toLowerCase();
  const all = raw === "1" || raw === "true" || raw === "yes";
  const hosts = all || raw === "0" || raw === "false" || raw === "no"
    ? []
    : raw.split(",").map((h) => h.trim().replace(/^\[|\]$/g, "")).filter(Boolean);
  const trusted = new Set<string>();
  for (const u of o.trustedUrls ?? []) {
    try {
      trusted.add(new URL(u).origin);
    } catch { /* not a URL: nothing to trust */ }
  }
  return {
    allowPrivate: all,
    allowHosts: new Set(hosts),
    trustedOrigins: trusted,
    resolve: o.resolve ?? systemResolver,
  };
}

// ---- address classification -------------------------------------------------------------

function parseIpv4(s: string): number[] | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(s);
  if (!m) return null;
  const b = m.slice(1).map(Number);
  return b.every((x) => x <= 255) ? b : null;
}

/** 8 groups of 16 bits, or null. Accepts "::" and a trailing dotted IPv4. */
function parseIpv6(input: string): number[] | null {
  let s = input.replace(/^\[|\]$/g, "").split("%")[0].toLowerCase();
  if (!s.includes(":")) return null;
  const v4 = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(s);
  if (v4) {
    const b = parseIpv4(v4[1]);
    if (!b) return null;
    s = s.slice(0, -v4[1].length) +
      `${((b[0] << 8) | b[1]).toString(16)}:${((b[2] << 8) | b[3]).toString(16)}`;
  }
  const halves = s.split("::");
  if (halves.length > 2) return null;
  const part = (x: string) => (x ? x.split(":") : []);
  const head = part(halves[0]), tail = halves.length === 2 ? part(halves[1]) : [];
  const fill = halves.length === 2 ? 8 - head.length - tail.length : 0;
  if (fill < 0 || (halves.length === 1 && head.length !== 8)) return null;
  const groups = [...head, ...Array(fill).fill("0"), ...tail];
  if (groups.length !== 8 || groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => parseInt(g, 16));
}

const inV4 = (b: number[], net: [number, number, number, number], bits: number) => {
  const ip = ((b[0] << 24) | (b[1] << 16) | (b[2] << 8) | b[3]) >>> 0;
  const n = ((net[0] << 24) | (net[1] << 16) | (net[2] << 8) | net[3]) >>> 0;
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  return (ip & mask) === (n & mask);
};

const BLOCKED_V4: [[number, number, number, number], number][] = [
  [[0, 0, 0, 0], 8], // "this network", unspecified
  [[10, 0, 0, 0], 8], // private
  [[100, 64, 0, 0], 10], // shared address space (CGNAT)
  [[127, 0, 0, 0], 8], // loopback
  [[169, 254, 0, 0], 16], // link-local, cloud metadata (169.254.169.254)
  [[172, 16, 0, 0], 12], // private
  [[192, 0, 0, 0], 24], // IETF protocol assignments
  [[192, 168, 0, 0], 16], // private
  [[198, 18, 0, 0], 15], // benchmarking
  [[224, 0, 0, 0], 4], // multicast
  [[240, 0, 0, 0], 4], // reserved, broadcast
];

function blockedV4(b: number[]): boolean {
  return BLOCKED_V4.some(([net, bits]) => inV4(b, net, bits));
}

const v4of = (g: number[], at: number) => [g[at] >> 8, g[at] & 255, g[at + 1] >> 8, g[at + 1] & 255];

function blockedV6(g: number[]): boolean {
  const zeroTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroTo(8)) return true; // ::
  if (zeroTo(7) && g[7] === 1) return true; // ::1
  if (zeroTo(5) && g[5] === 0xffff) return blockedV4(v4of(g, 6)); // ::ffff:a.b.c.d
  if (zeroTo(6)) return blockedV4(v4of(g, 6)); // ::a.b.c.d (deprecated IPv4-compatible)
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return blockedV4(v4of(g, 6)); // NAT64
  if (g[0] === 0x2002) return blockedV4(v4of(g, 1)); // 6to4
  if ((g[0] & 0xfe00) === 0xfc00) return true; // fc00::/7 unique local (incl. fd00:ec2::254)
  if ((g[0] & 0xffc0) === 0xfe80) return true; // fe80::/10 link-local
  if ((g[0] & 0xffc0) === 0xfec0) return true; // fec0::/10 site-local (deprecated)
  if ((g[0] & 0xff00) === 0xff00) return true; // multicast
  if (g[0] === 0x100 && g.slice(1, 4).every((x) => x === 0)) return true; // 100::/64 discard
  return false;
}

/** True for an address the server must not reach on a tenant's behalf. Unparseable → true. */
export function isBlockedAddress(address: string): boolean {
  const v4 = parseIpv4(address);
  if (v4) return blockedV4(v4);
  const v6 = parseIpv6(address);
  return v6 ? blockedV6(v6) : true;
}

const isIpLiteral = (host: string) => !!parseIpv4(host) || !!parseIpv6(host);

// ---- the fetch --------------------------------------------------------------------------

export class UrlRefusedError extends AppError {
  constructor(url: string, reason: string) {
    super("ERR_URL_NOT_ALLOWED", { message: `${reason}: ${safeOrigin(url)}`, details: { reason } });
  }
}

function safeOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return "invalid URL";
  }
}

/**
 * Checks one URL against the guard; answers the address to pin an http connection to (null:
 * no pinning — private targets allowed, a trusted origin, or https).
 */
export async function checkUrl(guard: FetchGuard, raw: string | URL): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UrlRefusedError(String(raw), "invalid URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new UrlRefusedError(url.href, "not http(s)");
  }
  if (url.username || url.password) throw new UrlRefusedError(url.href, "credentials in URL");
  if (guard.allowPrivate || guard.trustedOrigins.has(url.origin)) return null;
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase().replace(/\.$/, "");
  if (guard.allowHosts.has(host)) {
    // Allowed by name: connect where the guard's resolver says (fetch resolves it otherwise).
    if (url.protocol !== "http:" || isIpLiteral(host)) return null;
    return (await guard.resolve(host).catch(() => []))[0] ?? null;
  }
  // RFC 6761: these names are loopback wherever they are resolved.
  if (host === "localhost" || host.endsWith(".localhost")) throw new UrlRefusedError(url.href, "loopback");
  const addresses = isIpLiteral(host) ? [host] : await guard.resolve(host).catch((err) => {
    throw new AppError("ERR_URL_NOT_ALLOWED", {
      message: `cannot resolve ${host}`,
      details: { reason: "unresolvable" },
      cause: err,
    });
  });
  if (!addresses.length) throw new UrlRefusedError(url.href, "unresolvable");
  const blocked = addresses.find(isBlockedAddress);
  if (blocked) throw new UrlRefusedError(url.href, "private or reserved address");
  return url.protocol === "http:" ? addresses[0] : null;
}

/**
 * The address to open a raw socket to (IMAP, SMTP) for a tenant, under the rule URLs follow: a
 * private or reserved target is refused unless allowed. Answers the address to connect to (the
 * checked one, so a second lookup cannot point elsewhere), or the host itself when nothing is
 * pinned (private targets allowed). The caller keeps the name for TLS (servername).
 */
export async function checkHost(guard: FetchGuard, host: string): Promise<string> {
  const literal = host.includes(":") ? `[${host}]` : host;
  return await checkUrl(guard, `http://${literal}/`) ?? host;
}

export type SafeFetchInit = Omit<RequestInit, "redirect" | "signal" | "client"> & {
  timeoutMs?: number;
  /** The caller's own cancel (a streamed answer whose reader left), on top of the timeout. */
  cancel?: AbortSignal;
  maxRedirects?: number;
  /**
   * A client certificate connection (mutual TLS, e.g. Efí's PIX API). Only for targets that need no
   * address pinning (https or a trusted provider origin); the caller owns and closes it.
   */
  mtls?: Deno.HttpClient;
};

const SECRET_HEADERS = ["authorization", "cookie", "proxy-authorization"];

/**
 * fetch() through the guard. A refused target throws UrlRefusedError (ERR_URL_NOT_ALLOWED, 400);
 * network errors and timeouts reject as fetch does (callers map them to their own codes).
 */
export async function safeFetch(
  guard: FetchGuard,
  input: string | URL,
  init: SafeFetchInit = {},
): Promise<Response> {
  const { timeoutMs = DEFAULT_TIMEOUT_MS, maxRedirects = MAX_REDIRECTS, mtls, cancel, ...rest } = init;
  const signal = cancel
    ? AbortSignal.any([AbortSignal.timeout(timeoutMs), cancel])
    : AbortSignal.timeout(timeoutMs);
  let url = new URL(input);
  let method = (rest.method ?? "GET").toUpperCase();
  let body = rest.body;
  const headers = new Headers(rest.headers);
  for (let hop = 0;; hop++) {
    const pin = await checkUrl(guard, url);
    if (pin && mtls) throw new UrlRefusedError(url.href, "a client certificate needs https");
    const client = pin
      ? Deno.createHttpClient({
        proxy: { transport: "tcp", hostname: pin, port: Number(url.port) || 80 },
      })
      : undefined;
    let res: Response;
    try {
      const req: RequestInit & { client?: Deno.HttpClient } = {
        ...rest,
        method,
        body,
        headers,
        redirect: "manual",
        signal,
        client: client ?? mtls,
      };
      res = await fetch(url, req);
    } finally {
      // Closing the client does not cut a response already being read.
      client?.close();
    }
    const location = res.headers.get("location");
    if (res.status < 300 || res.status > 399 || res.status === 304 || !location) return res;
    await res.body?.cancel();
    if (hop >= maxRedirects) throw new UrlRefusedError(url.href, "too many redirects");
    const next = new URL(location, url);
    if (next.origin !== url.origin) { for (const h of SECRET_HEADERS) headers.delete(h); }
    // 303, and 301/302 after a POST, continue as a GET without body (what browsers do).
    if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === "POST")) {
      method = "GET";
      body = undefined;
      headers.delete("content-type");
    }
    url = next;
  }
}

/** Reads an answer's body, refusing more than `maxBytes` (content-length first, then counting). */
export async function readCapped(res: Response, maxBytes: number): Promise<Uint8Array> {
  if (Number(res.headers.get("content-length") ?? 0) > maxBytes) {
    await res.body?.cancel();
    throw new AppError("ERR_PAYLOAD_TOO_LARGE", { details: { maxBytes } });
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of res.body ?? []) {
    size += chunk.length;
    if (size > maxBytes) throw new AppError("ERR_PAYLOAD_TOO_LARGE", { details: { maxBytes } });
    chunks.push(chunk);
  }
  const data = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) (data.set(c, at), at += c.length);
  return data;
}
