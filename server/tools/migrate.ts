/**
 * Applies the database migrations and exits: the release step of a fleet (fly.toml's
 * release_command), run once before new instances start, so instances never race each other
 * through a migration. With an embedded replica configured it migrates the primary itself.
 */
import { loadConfig } from "../config.ts";
import { openDatabase } from "@db/client.ts";

const config = await loadConfig();
const url = config.databaseSyncUrl ?? config.databaseUrl;
const database = await openDatabase(url, { authToken: config.databaseAuthToken });
database.close();
console.log(`migrated ${url.replace(/\/\/[^@/]*@/, "//")}`);
