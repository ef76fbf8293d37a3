/**
 * "Transcribe" on a customer's voice note: hidden while the company has no transcription
 * provider; with one (a prompt holding the company's OpenAI key, served by the local
 * OpenAI-compatible server) the attendant clicks it and reads the text under the audio; when the
 * provider is gone meanwhile, the server's refusal is a translated toast.
 */
import { expect } from "expect";
import { eq } from "drizzle-orm";
import { prompts } from "@db/schema.ts";
import { type Providers, startProviders } from "../integrations/_providers.ts";
import { atWidth, browserTest, expectCount, expectToast, shot, signIn, WIDTHS } from "./_browser.ts";
import { attendant, setupInbox } from "./_inbox.ts";

let providers: Providers | null = null;

browserTest(
  "[e2e] transcribe a voice note: only with a provider, the text under the audio, a refusal as a toast",
  async ({ server, newPage }) => {
    const inbox = await setupInbox(server, { queues: [{ name: "Sales", color: "#2563eb" }] });
    const ana = await attendant(server, inbox, { name: "Ana Lima", queueIds: [inbox.queues[0].id] });
    try {
      const res = await server.request("/api/channels/api/messages", {
        method: "POST",
        headers: { authorization: `Bearer ${inbox.connToken}` },
        json: {
          externalId: "e2e-voice-1",
          from: { number: "5511987654321", name: "Maria" },
          body: "",
          media: { base64: btoa("OggS fake voice note"), mimetype: "audio/ogg", filename: "voz.ogg" },
        },
      });
      expect(res.status).toBe(200);
      const { ticketId, messageId } = await res.json();

      const { page } = await newPage();
      await signIn(page, ana);
      await page.goto(`/tickets/${ticketId}`);
      const list = page.getByTestId("message-list");
      await list.getByRole("button", { name: "Play", exact: true }).waitFor();
      await expectCount(page.getByTestId(`transcribe-${messageId}`), 0);

      // The company's admin saves an OpenAI prompt: its key is the company's transcription provider.
      const created = await server.request("/api/prompt", {
        method: "POST",
        token: inbox.adminToken,
        json: { name: "IA", prompt: "Assistente.", apiKey: "sk-e2e-0001", queueId: inbox.queues[0].id },
      });
      expect(created.status).toBe(201);
      await page.reload();
      const button = page.getByTestId(`transcribe-${messageId}`);
      await button.waitFor();
      await button.click();
      const transcript = page.getByTestId(`transcript-${messageId}`);
      await transcript.getByText("quero saber o preço").waitFor();
      await expectCount(button, 0);
      expect(providers!.hitsTo("/audio/transcriptions").at(-1)!.headers.get("authorization")).toBe(
        "Bearer sk-e2e-0001",
      );
      for (const width of WIDTHS) {
        await atWidth(page, width);
        await transcript.scrollIntoViewIfNeeded();
        await shot(page, `transcribe_${width}`);
      }

      // The provider is removed while the screen still offers the action: the server says why.
      // The screen's knowledge is frozen as it was when it loaded: any refetch (a socket reconnect
      // refetches every query, which a busy machine can cause) would otherwise learn of the removal
      // and hide the button before the click — correct, but not the path under test.
      await page.route(
        /\/api\/messages\/transcribeAudio$/,
        (route) => route.fulfill({ json: { available: true } }),
      );
      await atWidth(page, 1440);
      await page.reload();
      await button.waitFor();
      await server.deps.database.write((tx) =>
        tx.update(prompts).set({ apiKey: null }).where(eq(prompts.companyId, inbox.companyId))
      );
      await button.click();
      await expectToast(page, "No transcription provider is set up");
      await expectCount(transcript, 0);
      await shot(page, "transcribe_refused_1440");
    } finally {
      await inbox.sink.close();
      await providers?.close();
    }
  },
  () => {
    providers = startProviders();
    return { env: { OPENAI_API_URL: `${providers.url}/v1` } };
  },
);
