/**
 * PIX through Efí's documented HTTP API (EFI_API_URL): OAuth client credentials and every call over
 * mutual TLS with the operator's .p12 certificate (converted to PEM in memory for
 * Deno.createHttpClient), an immediate charge per invoice (PUT /v2/cob/{txid}) and its QR code
 * (GET /v2/loc/{id}/qrcode). The webhook Efí calls is registered with an HMAC in its URL (Efí's
 * documented alternative to mTLS on our side); a delivery never pays by itself: each txid is
 * looked up again at Efí (GET /v2/cob/{txid}) and only a CONCLUIDA charge the payment rule accepts
 * pays it, once per endToEndId.
 */
// @ts-types="@types/node-forge"
import type Forge from "node-forge";
import type { Deps } from "../deps.ts";
import { AppError } from "../lib/errors.ts";
import { type FetchGuard, safeFetch } from "../lib/safe_fetch.ts";
import { hmacSha256Hex, randomString, safeEqual } from "../lib/crypto.ts";
import { readSecret } from "../settings/service.ts";
import { readCertificate } from "./cert.ts";
import type { InvoiceRow } from "./invoices.ts";
import { type PaymentResult, seenEvent } from "./payments.ts";
import { acceptPayment, termsOf } from "./payment_rule.ts";
import { efiBody, parseWebhook } from "./webhook_inputs.ts";

const TIMEOUT_MS = 20_000;

/** A PKCS#12 bundle (no passphrase, as Efí issues them) → PEM certificate and PKCS#8 key. */
export async function p12ToPem(bytes: Uint8Array, passphrase = ""): Promise<{ cert: string; key: string }> {
  // Loaded when a PIX session opens, not at start-up.
  const forge = (await import("node-forge")).default as typeof Forge;
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  const p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(bin), passphrase);
  const keyBag =
    p12.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag]
      ?.[0] ?? p12.getBags({ bagType: forge.pki.oids.keyBag })[forge.pki.oids.keyBag]?.[0];
  const certBag = p12.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag]?.[0];
  if (!keyBag?.key || !certBag?.cert) {
    throw new AppError("ERR_VALIDATION", { message: "certificate has no key" });
  }
  const rsa = forge.pki.privateKeyToAsn1(keyBag.key as Forge.pki.rsa.PrivateKey);
  return {
    cert: forge.pki.certificateToPem(certBag.cert),
    key: forge.pki.privateKeyInfoToPem(forge.pki.wrapRsaPrivateKey(rsa)),
  };
}

/** Deno's fetch takes `client` (the mTLS HttpClient); the DOM typing of RequestInit does not know it. */
type EfiSession = { base: string; client: Deno.HttpClient; token: string; chave: string; guard: FetchGuard };

/** The configured Efí session (token fetched), or null when PIX is not set up. Close `client` after use. */
async function openSession(deps: Deps): Promise<EfiSession | null> {
  const [clientId, clientSecret, chave] = await Promise.all([
    readSecret(deps, "eficlientid"),
    readSecret(deps, "eficlientsecret"),
    readSecret(deps, "efichavepix"),
  ]);
  const p12 = await readCertificate(deps, "certificadoEfi");
  if (!clientId || !clientSecret || !chave || !p12) return null;
  const client = Deno.createHttpClient(await p12ToPem(p12));
  const base = deps.config.providers.efi.replace(/\/$/, "");
  try {
    const res = await safeFetch(
      deps.fetchGuard,
      `${base}/oauth/token`,
      {
        method: "POST",
        mtls: client,
        headers: {
          authorization: `Basic ${btoa(`${clientId}:${clientSecret}`)}`,
          "content-type": "application/json",
        },
        body: JSON.stringify({ grant_type: "client_credentials" }),
        timeoutMs: TIMEOUT_MS,
      },
    );
    if (!res.ok) throw new Error(`efi oauth ${res.status}: ${(await res.text()).slice(0, 1000)}`);
    const { access_token } = await res.json() as { access_token: string };
    return { base, client, token: access_token, chave, guard: deps.fetchGuard };
  } catch (err) {
    client.close();
    throw err;
  }
}

