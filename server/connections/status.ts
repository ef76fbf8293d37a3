/** Connection status changes and their event (`connection.session`: connections/listeners.ts sends it). */
import { and, eq } from "drizzle-orm";
import { whatsapps } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import type { ConnectionStatus } from "../channels/adapter.ts";
import type { ConnectionRow } from "./repo.ts";
import { invalidate } from "../caches.ts";

/** Columns the browser never sees. */
export type SecretColumn = "token" | "metaAccessToken" | "telegramToken" | "telegramSecret" | "emailSecret";

/** The row as the browser may see it: never the token, the Meta access token nor the Telegram secrets. */
export function withoutSecrets(row: ConnectionRow): Omit<ConnectionRow, SecretColumn> {
  const {
    token: _t,
    metaAccessToken: _m,
    telegramToken: _tt,
    telegramSecret: _ts,
    emailSecret: _es,
    ...rest
  } = row;
  return rest;
}

/** Updates session fields of a connection and publishes the row (without secrets); null when it is gone. */
export async function updateSession(
  deps: Deps,
  conn: Pick<ConnectionRow, "id" | "companyId">,
  set: Partial<
    Pick<ConnectionRow, "status" | "qrcode" | "retries" | "number" | "statusImportMessages" | "lastError">
  >,
): Promise<ConnectionRow | null> {
  const [row] = await deps.database.write((tx) =>
    tx.update(whatsapps).set({ ...set, updatedAt: new Date().toISOString() })
      .where(and(eq(whatsapps.companyId, conn.companyId), eq(whatsapps.id, conn.id))).returning()
  );
  if (!row) return null;
  invalidate(deps, { kind: "connections", companyId: conn.companyId });
  deps.bus.emit("connection.session", { companyId: conn.companyId, session: withoutSecrets(row) });
  return row;
}

export async function setConnectionStatus(
  deps: Deps,
  conn: ConnectionRow,
  status: ConnectionStatus,
  extra: Partial<Pick<ConnectionRow, "qrcode" | "retries" | "number">> = {},
): Promise<ConnectionRow> {
  return await updateSession(deps, conn, { status, ...extra }) ?? conn;
}
