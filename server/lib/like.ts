/** LIKE helpers: user input is matched literally, never as a pattern. */
import { type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

/** Escapes `%`, `_` and the escape character itself, so a search for "50%" means "50%". */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `column LIKE '%term%'` with the term taken literally (ASCII case-insensitive, as SQLite's LIKE). */
export const containsLike = (column: SQLiteColumn, term: string): SQL =>
  sql`${column} LIKE ${`%${escapeLike(term)}%`} ESCAPE '\\'`;
