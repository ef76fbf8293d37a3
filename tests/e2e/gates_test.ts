/**
 * Plan-gated and operator-only pages answer as the spec says (spec 2 §2, spec 3 §8): the error
 * toast ("…Le estamos redirigiendo.") and, one second later, the dashboard at /.
 */
import { createCompany } from "../_helpers/factories.ts";
import { atWidth, browserTest, expectRecordedToast, recordToasts, screenshot, signIn } from "./_browser.ts";

const PLAN_ES = "Esta empresa no tiene permiso para acceder a esta página. Le estamos redirigiendo.";

browserTest(
  "[e2e] gates: a plan without the feature and a non-operator are sent to / with the toast",
  async ({ server, newPage }, t) => {
    const { admin } = await createCompany(server, {
      plan: { useCampaigns: false, useOpenAi: false, useKanban: false },
    });

    await t.step("plan gates (campaigns, prompts, kanban): the spec's toast, then /", async () => {
      const { page } = await newPage({ locale: "es-ES" });
      await recordToasts(page);
      await signIn(page, admin);
      for (const path of ["/campaigns", "/prompts", "/kanban"]) {
        await page.goto(path);
        await page.getByTestId("plan-forbidden").waitFor();
        await expectRecordedToast(page, PLAN_ES);
        await page.waitForURL((u) => u.pathname === "/");
      }
    });

    await t.step("operator pages (companies, receipts, announcements): toast, then /", async () => {
      const { page } = await newPage();
      await recordToasts(page);
      await signIn(page, admin);
      for (const [i, path] of ["/companies", "/recipts", "/announcements"].entries()) {
        await atWidth(page, [1440, 1280, 390][i]);
        await page.goto(path);
        await page.getByTestId("forbidden").waitFor();
        await expectRecordedToast(
          page,
          "This page is for the platform operator only. We are redirecting you.",
        );
        await screenshot(page, `gate_operator_${[1440, 1280, 390][i]}`);
        await page.waitForURL((u) => u.pathname === "/");
      }
    });
  },
);
