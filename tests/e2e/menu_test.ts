import { expect } from "expect";
import { createCompany, createUser } from "../_helpers/factories.ts";
import { OPERATOR } from "../_helpers/test_app.ts";
import { browserTest, menuKeys, signIn } from "./_browser.ts";

const ALL_PLAN = {
  useCampaigns: true,
  useSchedules: true,
  useInternalChat: true,
  useExternalApi: true,
  useKanban: true,
  useOpenAi: true,
  useIntegrations: true,
};
const NO_PLAN = Object.fromEntries(Object.keys(ALL_PLAN).map((k) => [k, false]));

const MAIN_FULL = [
  "management",
  "dashboard",
  "reports",
  "moments",
  "tickets",
  "quickMessages",
  "kanban",
  "contacts",
  "schedules",
  "tags",
  "chats",
  "todolist",
];
const ADMIN_FULL = [
  "campaigns",
  "campaignsList",
  "contactLists",
  "campaignsConfig",
  "flowbuilder",
  "phraseLists",
  "flowbuilders",
  "messagesApi",
  "users",
  "queues",
  "prompts",
  "queueIntegration",
  "connections",
  "files",
  "financeiro",
  "settings",
  "auditLog",
  "developers",
];
const PLAN_GATED = [
  "kanban",
  "schedules",
  "chats",
  "campaigns",
  "campaignsList",
  "contactLists",
  "campaignsConfig",
  "messagesApi",
  "prompts",
  "queueIntegration",
];
const SUPER_ONLY = ["announcements", "allConnections", "companies", "recipts"];

browserTest("[e2e] menu: admin sees every tenant item its plan allows", async ({ server, newPage }, t) => {
  await t.step("admin, full plan", async () => {
    const { admin } = await createCompany(server, { plan: ALL_PLAN });
    const { page } = await newPage();
    await signIn(page, admin);
    expect(await menuKeys(page)).toEqual([...MAIN_FULL, ...ADMIN_FULL]);
    expect(await page.getByTestId("token-badge").count()).toBe(0);
    await page.getByTestId("due-date").waitFor();
  });

  await t.step("admin, plan without optional features", async () => {
    const { admin } = await createCompany(server, { plan: NO_PLAN });
    const { page } = await newPage();
    await signIn(page, admin);
    const expected = [...MAIN_FULL, ...ADMIN_FULL].filter((k) => !PLAN_GATED.includes(k));
    expect(await menuKeys(page)).toEqual(expected);
    // The route of a plan-gated item shows the plan view.
    await page.goto("/kanban");
    await page.getByTestId("plan-forbidden").waitFor();
  });
});

browserTest(
  "[e2e] menu: profile user flags decide Management and Administration",
  async ({ server, newPage }, t) => {
    const { company } = await createCompany(server, { plan: ALL_PLAN });

    await t.step("user with every flag enabled", async () => {
      const u = await createUser(server, company.id, { profile: "user" });
      const { page } = await newPage();
      await signIn(page, u);
      expect(await menuKeys(page)).toEqual([...MAIN_FULL, "connections"]);
      await page.getByTestId("greeting").waitFor();
      expect(await page.getByTestId("due-date").count()).toBe(0);
      await page.goto("/users");
      await page.getByTestId("forbidden").waitFor();
    });

    await t.step("user with only the real-time panel", async () => {
      const u = await createUser(server, company.id, {
        profile: "user",
        showDashboard: "disabled",
        allowRealTime: "enabled",
        allowConnections: "disabled",
      });
      const { page } = await newPage();
      await signIn(page, u);
      expect(await menuKeys(page)).toEqual(["management", "moments", ...MAIN_FULL.slice(4)]);
    });

    await t.step("user without dashboard, real time or connections", async () => {
      const u = await createUser(server, company.id, {
        profile: "user",
        showDashboard: "disabled",
        allowRealTime: "disabled",
        allowConnections: "disabled",
      });
      const { page } = await newPage();
      await signIn(page, u);
      expect(await menuKeys(page)).toEqual(MAIN_FULL.slice(4));
      // The dashboard route shows the access-denied view with a way back to /tickets.
      await page.goto("/");
      await page.getByTestId("access-denied").waitFor();
      await page.getByText("Oops! Access denied!").waitFor();
      await page.getByRole("link", { name: "Back to tickets" }).click();
      await page.waitForURL("**/tickets");
    });
  },
);

browserTest(
  "[e2e] menu: the operator sees platform items, the token badge and a collapsed menu",
  async ({ server, newPage }) => {
    const { page } = await newPage();
    await signIn(page, OPERATOR);
    const keys = await menuKeys(page);
    for (const k of SUPER_ONLY) expect(keys).toContain(k);
    await page.getByTestId("token-badge").waitFor();

    // A user whose defaultMenu is closed starts with the drawer collapsed, without the version footer.
    const { company } = await createCompany(server);
    const u = await createUser(server, company.id, { profile: "admin", defaultMenu: "closed" });
    const second = await newPage();
    await signIn(second.page, u);
    expect(await second.page.getByTestId("side-nav").getAttribute("data-collapsed")).toBe("true");
    expect(await second.page.getByTestId("version-footer").count()).toBe(0);
    await second.page.getByTestId("menu-toggle").click();
    expect(await second.page.getByTestId("side-nav").getAttribute("data-collapsed")).toBe("false");
    await second.page.getByTestId("version-footer").waitFor();
    for (const k of SUPER_ONLY) expect(await menuKeys(second.page)).not.toContain(k);
  },
);
