import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { whatsapps } from "@db/schema.ts";
import { BOT, BOT_TOKEN, startTelegram } from "./_support.ts";
import { ALLOWED_UPDATES } from "@/channels/telegram/adapter.ts";

Deno.test("[telegram] adding a connection checks the token, registers the webhook, seals the secrets; deleting it deletes the webhook", async (tt) => {
  const k = await startTelegram();
  try {
    await tt.step("getMe then setWebhook with a random secret_token and the allowed updates", () => {
      const methods = k.tg.calls.map((c) => c.method);
      assert.deepEqual(methods, ["getMe", "setWebhook"]);
      const hook = k.tg.webhooks.get(BOT_TOKEN)!;
      assert.match(hook.url, new RegExp(`/api/webhooks/telegram/${k.connectionId}$`));
      assert.match(k.secret, /^[A-Za-z0-9_-]{32,256}$/);
      assert.deepEqual(hook.allowed_updates, ALLOWED_UPDATES);
    });
    await tt.step("the answer shows the bot's name and username, never the token or the secret", async () => {
      const res = await k.t.request(`/api/whatsapp/${k.connectionId}`, { token: k.admin.token });
      const dto = await res.json();
      assert.equal(dto.status, "CONNECTED");
      assert.deepEqual(dto.telegramBot, { id: BOT.id, username: BOT.username, name: BOT.first_name });
      const text = JSON.stringify(dto);
      assert.ok(!text.includes(BOT_TOKEN) && !text.includes(k.secret));
      assert.ok(!("telegramToken" in dto) && !("telegramSecret" in dto));
    });
    await tt.step("both secrets are sealed at rest", async () => {
      const [row] = await k.t.deps.db.select().from(whatsapps).where(eq(whatsapps.id, k.connectionId));
      assert.match(row.telegramToken!, /^enc:v1:/);
      assert.match(row.telegramSecret!, /^enc:v1:/);
      assert.equal(await k.t.deps.secrets.open(row.telegramToken!), BOT_TOKEN);
    });
    await tt.step("a token Telegram refuses is a validation error and nothing is stored", async () => {
      const res = await k.t.request("/api/whatsapp", {
        method: "POST",
        token: k.admin.token,
        json: {
          name: "Other bot",
          channel: "telegram",
          telegramToken: "987654321:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
        },
      });
      assert.equal(res.status, 400);
      const b = await res.json();
      assert.equal(b.error, "ERR_VALIDATION");
      assert.equal(b.details[0].path, "telegramToken");
      const rows = await k.t.deps.db.select().from(whatsapps).where(eq(whatsapps.name, "Other bot"));
      assert.equal(rows.length, 0);
    });
    await tt.step("deleting the connection calls deleteWebhook", async () => {
      const res = await k.t.request(`/api/whatsapp/${k.connectionId}`, {
        method: "DELETE",
        token: k.admin.token,
      });
      assert.equal(res.status, 204, await res.clone().text());
      await res.body?.cancel();
      assert.equal(k.tg.calls.at(-1)?.method, "deleteWebhook");
      assert.equal(k.tg.webhooks.has(BOT_TOKEN), false);
    });
  } finally {
    await k.close();
  }
});

Deno.test("[telegram] a token of another bot deletes the old bot's webhook before setting the new one; the same bot's token is just set again", async (tt) => {
  const k = await startTelegram();
  const OTHER = "987654321:BBHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw1";
  k.tg.bots.set(OTHER, { id: 987654321, first_name: "Loja Nova", username: "loja_nova_bot" });
  const put = async (telegramToken: string) => {
    const res = await k.t.request(`/api/whatsapp/${k.connectionId}`, {
      method: "PUT",
      token: k.admin.token,
      json: { telegramToken },
    });
    assert.equal(res.status, 200, await res.clone().text());
    return await res.json();
  };
  try {
    await tt.step("the same bot: getMe and setWebhook again, no deleteWebhook", async () => {
      const from = k.tg.calls.length;
      await put(BOT_TOKEN);
      assert.deepEqual(k.tg.calls.slice(from).map((c) => c.method), ["getMe", "setWebhook"]);
      assert.ok(k.tg.webhooks.has(BOT_TOKEN));
    });
    await tt.step("another bot: the old token's deleteWebhook, then the new token's setWebhook", async () => {
      await k.t.deps.database.write((tx) =>
        tx.update(whatsapps).set({ telegramOffset: 42 }).where(eq(whatsapps.id, k.connectionId))
      );
      const from = k.tg.calls.length;
      const dto = await put(OTHER);
      const calls = k.tg.calls.slice(from).map((c) => [c.token === BOT_TOKEN ? "old" : "new", c.method]);
      assert.deepEqual(calls, [["new", "getMe"], ["old", "deleteWebhook"], ["new", "setWebhook"]]);
      assert.equal(k.tg.webhooks.has(BOT_TOKEN), false);
      assert.match(k.tg.webhooks.get(OTHER)!.url, new RegExp(`/api/webhooks/telegram/${k.connectionId}$`));
      assert.equal(dto.telegramBot.username, "loja_nova_bot");
      assert.equal(dto.status, "CONNECTED");
      const [row] = await k.t.deps.db.select().from(whatsapps).where(eq(whatsapps.id, k.connectionId));
      assert.equal(row.telegramOffset, null, "the old bot's polling offset is forgotten");
    });
  } finally {
    await k.close();
  }
});
