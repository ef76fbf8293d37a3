/** A company's connected WhatsApp line on the fake Baileys socket (number checks answer from it). */
import { whatsapps } from "@db/schema.ts";
import type { TestApp } from "../_helpers/test_app.ts";
import { connRow, runSessions, waitFor } from "../channels/whatsapp/_support.ts";

export async function connectedWhatsapp(t: TestApp, companyId: number, name = "Celular") {
  const [conn] = await t.deps.database.write((tx) =>
    tx.insert(whatsapps).values({ companyId, name, channel: "whatsapp", isDefault: true }).returning()
  );
  const { fake, manager } = await runSessions(t);
  await manager.command(conn, "start");
  const sock = fake.last();
  sock.open();
  await waitFor(async () => (await connRow(t, conn.id)).status === "CONNECTED", "CONNECTED", 15_000);
  return { conn, sock };
}
