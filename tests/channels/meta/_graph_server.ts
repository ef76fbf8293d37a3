/**
 * A local stand-in for Meta's Graph API (Messenger, Instagram, WhatsApp Cloud API): records every
 * request and answers like Graph does — message ids, media metadata and bytes, Page lists, token
 * exchange, webhook subscriptions — and Graph's error shape when told to fail. Messages with
 * choices (Cloud API interactive buttons and lists, Messenger/Instagram quick replies) are checked
 * against Meta's limits (_graph_choices.ts), refused as Graph refuses them, and kept in `choices`.
 */
import { checkChoices } from "./_graph_choices.ts";

export type GraphRequest = {
  method: string;
  /** Path without the version prefix, e.g. "/1000001/messages". */
  path: string;
  version: string;
  query: URLSearchParams;
  authorization: string | null;
  json?: Record<string, unknown>;
  form?: Record<string, string>;
  files?: Record<string, { name: string; type: string; size: number }>;
};

export type GraphPage = {
  id: string;
  name: string;
  access_token: string;
  instagram_business_account?: { id: string; username?: string };
};

export type GraphServer = {
  url: string;
  requests: GraphRequest[];
  /** Pages answered by /me/accounts. */
  pages: GraphPage[];
  /** Tokens the media endpoints accept. */
  tokens: Set<string>;
  /** The next POST to a messages endpoint answers this Graph error. */
  failNextSend: { status: number; message: string; code: number } | null;
  /** Bytes served for media ids and CDN files. */
  bytes: Uint8Array;
  /**
   * The next this-many media downloads (CDN files and Cloud API media bytes) fail as an expired
   * CDN link does: 403 "URL signature expired". Paths under /cdn-gone/ always answer 404.
   */
  failMedia: number;
  /** Media downloads asked for (CDN and media bytes), failed or not. */
  mediaRequests: string[];
  /** Accepted sends that carried choices (interactive button/list, quick replies), in order. */
  choices: GraphRequest[];
  sends(): GraphRequest[];
  close(): Promise<void>;
};

export const JPEG = new Uint8Array([
  0xff,
  0xd8,
  0xff,
  0xe0,
  0,
  16,
  74,
  70,
  73,
  70,
  0,
  1,
  1,
  0,
  0,
  1,
  0xff,
  0xd9,
]);

export function startGraphServer(): GraphServer {
  let seq = 0;
  const g: GraphServer = {
    url: "",
    requests: [],
    pages: [],
    tokens: new Set(),
    failNextSend: null,
    bytes: JPEG,
    failMedia: 0,
    mediaRequests: [],
    choices: [],
    sends: () => g.requests.filter((r) => r.method === "POST" && /\/messages$/.test(r.path)),
    close: () => server.shutdown(),
  };
  const json = (body: unknown, status = 200) => Response.json(body, { status });
  const graphError = (status: number, message: string, code: number) =>
    json({ error: { message, type: "OAuthException", code, fbtrace_id: "TRACE" } }, status);

  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, async (req) => {
    const url = new URL(req.url);
    const m = url.pathname.match(/^\/(v\d+\.\d+)(\/.*)$/);
    const rec: GraphRequest = {
      method: req.method,
      path: m ? m[2] : url.pathname,
      version: m ? m[1] : "",
      query: url.searchParams,
      authorization: req.headers.get("authorization"),
    };
    const type = req.headers.get("content-type") ?? "";
    if (type.includes("application/json")) rec.json = await req.json();
    else if (type.includes("multipart/form-data")) {
      const form = await req.formData();
      rec.form = {};
      rec.files = {};
      for (const [k, v] of form.entries()) {
        if (typeof v === "string") rec.form[k] = v;
        else rec.files[k] = { name: v.name, type: v.type, size: v.size };
      }
    }
    g.requests.push(rec);
    const bearer = rec.authorization?.replace(/^Bearer /, "") ?? "";
    const p = rec.path;

    // CDN files of Messenger attachments (no token) and Cloud API media bytes (token required).
    if (/^\/(cdn|cdn-gone|media-bytes)\//.test(url.pathname)) {
      g.mediaRequests.push(url.pathname);
      if (url.pathname.startsWith("/cdn-gone/")) return new Response("Not Found", { status: 404 });
      if (g.failMedia > 0) {
        g.failMedia--;
        return new Response("URL signature expired", { status: 403 });
      }
    }
    if (url.pathname.startsWith("/cdn/")) {
      return new Response(g.bytes as BodyInit, { headers: { "content-type": "image/jpeg" } });
    }
    if (url.pathname.startsWith("/media-bytes/")) {
      if (!g.tokens.has(bearer)) return graphError(401, "Invalid OAuth access token.", 190);
      return new Response(g.bytes as BodyInit, { headers: { "content-type": "image/jpeg" } });
    }
    if (p === "/oauth/access_token") {
      return json({ access_token: `LONG-${rec.query.get("fb_exchange_token")}`, token_type: "bearer" });
    }
    if (p === "/me/accounts") return json({ data: g.pages, paging: {} });
    if (/^\/\d+\/subscribed_apps$/.test(p)) return json({ success: true });
    if (/\/messages$/.test(p) && req.method === "POST") {
      if (g.failNextSend) {
        const f = g.failNextSend;
        g.failNextSend = null;
        return graphError(f.status, f.message, f.code);
      }
      const choices = checkChoices(rec.json);
      if (choices?.problem) {
        // Cloud API: 131009 "Parameter value is not valid"; Messenger: 100 "Invalid parameter".
        return p === "/me/messages"
          ? graphError(400, `(#100) Invalid parameter: ${choices.problem}`, 100)
          : graphError(400, `(#131009) Parameter value is not valid: ${choices.problem}`, 131009);
      }
      if (choices) g.choices.push(rec);
      const id = ++seq;
      if (p === "/me/messages") {
        const to = rec.json?.recipient ?? JSON.parse(rec.form?.recipient ?? "{}");
        return json({ recipient_id: (to as { id: string }).id, message_id: `m_OUT-${id}` });
      }
      const to = String(rec.json?.to ?? "");
      return json({
        messaging_product: "whatsapp",
        contacts: [{ input: to, wa_id: to }],
        messages: [{ id: `wamid.OUT-${id}` }],
      });
    }
    if (/\/media$/.test(p) && req.method === "POST") return json({ id: `MEDIA-UP-${++seq}` });
    if (req.method === "GET" && /^\/[\w.-]+$/.test(p)) {
      const id = decodeURIComponent(p.slice(1));
      const fields = rec.query.get("fields") ?? "";
      if (id.startsWith("MEDIA-")) {
        if (!g.tokens.has(bearer)) return graphError(401, "Invalid OAuth access token.", 190);
        return json({
          messaging_product: "whatsapp",
          url: `${g.url}/media-bytes/${id}`,
          mime_type: "image/jpeg",
          sha256: "x",
          file_size: String(g.bytes.length),
          id,
        });
      }
      if (fields.includes("display_phone_number")) {
        return json({ display_phone_number: "+55 11 4000-1000", verified_name: "Atende", id });
      }
      return json({
        id,
        name: id.startsWith("PSID") || id.startsWith("IGSID") ? "Paula Souza" : `Page ${id}`,
      });
    }
    return graphError(404, `Unknown path ${p}`, 803);
  });
  g.url = `http://127.0.0.1:${server.addr.port}`;
  return g;
}
