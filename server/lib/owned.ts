/**
 * Ids inside request bodies (a chatbot's queue, a user's queues, a ticket's integration…) are
 * checked like ids in paths: each must name a row of the actor's company, else the whole request
 * answers 404 ERR_NOT_FOUND for that resource — never silently ignored, never linked across
 * tenants. One query per kind; null/undefined entries (meaning "none") are skipped.
 */
import { and, eq, inArray } from "drizzle-orm";
import {
  chatbots,
  contacts,
  files,
  flowBuilders,
  messages,
  prompts,
  queueIntegrations,
  queues,
  quickMessages,
  tags,
  tickets,
  users,
  whatsapps,
} from "@db/schema.ts";
import type { Db, Tx } from "@db/client.ts";
import { notFound } from "./errors.ts";

const TABLES = {
  queue: queues,
  user: users,
  tag: tags,
  contact: contacts,
  ticket: tickets,
  whatsapp: whatsapps,
  chatbot: chatbots,
  queueIntegration: queueIntegrations,
  file: files,
  prompt: prompts,
  message: messages,
  quickMessage: quickMessages,
  flow: flowBuilders,
} as const;

export type OwnedKind = keyof typeof TABLES;
type Ids = number | null | undefined | readonly (number | null | undefined)[];
export type OwnedRefs = Partial<Record<OwnedKind, Ids>>;

/** Throws 404 (naming the resource) unless every id belongs to `companyId`. */
export async function assertOwned(db: Db | Tx, companyId: number, refs: OwnedRefs): Promise<void> {
  for (const [kind, raw] of Object.entries(refs) as [OwnedKind, Ids][]) {
    const list = (Array.isArray(raw) ? raw : [raw]) as (number | null | undefined)[];
    const ids = [...new Set(list.filter((v): v is number => v != null))];
    if (!ids.length) continue;
    const table = TABLES[kind];
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500);
      const found = await db.select({ id: table.id }).from(table)
        .where(and(eq(table.companyId, companyId), inArray(table.id, chunk)));
      if (found.length !== chunk.length) throw notFound(kind);
    }
  }
}
