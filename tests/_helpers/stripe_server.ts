/**
 * A local server speaking the part of Stripe's HTTP API that billing uses (form-encoded requests,
 * JSON objects back): Checkout Sessions (create, expire), prices (read: `prices` maps an id to its
 * currency, "usd" when absent) and subscription updates; `down` makes it
 * answer an HTML error page, as a proxy in front of an unreachable provider does. The real `stripe` package talks
 * to it (STRIPE_API_URL). `signedEvent` signs webhook payloads with the package's own helper.
 */
import Stripe from "stripe";

export type StripeCall = { method: string; path: string; form: Record<string, string>; auth: string };

export type StripeServer = {
  url: string;
  calls: StripeCall[];
  sessions: Map<string, Record<string, unknown>>;
  /** Price id → its currency (lower case), for GET /v1/prices/:id. */
  prices: Map<string, string>;
  /** While set, every call answers this status with an HTML error page (an outage). */
  down: number | null;
  close(): Promise<void>;
};

export function startStripeServer(): StripeServer {
  const calls: StripeCall[] = [];
  const sessions = new Map<string, Record<string, unknown>>();
  const prices = new Map<string, string>();
  let seq = 0;
  const state = { down: null as number | null };
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, async (req) => {
    const url = new URL(req.url);
    const form = Object.fromEntries(new URLSearchParams(await req.text()));
    calls.push({
      method: req.method,
      path: url.pathname,
      form,
      auth: req.headers.get("authorization") ?? "",
    });
    const json = (b: unknown, status = 200) =>
      new Response(JSON.stringify(b), { status, headers: { "content-type": "application/json" } });
    if (state.down) {
      return new Response("<html><body>502 Bad Gateway — upstream sk_live_secret_in_page</body></html>", {
        status: state.down,
        headers: { "content-type": "text/html" },
      });
    }
    if (!/^Bearer sk_/.test(req.headers.get("authorization") ?? "")) {
      return json({ error: { type: "invalid_request_error", message: "Invalid API Key provided" } }, 401);
    }
    if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
      const id = `cs_test_${++seq}`;
      const metadata = Object.fromEntries(
        Object.entries(form).filter(([k]) => k.startsWith("metadata[")).map(([k, v]) => [k.slice(9, -1), v]),
      );
      const session = {
        id,
        object: "checkout.session",
        mode: form.mode,
        url: `${url.origin}/pay/${id}`,
        metadata,
        payment_status: "unpaid",
        status: "open",
        amount_total: Number(form["line_items[0][price_data][unit_amount]"] ?? 0),
        currency: form["line_items[0][price_data][currency]"],
      };
      sessions.set(id, session);
      return json(session);
    }
    const price = url.pathname.match(/^\/v1\/prices\/([^/]+)$/);
    if (req.method === "GET" && price) {
      return json({
        id: price[1],
        object: "price",
        currency: prices.get(price[1]) ?? "usd",
        unit_amount: 1000,
      });
    }
    const expire = url.pathname.match(/^\/v1\/checkout\/sessions\/([^/]+)\/expire$/);
    if (req.method === "POST" && expire) {
      const session = sessions.get(expire[1]);
      if (!session) {
        return json({ error: { type: "invalid_request_error", message: "No such session" } }, 404);
      }
      if (session.status !== "open") {
        return json({ error: { type: "invalid_request_error", message: "Session is not open" } }, 400);
      }
      session.status = "expired";
      return json(session);
    }
    const sub = url.pathname.match(/^\/v1\/subscriptions\/([^/]+)$/);
    if (req.method === "POST" && sub) {
      return json({
        id: sub[1],
        object: "subscription",
        cancel_at_period_end: form.cancel_at_period_end === "true",
      });
    }
    return json({ error: { type: "invalid_request_error", message: `Unrecognized request URL` } }, 404);
  });
  return {
    url: `http://127.0.0.1:${server.addr.port}`,
    calls,
    sessions,
    prices,
    get down() {
      return state.down;
    },
    set down(v: number | null) {
      state.down = v;
    },
    close: () => server.shutdown(),
  };
}

const signer = new Stripe("sk_test_signer", { httpClient: Stripe.createFetchHttpClient() });

/** The Stripe-Signature header for any payload (the fuzz signs bodies of every shape). */
export const signPayload = (secret: string, payload: string) =>
  signer.webhooks.generateTestHeaderStringAsync({ payload, secret });

/** A webhook delivery: the JSON body and its Stripe-Signature header made with `secret`. */
export async function signedEvent(
  secret: string,
  event: { id: string; type: string; object: Record<string, unknown> },
): Promise<{ body: string; signature: string }> {
  const body = JSON.stringify({
    id: event.id,
    object: "event",
    api_version: "2025-01-01",
    created: Math.floor(Date.now() / 1000),
    type: event.type,
    livemode: false,
    data: { object: event.object },
  });
  const signature = await signer.webhooks.generateTestHeaderStringAsync({ payload: body, secret });
  return { body, signature };
}
