/**
 * "Transcribe" in the conversation: GET /messages/transcribeAudio says whether the company has a
 * transcription provider (the platform's audio key or one of its own prompts' OpenAI keys), and
 * GET /messages/transcribeAudio/{file} transcribes with it — also on a ticket no prompt handles —
 * against the local OpenAI-compatible server.
 */
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { messages } from "@db/schema.ts";
import { createTestApp } from "../_helpers/test_app.ts";
import { customerSays } from "../_helpers/inbox.ts";
import { expectError, expectOk } from "../_helpers/http.ts";
import { assertAllNeedAuth, createTenant, setCompanySetting, userOf } from "../_helpers/tenant.ts";
import { startProviders } from "./_providers.ts";

Deno.test("[integrations] transcription: available only with a provider; an attendant transcribes with the company's key", async (tt) => {
  const p = startProviders();
  const t = await createTestApp({ env: { OPENAI_API_URL: `${p.url}/v1` } });
  try {
    await assertAllNeedAuth(t, [["GET", "/api/messages/transcribeAudio"]]);
    const a = await createTenant(t, { webhook: null, user: false, queues: [{ name: "Vendas" }] });
    const b = await createTenant(t, { webhook: null, user: false });
    const attendant = await userOf(t, a.company.id, { profile: "user", queueIds: [a.queues[0].id] });
    const available = async (token: string) =>
      (await expectOk<{ available: boolean }>(await t.request("/api/messages/transcribeAudio", { token })))
        .available;

    const r = await customerSays(t, a.conn, "5511990000077", "", {
      media: { base64: btoa("OggS fake voice note"), mimetype: "audio/ogg", filename: "voz.ogg" },
    });
    const [audio] = await t.deps.db.select().from(messages)
      .where(and(eq(messages.ticketId, r.ticketId), eq(messages.mediaType, "audio")));
    const file = audio.mediaUrl!.split("/").pop()!;

    await tt.step("no provider: not available, and asking anyway is refused", async () => {
      assert.equal(await available(a.adminToken), false);
      await expectError(
        await t.request(`/api/messages/transcribeAudio/${file}`, { token: a.adminToken }),
        409,
        "ERR_NO_TRANSCRIPTION_PROVIDER",
      );
      assert.equal(p.hitsTo("/audio/transcriptions").length, 0);
    });

    await tt.step(
      "a prompt with the company's key: available to every attendant, transcribed with that key",
      async () => {
        await expectOk(
          await t.request("/api/prompt", {
            method: "POST",
            token: a.adminToken,
            json: { name: "IA", prompt: "Assistente.", apiKey: "sk-company-0009", queueId: a.queues[0].id },
          }),
          201,
        );
        assert.equal(await available(a.adminToken), true);
        assert.equal(await available(attendant.token), true);
        assert.equal(
          await available(b.adminToken),
          false,
          "another company's prompt is not this one's provider",
        );
        const tx = await expectOk<{ transcribedText: string }>(
          await t.request(`/api/messages/transcribeAudio/${file}`, { token: a.adminToken }),
        );
        assert.equal(tx.transcribedText, "quero saber o preço");
        assert.equal(
          p.hitsTo("/audio/transcriptions").at(-1)!.headers.get("authorization"),
          "Bearer sk-company-0009",
        );
      },
    );

    await tt.step("another company's attendant: 404, as for a missing file", async () => {
      await expectError(
        await t.request(`/api/messages/transcribeAudio/${file}`, { token: b.adminToken }),
        404,
        "ERR_NOT_FOUND",
      );
    });

    await tt.step(
      "the platform's audio key makes it available to every company, and is used first",
      async () => {
        const sealed = await t.deps.secrets.seal("sk-platform-0001");
        await setCompanySetting(t, 1, "openaikeyaudio", sealed);
        assert.equal(await available(b.adminToken), true);
        await expectOk(await t.request(`/api/messages/transcribeAudio/${file}`, { token: a.adminToken }));
        assert.equal(
          p.hitsTo("/audio/transcriptions").at(-1)!.headers.get("authorization"),
          "Bearer sk-platform-0001",
        );
      },
    );
  } finally {
    await t.close();
    await p.close();
  }
});
