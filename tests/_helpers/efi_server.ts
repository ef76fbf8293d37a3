/**
 * A local server speaking the part of Efí's PIX API that billing uses: OAuth client credentials
 * (Basic auth), immediate charges (PUT /v2/cob/{txid}), their QR code (GET /v2/loc/{id}/qrcode),
 * charge lookups (GET /v2/cob/{txid}), their removal (PATCH /v2/cob/{txid}, status
 * REMOVIDA_PELO_USUARIO_RECEBEDOR) and webhook registration (PUT /v2/webhook/{chave}).
 * `settle(txid)` marks a charge paid (status CONCLUIDA with its pix list), as Efí does.
 */
// @ts-types="@types/node-forge"
import forge from "node-forge";

export type EfiCharge = { txid: string; body: Record<string, unknown>; status: string; locId: number };

export function startEfiServer(creds: { clientId: string; clientSecret: string }) {
  const charges = new Map<string, EfiCharge>();
  const webhooks: { chave: string; webhookUrl: string; skipMtls: string | null }[] = [];
  const calls: string[] = [];
  let loc = 100;
  const token = "efi-access-token";
  const json = (b: unknown, status = 200) =>
    new Response(JSON.stringify(b), { status, headers: { "content-type": "application/json" } });
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, async (req) => {
    const url = new URL(req.url);
    calls.push(`${req.method} ${url.pathname}`);
    if (req.method === "POST" && url.pathname === "/oauth/token") {
      const ok =
        req.headers.get("authorization") === `Basic ${btoa(`${creds.clientId}:${creds.clientSecret}`)}`;
      const body = await req.json().catch(() => ({}));
      if (!ok || body.grant_type !== "client_credentials") return json({ error: "invalid_client" }, 401);
      return json({
        access_token: token,
        token_type: "Bearer",
        expires_in: 3600,
        scope: "cob.write cob.read",
      });
    }
    if (req.headers.get("authorization") !== `Bearer ${token}`) return json({ nome: "nao_autorizado" }, 401);
    let m = url.pathname.match(/^\/v2\/cob\/([a-zA-Z0-9]{26,35})$/);
    if (m && req.method === "PUT") {
      const body = await req.json();
      const c = { txid: m[1], body, status: "ATIVA", locId: ++loc };
      charges.set(m[1], c);
      return json({
        calendario: { criacao: new Date().toISOString(), expiracao: body.calendario.expiracao },
        txid: m[1],
        revisao: 0,
        loc: { id: c.locId, location: `qrcodes-pix.test/v2/${c.locId}`, tipoCob: "cob" },
        status: "ATIVA",
        valor: body.valor,
        chave: body.chave,
        solicitacaoPagador: body.solicitacaoPagador,
      }, 201);
    }
    if (m && req.method === "PATCH") {
      const c = charges.get(m[1]);
      if (!c) return json({ nome: "cobranca_nao_encontrada" }, 404);
      const body = await req.json();
      if (body.status === "REMOVIDA_PELO_USUARIO_RECEBEDOR" && c.status === "ATIVA") c.status = body.status;
      return json({ txid: c.txid, status: c.status, valor: c.body.valor, chave: c.body.chave });
    }
    if (m && req.method === "GET") {
      const c = charges.get(m[1]);
      if (!c) return json({ nome: "cobranca_nao_encontrada" }, 404);
      return json({ txid: c.txid, status: c.status, valor: c.body.valor, chave: c.body.chave });
    }
    m = url.pathname.match(/^\/v2\/loc\/(\d+)\/qrcode$/);
    if (m && req.method === "GET") {
      return json({
        qrcode: `00020101021226830014BR.GOV.BCB.PIX2561qrcodes-pix.test/v2/${
          m[1]
        }5204000053039865802BR6304ABCD`,
        imagemQrcode: "data:image/png;base64,iVBORw0KGgo=",
        linkVisualizacao: `https://pix.test/${m[1]}`,
      });
    }
    m = url.pathname.match(/^\/v2\/webhook\/(.+)$/);
    if (m && req.method === "PUT") {
      const body = await req.json();
      webhooks.push({
        chave: decodeURIComponent(m[1]),
        webhookUrl: body.webhookUrl,
        skipMtls: req.headers.get("x-skip-mtls-checking"),
      });
      return json({ webhookUrl: body.webhookUrl });
    }
    return json({ nome: "not_found" }, 404);
  });
  return {
    url: `http://127.0.0.1:${server.addr.port}`,
    charges,
    webhooks,
    calls,
    settle(txid: string) {
      charges.get(txid)!.status = "CONCLUIDA";
    },
    close: () => server.shutdown(),
  };
}

/** A self-signed certificate and RSA-2048 key as a .p12 without passphrase, as Efí hands them out. */
export function makeP12(): Uint8Array<ArrayBuffer> {
  const keys = forge.pki.rsa.generateKeyPair(2048);
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = "01";
  cert.validity.notBefore = new Date();
  cert.validity.notAfter = new Date(Date.now() + 365 * 86_400_000);
  const attrs = [{ name: "commonName", value: "atende-test" }];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  const der = forge.asn1.toDer(forge.pkcs12.toPkcs12Asn1(keys.privateKey, [cert], "", { algorithm: "3des" }))
    .getBytes();
  return Uint8Array.from(der, (c) => c.charCodeAt(0));
}
