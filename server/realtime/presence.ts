/** Online flag of a user: set while the user has a socket open on this instance. */
import { and, eq } from "drizzle-orm";
import { users } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import { userDTO } from "../users/service.ts";

export async function setPresence(
  deps: Deps,
  companyId: number,
  userId: number,
  online: boolean,
): Promise<void> {
  const now = deps.clock.now().toISOString();
  const [row] = await deps.database.write((tx) =>
    tx.update(users).set({ online, lastSeenAt: now })
      .where(and(eq(users.companyId, companyId), eq(users.id, userId), eq(users.online, !online)))
      .returning()
  );
  if (row) deps.bus.emit("user.presence", { companyId, user: await userDTO(deps, row) });
}
