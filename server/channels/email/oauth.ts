/**
 * OAuth2 for Google and Microsoft mailboxes (SASL XOAUTH2). The admin gives an access token and,
 * to keep the mailbox working past its hour, the refresh token with the app's client id and
 * secret and the provider's token URL. The token in use is refreshed (RFC 6749 §6) when it is
 * about to expire (the `expires_in` the last refresh answered, a minute early) or when IMAP or
 * SMTP refuse it, once per attempt; the new access token (and a rotated refresh token, as
 * Microsoft issues) is sealed back on the connection, so every instance reads the current one.
 * Two instances refreshing at once is harmless: each gets a valid token and the last write stays.
 * The token URL is a tenant's target like any other (safeFetch: no private or internal address).
 */
import { and, eq } from "drizzle-orm";
import { whatsapps } from "@db/schema.ts";
import type { Deps } from "../../deps.ts";
import type { ConnectionRow } from "../../connections/repo.ts";
import { safeFetch } from "../../lib/safe_fetch.ts";
import { invalidate } from "../../caches.ts";
import { type EmailSecret, openSecret } from "./connect.ts";

/** Refreshed this long before the provider's expiry, so a login never races the clock. */
const EARLY_MS = 60_000;

/** Whether the connection can get a new access token by itself. */
export function refreshable(conn: Pick<ConnectionRow, "emailSettings">, secret: EmailSecret): boolean {
  return conn.emailSettings?.auth === "xoauth2" && !!conn.emailSettings.oauthTokenUrl &&
    !!secret.refreshToken;
}

/**
 * The secret to log in with: the password, or the access token — refreshed first when it is
 * expiring or `force` (the server refused it) and the connection can refresh.
 */
export async function loginSecret(
  deps: Deps,
  conn: ConnectionRow,
  o: { force?: boolean } = {},
): Promise<EmailSecret> {
  const secret = await openSecret(deps, conn);
  if (!refreshable(conn, secret)) return secret;
  const expiring = secret.expiresAt !== undefined &&
    secret.expiresAt - EARLY_MS <= deps.clock.now().getTime();
  return o.force || expiring ? await refresh(deps, conn, secret) : secret;
}

/** An IMAP or SMTP answer that the credentials were refused (not a network failure). */
export function isAuthFailure(err: unknown): boolean {
  const e = err as { authenticationFailed?: boolean; code?: string; responseCode?: number };
  return e?.authenticationFailed === true || e?.code === "EAUTH" || e?.responseCode === 535;
}

async function refresh(deps: Deps, conn: ConnectionRow, secret: EmailSecret): Promise<EmailSecret> {
  const s = conn.emailSettings!;
  const form = new URLSearchParams({ grant_type: "refresh_token", refresh_token: secret.refreshToken! });
  if (s.oauthClientId) form.set("client_id", s.oauthClientId);
  if (secret.clientSecret) form.set("client_secret", secret.clientSecret);
  let res: Response;
  try {
    res = await safeFetch(deps.fetchGuard, s.oauthTokenUrl!, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: form.toString(),
      timeoutMs: 20_000,
    });
  } catch (err) {
    throw new Error(`OAuth2 token refresh failed: ${(err as Error).message}`);
  }
  const answer = await res.json().catch(() => ({})) as {
    access_token?: unknown;
    refresh_token?: unknown;
    expires_in?: unknown;
    error?: unknown;
    error_description?: unknown;
  };
  if (!res.ok || typeof answer.access_token !== "string" || !answer.access_token) {
    const why = [answer.error, answer.error_description].filter((x) => typeof x === "string").join(": ");
    throw new Error(`OAuth2 token refresh failed: HTTP ${res.status}${why ? ` ${why}` : ""}`);
  }
  const expiresIn = Number(answer.expires_in);
  const next: EmailSecret = {
    ...secret,
    password: answer.access_token,
    refreshToken: typeof answer.refresh_token === "string" && answer.refresh_token
      ? answer.refresh_token
      : secret.refreshToken,
    expiresAt: Number.isFinite(expiresIn) && expiresIn > 0
      ? deps.clock.now().getTime() + expiresIn * 1000
      : undefined,
  };
  const sealed = await deps.secrets.seal(JSON.stringify(next));
  await deps.database.write((tx) =>
    tx.update(whatsapps).set({ emailSecret: sealed })
      .where(and(eq(whatsapps.companyId, conn.companyId), eq(whatsapps.id, conn.id)))
  );
  invalidate(deps, { kind: "connections", companyId: conn.companyId });
  // The caller's row reads the new token too (a send's Sent copy after its SMTP login).
  conn.emailSecret = sealed;
  return next;
}
