/**
 * One local server speaking the parts of Mercado Pago's API (POST /checkout/preferences,
 * GET /v1/payments/{id}) and Asaas's API (POST and DELETE /v3/paymentLinks, GET /v3/payments/{id}) that
 * billing uses. The test records payments "made" on those pages with `mpPay` / `asaasPay`.
 */
export function startPaymentLinksServer(tokens: { mp: string; asaas: string }) {
  const preferences: Record<string, unknown>[] = [];
  const links: Record<string, unknown>[] = [];
  const mpPayments = new Map<string, Record<string, unknown>>();
  const asaasPayments = new Map<string, Record<string, unknown>>();
  const json = (b: unknown, status = 200) =>
    new Response(JSON.stringify(b), { status, headers: { "content-type": "application/json" } });
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, async (req) => {
    const url = new URL(req.url);
    if (url.pathname === "/checkout/preferences" || url.pathname.startsWith("/v1/")) {
      if (req.headers.get("authorization") !== `Bearer ${tokens.mp}`) {
        return json({ message: "unauthorized" }, 401);
      }
      if (req.method === "POST" && url.pathname === "/checkout/preferences") {
        const body = await req.json();
        const id = `pref-${preferences.length + 1}`;
        preferences.push({ id, ...body });
        return json({ id, init_point: `https://www.mercadopago.test/checkout?pref_id=${id}`, ...body }, 201);
      }
      const m = url.pathname.match(/^\/v1\/payments\/(\d+)$/);
      if (m) return mpPayments.has(m[1]) ? json(mpPayments.get(m[1])) : json({ message: "not found" }, 404);
    }
    if (url.pathname.startsWith("/v3/")) {
      if (req.headers.get("access_token") !== tokens.asaas) {
        return json({ errors: [{ code: "invalid_access_token" }] }, 401);
      }
      if (req.method === "POST" && url.pathname === "/v3/paymentLinks") {
        const body = await req.json();
        const id = `lnk_${links.length + 1}`;
        links.push({ id, ...body });
        return json({ id, url: `https://asaas.test/c/${id}`, active: true, ...body });
      }
      const del = url.pathname.match(/^\/v3\/paymentLinks\/([A-Za-z0-9_]+)$/);
      if (req.method === "DELETE" && del) {
        const link = links.find((l) => l.id === del[1]);
        if (!link) return json({ errors: [{ code: "not_found" }] }, 404);
        link.deleted = true;
        return json({ deleted: true, id: del[1] });
      }
      const m = url.pathname.match(/^\/v3\/payments\/([A-Za-z0-9_]+)$/);
      if (m) return asaasPayments.has(m[1]) ? json(asaasPayments.get(m[1])) : json({ errors: [] }, 404);
    }
    return json({ message: "not found" }, 404);
  });
  return {
    url: `http://127.0.0.1:${server.addr.port}`,
    preferences,
    links,
    /**
     * A payment made on a preference's page: Mercado Pago copies that preference's metadata onto it
     * (the latest preference of the external reference unless `preference` names one) and charges
     * in its currency.
     */
    mpPay(
      id: string,
      p: {
        status: string;
        external_reference: string;
        transaction_amount: number;
        currency_id?: string;
        preference?: string;
      },
    ) {
      const { preference, ...rest } = p;
      const pref = preference
        ? preferences.find((x) => x.id === preference)
        : preferences.findLast((x) => x.external_reference === p.external_reference);
      const item = (pref?.items as { currency_id?: string }[] | undefined)?.[0];
      mpPayments.set(id, {
        id: Number(id),
        currency_id: item?.currency_id ?? "BRL",
        metadata: pref?.metadata ?? {},
        ...rest,
      });
    },
    asaasPay(id: string, p: { status: string; paymentLink: string; value: number }) {
      asaasPayments.set(id, { object: "payment", id, ...p });
    },
    close: () => server.shutdown(),
  };
}
