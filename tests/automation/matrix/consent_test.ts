/**
 * The interaction matrix, row "LGPD consent": what wins when the consent question meets a flow, a
 * bot, a rating, the timers, an attendant and a scheduled message. (× out of hours is in
 * hours_test.ts; × campaign confirmation and × chatbot tree are tested in their own suites, see the
 * table in ARCHITECTURE.md.)
 */
import assert from "node:assert/strict";
import { LGPD_QUESTION } from "@/automation/steps/lgpd.ts";
import { LGPD, welcomeQuestionFlow, world } from "./_world.ts";

const asked = (bodies: string[]) => bodies.filter((b) => b.endsWith(LGPD_QUESTION)).length;

Deno.test("[matrix] LGPD consent × flow: the welcome flow greets right after the consent, not before it", async () => {
  const x = await world({ settings: LGPD });
  try {
    await welcomeQuestionFlow(x);
    const num = "5511966660001";
    const r = await x.says(num, "oi");
    assert.equal(asked(await x.bodies(r.ticketId)), 1);
    assert.equal((await x.ticket(r.ticketId)).flowStopped, null, "no flow before the consent");
    await x.says(num, "1");
    const bodies = await x.bodies(r.ticketId);
    assert.deepEqual(
      bodies.slice(1),
      ["Bem-vindo ao fluxo!", "Qual é o seu nome?"],
      '"1" is no answer to the flow',
    );
    await x.says(num, "Ana");
    assert.equal((await x.bodies(r.ticketId)).at(-1), "Obrigado, Ana.");
  } finally {
    await x.close();
  }
});
