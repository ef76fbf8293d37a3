/** A connection's answer shape: the row without its secrets, its queues, the token for those who manage it. */
import type { Deps } from "../deps.ts";
import type { Actor } from "../lib/context.ts";
import { can } from "../auth/permissions.ts";
import * as repo from "./repo.ts";
import { type SecretColumn, withoutSecrets } from "./status.ts";

export type ConnectionDTO = Omit<repo.ConnectionRow, SecretColumn> & {
  token?: string;
  queues: { id: number; name: string; color: string }[];
};

export async function dtos(deps: Deps, actor: Actor, rows: repo.ConnectionRow[]): Promise<ConnectionDTO[]> {
  const qs = await repo.queuesOfConnections(deps.db, actor.companyId, rows.map((r) => r.id));
  const showToken = can(actor, "connections-page:editOrDeleteConnection");
  return rows.map((r) => ({
    ...withoutSecrets(r),
    ...(showToken ? { token: r.token } : {}),
    queues: (qs.get(r.id) ?? []).map(({ id, name, color }) => ({ id, name, color })),
  }));
}

export const one = async (deps: Deps, actor: Actor, row: repo.ConnectionRow) =>
  (await dtos(deps, actor, [row]))[0];
