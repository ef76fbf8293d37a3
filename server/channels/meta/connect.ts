/**
 * Facebook Login connect flow (spec 2 §7: GET /settingsFacebook, POST /facebook). The browser's
 * Facebook SDK (app id from GET /settingsFacebook) gives a short-lived user token; we exchange it
 * for a long-lived one with the platform's app id and secret, list the user's Pages with their
 * Page tokens (`/me/accounts`, Page tokens derived from a long-lived user token do not expire)
 * and the Instagram business account linked to each, subscribe our app to each Page's messaging
 * webhooks, and create one `facebook` connection per Page (and one `instagram` connection per
 * linked account when asked). A Page already connected in this company gets its token renewed; a
 * Page connected by another company is skipped (webhooks are routed by Page id). Page tokens are
 * sealed at rest and never returned.
 */
import { eq } from "drizzle-orm";
import { whatsapps } from "@db/schema.ts";
import type { Deps } from "../../deps.ts";
import type { Actor } from "../../lib/context.ts";
import { AppError } from "../../lib/errors.ts";
import { randomString } from "../../lib/crypto.ts";
import { requirePermission, requirePlan, requireWithinLimit } from "../../auth/permissions.ts";
import { readSetting } from "../../settings/repo.ts";
import { PLATFORM_COMPANY_ID } from "../../settings/registry.ts";
import { readSecret } from "../../settings/service.ts";
import * as repo from "../../connections/repo.ts";
import { type ConnectionDTO, showConnection } from "../../connections/service.ts";
import { graphCall, graphUrl } from "./graph.ts";
import type { MetaKind } from "./adapter.ts";

export const SUBSCRIBED_FIELDS =
  "messages,message_deliveries,message_reads,message_echoes,message_edits,message_reactions";

type Page = {
  id: string;
  name: string;
  access_token: string;
  instagram_business_account?: { id: string; username?: string; name?: string };
};

export type ConnectInput = { facebookUserId: string; facebookUserToken: string; addInstagram?: boolean };

const FAIL = "ERR_WAPP_NOT_INITIALIZED" as const;

async function pagesOf(deps: Deps, userToken: string): Promise<Page[]> {
  const appId = await readSetting(deps.db, PLATFORM_COMPANY_ID, "facebookId");
  const appSecret = await readSecret(deps, "facebookIdsecret");
  if (!appId || !appSecret) {
    throw new AppError(FAIL, { message: "The platform's Facebook app is not configured" });
  }
  const q = new URLSearchParams({
    grant_type: "fb_exchange_token",
    client_id: appId,
    client_secret: appSecret,
    fb_exchange_token: userToken,
  });
  const long = await graphCall<{ access_token?: string }>(
    deps,
    graphUrl(deps, "graph", `oauth/access_token?${q}`),
    {},
    FAIL,
  );
  if (!long.access_token) throw new AppError(FAIL, { message: "Meta returned no long-lived token" });
  const fields = "id,name,access_token,instagram_business_account{id,username,name}";
  const list = await graphCall<{ data?: Page[] }>(
    deps,
    graphUrl(deps, "graph", `me/accounts?fields=${encodeURIComponent(fields)}&limit=100`),
    { token: long.access_token },
    FAIL,
  );
  return (list.data ?? []).filter((p) => p.id && p.access_token);
}

/** Subscribes our app to the Page's messaging webhooks (Instagram DMs ride on the Page). */
async function subscribe(deps: Deps, page: Page): Promise<boolean> {
  const form = new FormData();
  form.set("subscribed_fields", SUBSCRIBED_FIELDS);
  try {
    await graphCall(deps, graphUrl(deps, "graph", `${page.id}/subscribed_apps`), {
      token: page.access_token,
      form,
    }, FAIL);
    return true;
  } catch (err) {
    console.warn(`[meta] page ${page.id}: webhook subscription failed:`, (err as Error).message);
    return false;
  }
}

type Wanted = { kind: MetaKind; providerId: string; name: string; page: Page; subscribed: boolean };

export async function connectFacebook(
  deps: Deps,
  actor: Actor,
  input: ConnectInput,
): Promise<{ connections: ConnectionDTO[]; skipped: { id: string; reason: string }[] }> {
  requirePermission(actor, "connections-page:addConnection");
  const wantFacebook = !input.addInstagram || actor.plan.useFacebook;
  if (input.addInstagram) requirePlan(actor.plan, "useInstagram");
  else requirePlan(actor.plan, "useFacebook");

  const pages = await pagesOf(deps, input.facebookUserToken);
  const wanted: Wanted[] = [];
  for (const page of pages) {
    const subscribed = await subscribe(deps, page);
    if (wantFacebook) {
      wanted.push({ kind: "facebook", providerId: page.id, name: page.name, page, subscribed });
    }
    const ig = page.instagram_business_account;
    if (input.addInstagram && ig?.id) {
      const name = `Insta ${ig.username ?? ig.name ?? page.name}`;
      wanted.push({ kind: "instagram", providerId: ig.id, name, page, subscribed });
    }
  }

  const skipped: { id: string; reason: string }[] = [];
  const created: number[] = [];
  const updated: number[] = [];
  await deps.database.write(async (tx) => {
    const own = await tx.select({ name: whatsapps.name }).from(whatsapps).where(
      eq(whatsapps.companyId, actor.companyId),
    );
    const names = new Set(own.map((r) => r.name));
    let count = own.length;
    let hasDefault = !!(await repo.defaultConnection(tx, actor.companyId));
    for (const w of wanted) {
      const existing = await repo.unscopedFindMetaConnection(tx, w.kind, w.providerId);
      const sealed = await deps.secrets.seal(w.page.access_token);
      const status = w.subscribed ? "CONNECTED" : "DISCONNECTED";
      if (existing && existing.companyId !== actor.companyId) {
        skipped.push({ id: w.providerId, reason: "connected by another company" });
        continue;
      }
      if (existing) {
        await tx.update(whatsapps).set({
          metaAccessToken: sealed,
          facebookUserId: input.facebookUserId,
          status,
          updatedAt: new Date().toISOString(),
        }).where(eq(whatsapps.id, existing.id));
        updated.push(existing.id);
        continue;
      }
      requireWithinLimit(actor.plan, "connections", count);
      let name = w.name.trim().slice(0, 50) || w.providerId;
      if (names.has(name)) name = `${name.slice(0, 42)} ${w.providerId.slice(-7)}`;
      names.add(name);
      const [row] = await tx.insert(whatsapps).values({
        companyId: actor.companyId,
        name,
        channel: w.kind,
        status,
        isDefault: !hasDefault,
        token: randomString(30),
        facebookUserId: input.facebookUserId,
        facebookPageUserId: w.page.id,
        instagramUserId: w.kind === "instagram" ? w.providerId : null,
        metaAccessToken: sealed,
      }).returning();
      hasDefault = true;
      count++;
      created.push(row.id);
    }
  });

  const connections: ConnectionDTO[] = [];
  for (const id of [...created, ...updated]) {
    const dto = await showConnection(deps, actor, id);
    connections.push(dto);
    deps.bus.emit("entity.changed", {
      companyId: actor.companyId,
      entity: "whatsapp",
      action: created.includes(id) ? "create" : "update",
      record: dto,
    });
  }
  return { connections, skipped };
}
