/** The Drizzle handles' types, apart from client.ts so that prepared.ts and client.ts do not import each other. */
import type { LibSQLDatabase } from "drizzle-orm/libsql";
import type * as schema from "./schema.ts";

export type Db = LibSQLDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
