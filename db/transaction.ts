/**
 * One interactive transaction on the driver's writer (db/driver.ts): statements run on the writer
 * while it holds the write lock; commit, rollback or close hand the writer on exactly once, and a
 * failed COMMIT is rolled back first so the next transaction never starts inside this one.
 */
import { LibsqlError } from "@libsql/client";
import type { InArgs, InStatement, Transaction } from "@libsql/client";
import { type Connection, normalize } from "./connection.ts";

export function openTransaction(writer: Connection, release: () => void): Transaction {
  let done = false;
  const settle = () => {
    if (!done) {
      done = true;
      release();
    }
  };
  const check = () => {
    if (done || !writer.inTransaction) {
      throw new LibsqlError("The transaction is closed", "TRANSACTION_CLOSED");
    }
  };
  const tx = {
    get closed() {
      return done || !writer.inTransaction;
    },
    execute(stmt: InStatement, args?: InArgs) {
      try {
        check();
        return Promise.resolve(writer.execute(typeof stmt === "string" ? { sql: stmt, args } : stmt));
      } catch (e) {
        return Promise.reject(e);
      }
    },
    batch(stmts: Array<InStatement | [string, InArgs?]>) {
      try {
        check();
        return Promise.resolve(stmts.map((s) => writer.execute(normalize(s))));
      } catch (e) {
        return Promise.reject(e);
      }
    },
    executeMultiple(sql: string) {
      try {
        check();
        writer.exec(sql);
        return Promise.resolve();
      } catch (e) {
        return Promise.reject(e);
      }
    },
    commit() {
      try {
        check();
        writer.exec("COMMIT");
        return Promise.resolve();
      } catch (e) {
        // Never hand the writer on mid-transaction.
        if (writer.inTransaction) {
          try {
            writer.exec("ROLLBACK");
          } catch { /* reported below */ }
        }
        return Promise.reject(e);
      } finally {
        settle();
      }
    },
    rollback() {
      try {
        if (!done && writer.inTransaction) writer.exec("ROLLBACK");
        return Promise.resolve();
      } catch (e) {
        return Promise.reject(e);
      } finally {
        settle();
      }
    },
    close() {
      try {
        if (!done && writer.inTransaction) writer.exec("ROLLBACK");
      } finally {
        settle();
      }
    },
  };
  return tx as unknown as Transaction;
}
