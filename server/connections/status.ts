/** Connection status changes and their socket event (company-{id}-whatsappSession). */
import { and, eq } from "drizzle-orm";
import { whatsapps } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import type { ConnectionStatus } from "../channels/adapter.ts";
import type { ConnectionRow } from "./repo.ts";

export async function setConnectionStatus(
  deps: Deps,
  conn: ConnectionRow,
  status: ConnectionStatus,
  extra: Partial<Pick<ConnectionRow, "qrcode" | "retries" | "number">> = {},
): Promise<ConnectionRow> {
  const [row] = await deps.database.write((tx) =>
    tx.update(whatsapps).set({ status, ...extra, updatedAt: new Date().toISOString() })
      .where(and(eq(whatsapps.companyId, conn.companyId), eq(whatsapps.id, conn.id))).returning()
  );
  if (!row) return conn;
  const { token: _t, metaAccessToken: _m, ...session } = row;
  await deps.hub.publish({
    companyId: conn.companyId,
    event: `company-${conn.companyId}-whatsappSession`,
    data: { action: "update", session },
    audience: { kind: "company" },
  });
  return row;
}
