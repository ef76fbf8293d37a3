/**
 * One IMAP client for a connection (imapflow), with the password or the OAuth2 token (XOAUTH2) of
 * its sealed secret. Callers log out when done; a client is never shared between a sync pass and
 * the IDLE watcher, so a dropped connection fails only the pass that used it.
 */
import type { ImapFlow } from "imapflow";
import type { Deps } from "../../deps.ts";
import type { ConnectionRow } from "../../connections/repo.ts";
import { isAuthFailure, loginSecret, refreshable } from "./oauth.ts";
import { checkHost } from "../../lib/safe_fetch.ts";

/**
 * Logged in and ready. An OAuth2 token the server refuses is refreshed once and the login tried
 * again (when the connection has a refresh token: oauth.ts).
 */
export async function openImap(deps: Deps, conn: ConnectionRow): Promise<ImapFlow> {
  const secret = await loginSecret(deps, conn);
  try {
    return await login(deps, conn, secret.password);
  } catch (err) {
    if (!isAuthFailure(err) || !refreshable(conn, secret)) throw err;
    return await login(deps, conn, (await loginSecret(deps, conn, { force: true })).password);
  }
}

async function login(deps: Deps, conn: ConnectionRow, password: string): Promise<ImapFlow> {
  const s = conn.emailSettings;
  if (!s) throw new Error("the e-mail connection has no settings");
  // An admin's host is a tenant's target: never a private or internal address (lib/safe_fetch.ts).
  const address = await checkHost(deps.fetchGuard, s.imapHost);
  // The package on first use: a process with no mailbox never holds it (bench/boot_cost.ts).
  const { ImapFlow } = await import("imapflow");
  const client = new ImapFlow({
    host: address,
    // Pinned to the checked address: TLS still verifies the name.
    ...(address !== s.imapHost ? { servername: s.imapHost } : {}),
    port: s.imapPort,
    secure: s.imapSecure,
    auth: s.auth === "xoauth2"
      ? { user: s.imapUser, accessToken: password }
      : { user: s.imapUser, pass: password },
    logger: false,
    // A server without IDLE is polled with NOOP by the watcher's idle().
    missingIdleCommand: "NOOP",
    // We wait in idle() ourselves, only in the watcher.
    disableAutoIdle: true,
    connectionTimeout: 20_000,
    greetingTimeout: 15_000,
    socketTimeout: 5 * 60_000,
  });
  // A dropped socket emits 'error'; the pass using it fails through its own promise.
  client.on("error", (err: Error) => console.warn(`[email] connection ${conn.id}:`, err.message));
  await client.connect();
  return client;
}

export async function closeImap(client: ImapFlow): Promise<void> {
  await client.logout().catch(() => client.close());
}
