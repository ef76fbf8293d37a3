/** To-do tasks: every query is scoped to the actor's company and to the actor himself. */
import { and, asc, count, eq } from "drizzle-orm";
import { todos } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import type { Actor } from "../lib/context.ts";
import { AppError, notFound } from "../lib/errors.ts";

/** A list, not an archive: this many tasks per user at most. */
export const MAX_TODOS = 500;

const mine = (actor: Actor) => and(eq(todos.companyId, actor.companyId), eq(todos.userId, actor.userId));

export const listTodos = (deps: Deps, actor: Actor) =>
  deps.db.select().from(todos).where(mine(actor)).orderBy(
    asc(todos.done),
    asc(todos.createdAt),
    asc(todos.id),
  );

export async function createTodo(deps: Deps, actor: Actor, text: string) {
  return await deps.database.write(async (tx) => {
    const [{ n }] = await tx.select({ n: count() }).from(todos).where(mine(actor));
    if (n >= MAX_TODOS) {
      throw new AppError("ERR_VALIDATION", { details: [{ path: "text", message: "too many tasks" }] });
    }
    const [row] = await tx.insert(todos).values({ companyId: actor.companyId, userId: actor.userId, text })
      .returning();
    return row;
  });
}

export async function updateTodo(
  deps: Deps,
  actor: Actor,
  id: number,
  input: { text?: string; done?: boolean },
) {
  const [row] = await deps.database.write((tx) =>
    tx.update(todos).set({ ...input, updatedAt: new Date().toISOString() })
      .where(and(mine(actor), eq(todos.id, id))).returning()
  );
  if (!row) throw notFound("todo");
  return row;
}

export async function deleteTodo(deps: Deps, actor: Actor, id: number) {
  const gone = await deps.database.write((tx) =>
    tx.delete(todos).where(and(mine(actor), eq(todos.id, id))).returning({ id: todos.id })
  );
  if (!gone.length) throw notFound("todo");
}
