import { expect } from "expect";
import { createCompany } from "../_helpers/factories.ts";
import { waitUntil } from "../_helpers/watchdog.ts";
import { browserTest, expectToast, expectToastThenReload, screenshot, signIn } from "./_browser.ts";

browserTest("[e2e] login, return to the origin, public redirect and logout", async ({ server, newPage }) => {
  const { admin } = await createCompany(server, { name: "Acme Session" });
  const { page } = await newPage();

  // A private page sends the visitor to /login and back there after signing in.
  await page.goto("/users");
  await page.waitForURL("**/login");
  await page.getByTestId("login-form").waitFor();
  await screenshot(page, "login");

  // Wrong password: the translated error code, no session.
  await page.locator("#login-email").fill(admin.email.toUpperCase());
  await page.locator("#login-password").fill("wrong-password");
  await page.getByTestId("login-submit").click();
  await expectToast(page, "Authentication error");
  expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();

  // E-mail typed in capitals is lower-cased before sending.
  await page.locator("#login-password").fill(admin.password);
  await page.getByTestId("login-submit").click();
  await page.waitForURL("**/users");
  await page.getByTestId("users-page").waitFor();
  expect(await page.evaluate(() => localStorage.getItem("token"))).toBeTruthy();
  await page.getByTestId("greeting").filter({ hasText: "Acme Session" }).waitFor();

  // A public page sends a signed-in user to /.
  await page.goto("/login");
  await page.waitForURL((u) => u.pathname === "/");
  await page.getByTestId("dashboard").waitFor();

  // Logout calls the server, clears the token and returns to /login.
  await page.getByTestId("user-menu-trigger").click();
  await page.getByTestId("menu-logout").click();
  await page.waitForURL("**/login");
  expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
  await page.goto("/settings");
  await page.waitForURL("**/login");
});

browserTest(
  "[e2e] the session survives a reload and a default login lands on /tickets",
  async ({ server, newPage }) => {
    const { admin } = await createCompany(server);
    const { page } = await newPage();
    await signIn(page, admin);
    await page.waitForURL("**/tickets");
    await page.getByTestId("page-tickets").waitFor();
    await page.reload();
    await page.getByTestId("page-tickets").waitFor();
    const version = await page.getByTestId("version-footer").textContent();
    expect(version).toMatch(/\d+\.\d+\.\d+/);
    expect(await page.evaluate(() => localStorage.getItem("frontendVersion"))).toBeTruthy();
  },
);

browserTest(
  "[e2e] password reset and signup screens validate as the spec says",
  async ({ server, newPage }) => {
    await createCompany(server);
    const { page } = await newPage({ locale: "es-ES" });

    await page.goto("/forgetpsw");
    await page.getByTestId("forget-send").click();
    await page.getByText("Requerido").waitFor();
    await page.locator("#fp-email").fill("nobody-here@example.com");
    await page.getByTestId("forget-send").click();
    // No account oracle: an unknown address gets the same answer as a known one (the spec's 404 toast,
    // 'Correo electrónico no encontrado', would tell anyone which e-mails have an account).
    await expectToast(page, "Correo electrónico enviado correctamente");
    await page.getByTestId("forget-step-2").waitFor();

    await page.goto("/signup");
    await page.getByTestId("signup-form").waitFor();
    await page.locator("#su-name").fill("A");
    await page.locator("#su-email").fill("not-an-email");
    await page.getByTestId("signup-submit").click();
    await page.getByText("¡Muy corto!").waitFor();
    await page.getByText("Dirección de correo electrónico no válida").waitFor();
    // Only plan 1 is offered.
    await page.locator("#su-plan").filter({ hasText: /\S/ }).waitFor();

    // Password strength meter: score 5 is strong.
    await page.goto("/login");
    await page.locator("#login-password").fill("abc");
    expect(await page.getByTestId("password-strength").getAttribute("data-strength")).toBe("weak");
    await page.locator("#login-password").fill("Abcdefg1");
    expect(await page.getByTestId("password-strength").getAttribute("data-strength")).toBe("medium");
    await page.locator("#login-password").fill("Abcdefg1!");
    expect(await page.getByTestId("password-strength").getAttribute("data-strength")).toBe("strong");
  },
);

browserTest("[e2e] a login elsewhere signs this browser out with the notice", async ({ server, newPage }) => {
  const { admin } = await createCompany(server);
  const { page } = await newPage({ locale: "es-ES" });
  await signIn(page, admin);
  // Wait until the page's socket is registered: the notice comes over it.
  await waitUntil("the page's socket is registered", () => server.deps.hub.size === 1);

  // The notice shows for a second before the page reloads; under load a poll can miss that
  // second, so the toast is recorded as it appears (expectToastThenReload).
  let other!: Awaited<ReturnType<typeof newPage>>;
  await expectToastThenReload(page, "Se ha accedido a tu cuenta desde otro ordenador.", async () => {
    other = await newPage();
    await signIn(other.page, admin);
  });
  await page.waitForURL("**/login");
  expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
  // The new session is untouched.
  await other.page.reload();
  await other.page.getByTestId("side-nav").waitFor();
});