async function call<T>(
  s: EfiSession,
  method: string,
  path: string,
  body?: unknown,
  headers = {},
): Promise<T> {
  const res = await safeFetch(
    s.guard,
    `${s.base}${path}`,
    {
      method,
      mtls: s.client,
      headers: { authorization: `Bearer ${s.token}`, "content-type": "application/json", ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      timeoutMs: TIMEOUT_MS,
    },
  );
  // A plain error: what Efí answered reaches the log (and the checkout's providerError), never a client.
  if (!res.ok) throw new Error(`efi ${method} ${path} ${res.status}: ${(await res.text()).slice(0, 1000)}`);
  return await res.json() as T;
}

/** The secret in the webhook URL Efí calls (derived from APP_SECRET; nothing to configure). */
export const webhookHmac = (deps: Deps) => hmacSha256Hex(deps.config.appSecret, "efi-webhook");

let registeredFor = "";

/** PUT /v2/webhook/{chave} once per process and key (Efí appends "/pix" to the URL when it calls). */
async function ensureWebhook(deps: Deps, s: EfiSession): Promise<void> {
  const url = `${deps.config.publicUrl}/api/webhooks/efi?hmac=${await webhookHmac(deps)}&ignorar=`;
  if (registeredFor === `${s.base}|${s.chave}|${url}`) return;
  await call(s, "PUT", `/v2/webhook/${encodeURIComponent(s.chave)}`, { webhookUrl: url }, {
    "x-skip-mtls-checking": "true",
  });
  registeredFor = `${s.base}|${s.chave}|${url}`;
}

export type PixCharge = { txid: string; qrcode: string; imagemQrcode?: string };

/**
 * An immediate PIX charge for the invoice (1 hour), or null when PIX is not configured. Writes
 * nothing: the checkout stores the txid with the invoice's new price once every provider answered.
 */
export async function createPixCharge(deps: Deps, inv: InvoiceRow): Promise<PixCharge | null> {
  const s = await openSession(deps);
  if (!s) return null;
  try {
    await ensureWebhook(deps, s);
    // txid: 26-35 characters [a-zA-Z0-9] (Efí); ours names the invoice for support.
    const txid = `atende${inv.id}x${randomString(26)}`.slice(0, 35);
    const cob = await call<{ loc: { id: number } }>(s, "PUT", `/v2/cob/${txid}`, {
      calendario: { expiracao: 3600 },
      valor: { original: inv.value.toFixed(2) },
      chave: s.chave,
      solicitacaoPagador: `#Fatura:${inv.id}`,
    });
    const qr = await call<{ qrcode: string; imagemQrcode?: string }>(
      s,
      "GET",
      `/v2/loc/${cob.loc.id}/qrcode`,
    );
    return { txid, qrcode: qr.qrcode, imagemQrcode: qr.imagemQrcode };
  } finally {
    s.client.close();
  }
}

/**
 * Removes charges a later checkout replaced (Efí's PATCH /v2/cob/{txid} to REMOVIDA_PELO_USUARIO_RECEBEDOR),
 * so their QR codes stop taking money. Best effort: a failure is logged (the payment rule refuses
 * them anyway).
 */
export async function removePixCharges(deps: Deps, txids: string[]): Promise<void> {
  if (!txids.length) return;
  try {
    const s = await openSession(deps);
    if (!s) return;
    try {
      for (const txid of txids) {
        await call(s, "PATCH", `/v2/cob/${txid}`, { status: "REMOVIDA_PELO_USUARIO_RECEBEDOR" }).catch((
          err,
        ) => console.warn(`[billing] efi: removing charge ${txid} failed:`, (err as Error).message));
      }
    } finally {
      s.client.close();
    }
  } catch (err) {
    console.warn(`[billing] efi: removing charges failed:`, (err as Error).message);
  }
}

/**
 * POST /api/webhooks/efi[/pix]: verified by the URL's HMAC, bounded by its schema, then every
 * charge re-read at Efí; a concluded one goes through the payment rule (its txid must be the
 * invoice's current charge, for the invoice's value, in BRL).
 */
export async function handleEfiWebhook(
  deps: Deps,
  hmac: string | undefined,
  raw: unknown,
): Promise<(PaymentResult | "pending")[]> {
  if (!hmac || !safeEqual(hmac, await webhookHmac(deps))) {
    throw new AppError("ERR_UNAUTHENTICATED", { message: "invalid webhook signature" });
  }
  const body = parseWebhook("efi", efiBody, raw);
  const items = (body.pix ?? []).filter((p) => p.txid);
  if (!items.length) return [];
  const s = await openSession(deps);
  if (!s) return [];
  const out: (PaymentResult | "pending")[] = [];
  try {
    for (const item of items) {
      if (await seenEvent(deps, "efi", item.endToEndId)) {
        out.push("duplicate");
        continue;
      }
      const event = { provider: "efi", eventId: item.endToEndId, type: "pix.received" };
      if (!await termsOf(deps.db, "efi", item.txid!)) {
        // Not a charge of ours: nothing to ask Efí about; recorded as refused.
        out.push(
          await acceptPayment(deps, { event, ref: item.txid!, reported: { amount: null, currency: null } }),
        );
        continue;
      }
      const cob = await call<{ status?: unknown; valor?: { original?: unknown } }>(
        s,
        "GET",
        `/v2/cob/${item.txid}`,
      );
      if (cob.status !== "CONCLUIDA") {
        out.push("pending");
        continue;
      }
      out.push(
        await acceptPayment(deps, {
          event,
          ref: item.txid!,
          // PIX charges in reais only.
          reported: { amount: Number(cob.valor?.original), currency: "BRL" },
          txid: item.txid,
        }),
      );
    }
  } finally {
    s.client.close();
  }
  return out;
}
