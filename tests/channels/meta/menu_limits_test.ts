/**
 * A bot menu at Meta's limits: what goes out native is accepted by the local Graph server's
 * checks of those limits (_graph_choices.ts), and one option past a limit (or cut titles that
 * would collide) falls back to the numbered text (null here).
 */
import assert from "node:assert/strict";
import { cloudMenu, type MenuData, messengerMenu } from "@/messages/menu.ts";
import { checkChoices } from "./_graph_choices.ts";

const menu = (style: MenuData["style"], n: number, title = (i: number) => `Opção ${i}`): MenuData => ({
  style,
  header: "Escolha:",
  options: Array.from({ length: n }, (_, i) => ({ id: `chatbot:${i + 1}`, title: title(i + 1) })),
  footer: ["*[ Sair ]* - Encerrar atendimento"],
});

const cloud = (m: MenuData) => {
  const i = cloudMenu(m);
  return i && { i, check: checkChoices({ type: "interactive", interactive: i }) };
};
const messenger = (m: MenuData) => {
  const message = messengerMenu(m);
  return message && { message, check: checkChoices({ message }) };
};

Deno.test("[meta] reply buttons: up to 3, titles cut to 20; a 4th option or colliding cut titles → text", () => {
  const three = cloud(menu("button", 3, (i) => `${i}º nome bem comprido de opção`))!;
  assert.equal(three.check?.problem, null);
  const titles = (three.i.action as { buttons: { reply: { title: string } }[] }).buttons.map((b) =>
    b.reply.title
  );
  assert.ok(titles.every((t) => [...t].length <= 20), titles.join());
  assert.equal(cloud(menu("button", 4)), null);
  assert.equal(cloud(menu("button", 2, () => "O mesmo começo de nome, fim A")), null, "cut titles collide");
});

Deno.test("[meta] lists: up to 10 rows in one section, titles cut to 24; an 11th option → text", () => {
  const ten = cloud(menu("list", 10, (i) => `Assunto de atendimento número ${i}`))!;
  assert.equal(ten.check?.problem, null);
  assert.equal((ten.i.action as { sections: unknown[] }).sections.length, 1);
  assert.equal(cloud(menu("list", 11)), null);
});

Deno.test("[meta] quick replies (Messenger, Instagram): up to 13, titles cut to 20; a 14th → text", () => {
  const thirteen = messenger(menu("list", 13, (i) => `${i}º nome bem comprido de opção`))!;
  assert.equal(thirteen.check?.problem, null);
  assert.equal((thirteen.message.quick_replies as unknown[]).length, 13);
  assert.equal(messenger(menu("button", 14)), null);
});

Deno.test("[meta] the local Graph server refuses what Meta refuses", () => {
  const fourButtons = {
    type: "button",
    body: { text: "x" },
    action: {
      buttons: [1, 2, 3, 4].map((n) => ({ type: "reply", reply: { id: `b${n}`, title: `B${n}` } })),
    },
  };
  assert.match(checkChoices({ type: "interactive", interactive: fourButtons })!.problem!, /1 to 3/);
  const longRow = {
    type: "list",
    body: { text: "x" },
    action: { button: "Ver", sections: [{ rows: [{ id: "r", title: "x".repeat(25) }] }] },
  };
  assert.match(checkChoices({ type: "interactive", interactive: longRow })!.problem!, /24/);
});
