/** To-do list: kept on the server, so the tasks follow the user into another browser. */
import { createCompany, createUser } from "../_helpers/factories.ts";
import { browserTest, screenshot, signIn } from "./_browser.ts";

browserTest("[e2e] todolist: tasks follow the user across browsers", async ({ server, newPage }) => {
  const { company } = await createCompany(server, { name: "Acme" });
  const ana = await createUser(server, company.id, { name: "Ana" });
  const first = await newPage();
  await signIn(first.page, ana);
  await first.page.getByTestId("nav-todolist").click();
  for (const task of ["Call Maria back", "Send the invoice"]) {
    await first.page.getByTestId("todo-input").fill(task);
    await first.page.getByTestId("todo-add").click();
    await first.page.getByTestId("todo-list").getByText(task).waitFor();
  }
  // Blank text is ignored.
  await first.page.getByTestId("todo-input").fill("   ");
  await first.page.getByTestId("todo-add").click();
  const item = first.page.locator('[data-testid="todo-list"] > li').filter({ hasText: "Send the invoice" });
  await item.locator('[data-testid^="todo-edit-"]').click();
  await first.page.getByTestId("todo-edit-input").fill("Send the March invoice");
  await first.page.getByTestId("todo-save").click();
  await first.page.getByTestId("todo-list").getByText("Send the March invoice").waitFor();
  await first.page.locator('[data-testid^="todo-done-"]').first().click();
  await first.page.locator(".line-through").first().waitFor();
  await screenshot(first.page, "todo_1440");

  const second = await newPage();
  await signIn(second.page, ana);
  await second.page.goto("/todolist");
  await second.page.getByTestId("todo-list").getByText("Send the March invoice").waitFor();
  await second.page.getByTestId("todo-list").getByText("Call Maria back").waitFor();
  await second.page.setViewportSize({ width: 1280, height: 800 });
  await screenshot(second.page, "todo_1280");
  await second.page.setViewportSize({ width: 390, height: 844 });
  await screenshot(second.page, "todo_390");
});
