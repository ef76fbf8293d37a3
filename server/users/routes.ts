/** /api/users — thin handlers: validate, call the service, answer. */
import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";
import { formFile, idParam, validate } from "../lib/validate.ts";
import { createUserInput, listUsersQuery, updateUserInput, widthInput } from "./schemas.ts";
import * as users from "./service.ts";

export const usersRoutes = new Hono<AppEnv>()
  .get("/", validate("query", listUsersQuery), async (c) => {
    return c.json(await users.listUsers(c.var.deps, c.var.actor, c.req.valid("query")));
  })
  .get("/list", async (c) => c.json(await users.listAllUsers(c.var.deps, c.var.actor)))
  .put("/toggleChangeWidht/:id", validate("json", widthInput), async (c) => {
    const { defaultTicketsManagerWidth } = c.req.valid("json");
    return c.json(
      await users.setTicketsWidth(
        c.var.deps,
        c.var.actor,
        idParam(c.req.param("id")),
        defaultTicketsManagerWidth,
      ),
    );
  })
  .get("/:id", async (c) => c.json(await users.showUser(c.var.deps, c.var.actor, idParam(c.req.param("id")))))
  .post("/", validate("json", createUserInput), async (c) => {
    return c.json(await users.createUser(c.var.deps, c.var.actor, c.req.valid("json")), 201);
  })
  .put("/:id", validate("json", updateUserInput), async (c) => {
    return c.json(
      await users.updateUser(c.var.deps, c.var.actor, idParam(c.req.param("id")), c.req.valid("json")),
    );
  })
  .delete("/:id", async (c) => {
    await users.deleteUser(c.var.deps, c.var.actor, idParam(c.req.param("id")));
    return c.body(null, 204);
  })
  .post("/:id/media-upload", async (c) => {
    const file = await formFile(c, "profileImage");
    return c.json(await users.uploadProfileImage(c.var.deps, c.var.actor, idParam(c.req.param("id")), file));
  });
