/**
 * The browser suites' old import path, kept only so tests/e2e runs unchanged: re-exports of
 * tests/_helpers. New tests import tests/_helpers directly; `setupInbox(t, sink, o)` is
 * `createTenant(t, { webhook: sink, user: false, ...o })`.
 */
import type { TestApp } from "../_helpers/test_app.ts";
import type { WebhookSink } from "../_helpers/webhook_sink.ts";
import { createTenant, type TenantOptions } from "../_helpers/tenant.ts";

export { expectOk, type Json } from "../_helpers/http.ts";
export { customerSays, outbound, ticketRow } from "../_helpers/inbox.ts";

export function setupInbox(
  t: TestApp,
  sink: WebhookSink | null,
  o: Pick<TenantOptions, "queues" | "conn" | "settings" | "plan"> = {},
) {
  return createTenant(t, { ...o, webhook: sink, user: false });
}
