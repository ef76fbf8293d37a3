/** The typed request context every route sees. */
import type { Deps } from "../deps.ts";
import type { Actor } from "./actor.ts";

export type { Actor, CompanyRow, PlanRow, UserRow } from "./actor.ts";
export { viewerOf } from "./actor.ts";

export type AppEnv = {
  Variables: {
    deps: Deps;
    actor: Actor;
    requestId: string;
  };
};
