/**
 * An e-mail as it was sent: the sanitised HTML the e-mail channel kept with the message
 * (`data_json` `{ html, cids }`; channels/email/parse.ts safeHtml), read on demand so neither the
 * conversation's pages nor socket frames carry it. Remote images stay blocked in it (their address
 * in `data-remote-src`, no `src`): the attendant's browser loads them only when asked. Inline images
 * (`cid:`) were stored as messages of their own (`<wid>#<n>`); their `src` becomes the file's signed
 * link here, as for any media.
 */
import { and, eq, inArray } from "drizzle-orm";
import { messages } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import type { Actor } from "../lib/context.ts";
import { notFound } from "../lib/errors.ts";
import { getVisibleTicket } from "../tickets/service.ts";
import type { MessageHtml } from "@contract/messages.ts";
import { getMessage, hidesDeletedMessages } from "./repo.ts";
import { hasMailHtml } from "./dto.ts";

type Stored = { html?: unknown; cids?: Record<string, string> };

function storedOf(dataJson: string | null | undefined): Stored | null {
  // Cheap test first: this runs for every message of a page.
  if (!dataJson || !hasMailHtml(dataJson)) return null;
  try {
    const v = JSON.parse(dataJson) as Stored;
    return typeof v.html === "string" ? v : null;
  } catch {
    return null;
  }
}

const decodeAttr = (s: string) =>
  s.replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

/** GET /messages/:id/html: the visibility of the ticket's conversation, as for the body. */
export async function messageHtml(deps: Deps, actor: Actor, id: number): Promise<MessageHtml> {
  const m = await getMessage(deps.db, actor.companyId, id);
  await getVisibleTicket(deps, actor, m.ticketId);
  if (m.isDeleted && await hidesDeletedMessages(deps, actor.companyId)) throw notFound("message");
  const stored = storedOf(m.dataJson);
  if (!stored) throw notFound("message");
  let html = stored.html as string;
  const cids = stored.cids ?? {};
  const wids = [...new Set(Object.values(cids))];
  if (wids.length) {
    const files = await deps.db.select({ wid: messages.wid, mediaUrl: messages.mediaUrl }).from(messages)
      .where(
        and(
          eq(messages.companyId, actor.companyId),
          eq(messages.ticketId, m.ticketId),
          inArray(messages.wid, wids),
        ),
      );
    const links = new Map<string, string>();
    for (const f of files) if (f.wid && f.mediaUrl) links.set(f.wid, await deps.media.signedUrl(f.mediaUrl));
    html = html.replace(/src="cid:([^"]*)"/gi, (all, cid: string) => {
      const wid = cids[decodeAttr(cid)];
      const link = wid ? links.get(wid) : undefined;
      return link ? `src="${link.replace(/&/g, "&amp;").replace(/"/g, "&quot;")}"` : all;
    });
  }
  return { id: m.id, html };
}
