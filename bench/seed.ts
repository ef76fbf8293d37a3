/**
 * Builds the large company for the inbox benchmarks in its own database file:
 * 200,000 tickets, 5,000,000 messages, 100,000 contacts, 20 queues, 50 users.
 *
 *   deno task bench:seed            (DATA_DIR defaults to /tmp/atende-bench-large)
 *
 * The schema comes from the production migrations (openDatabase); the bulk rows are raw multi-row
 * INSERTs (500 rows each) in a few big transactions, with the secondary indexes and FTS triggers
 * of messages/tickets/contacts dropped during the load and recreated from their own definitions
 * afterwards, then `INSERT INTO messages_fts(messages_fts) VALUES('rebuild')`. A finished seed
 * writes `bench-seed.json` next to the database; a second run with that file present does
 * nothing, and a run that finds a database without it (an interrupted seed) starts over.
 */
import { openDatabase } from "@db/client.ts";
import { seedFirstRun } from "@db/seed.ts";
import {
  companies,
  plans,
  queues,
  settings,
  userQueues,
  users,
  whatsappQueues,
  whatsapps,
} from "@db/schema.ts";
import { hashPassword, randomString } from "@/lib/crypto.ts";
import { companyDefaults } from "@/settings/registry.ts";
import { BENCH_ADMIN_EMAIL, BENCH_PASSWORD, LARGE_DIR, rng } from "./_lib.ts";
import { bodyMaker, FIRST_NAMES, LAST_NAMES } from "./_words.ts";

export type SeedInfo = {
  companyId: number;
  counts: { tickets: number; messages: number; contacts: number; queues: number; users: number };
  adminEmail: string;
  userEmail: string;
  userQueueIds: number[];
  queueIds: number[];
  apiToken: string;
  whatsappIds: number[];
  seconds: number;
  seededAt: string;
};

const N_TICKETS = Number(Deno.env.get("SEED_TICKETS") ?? 200_000);
const N_MESSAGES = Number(Deno.env.get("SEED_MESSAGES") ?? 5_000_000);
const N_CONTACTS = Number(Deno.env.get("SEED_CONTACTS") ?? 100_000);
const N_QUEUES = 20;
const N_USERS = 50;
const N_ADMINS = 5;
const N_OPEN = 3_000;
const N_PENDING = 2_000;
const ROWS_PER_INSERT = 500;
const COMPANY_NAME = "Bench Large";

const dataDir = Deno.env.get("DATA_DIR") ?? LARGE_DIR;
const dbPath = `${dataDir}/atende.db`;
const markerPath = `${dataDir}/bench-seed.json`;

export async function readSeedInfo(dir = LARGE_DIR): Promise<SeedInfo | null> {
  try {
    return JSON.parse(await Deno.readTextFile(`${dir}/bench-seed.json`)) as SeedInfo;
  } catch {
    return null;
  }
}

const q = (s: string | null | undefined) => s == null ? "NULL" : `'${s.replaceAll("'", "''")}'`;
const iso = (t: number) => new Date(t).toISOString();

async function main() {
  const existing = await readSeedInfo(dataDir);
  if (existing) {
    console.log(`Already seeded (${markerPath}, ${existing.seededAt}); nothing to do.`);
    return;
  }
  await Deno.mkdir(dataDir, { recursive: true });
  for (const f of ["atende.db", "atende.db-wal", "atende.db-shm"]) {
    await Deno.remove(`${dataDir}/${f}`).catch(() => undefined);
  }
  const t0 = performance.now();
  const lap = (what: string) => console.log(`  ${((performance.now() - t0) / 1000).toFixed(1)} s  ${what}`);

  const database = await openDatabase(`file:${dbPath}`);
  const { client } = database;
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  await seedFirstRun(database, {
    adminEmail: BENCH_ADMIN_EMAIL,
    adminPassword: BENCH_PASSWORD,
    hashPassword: () => Promise.resolve(passwordHash),
    randomPassword: () => randomString(16),
    companyDefaults: companyDefaults(),
  });
  lap("migrated, operator seeded");

  const rand = rng(20261122);
  const pickOf = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)];

  // --- the company, its queues, users and connections (through drizzle, like production) ---
  const small = await database.write(async (tx) => {
    const [plan] = await tx.insert(plans).values({
      name: "Bench Large plan",
      users: 100,
      connections: 10,
      queues: 50,
    })
      .returning();
    const [company] = await tx.insert(companies).values({
      name: COMPANY_NAME,
      planId: plan.id,
      dueDate: "2099-12-31",
      timezone: "America/Sao_Paulo",
    }).returning();
    await tx.insert(settings).values(
      Object.entries(companyDefaults()).map(([key, value]) => ({ companyId: company.id, key, value })),
    );
    const qs = await tx.insert(queues).values(
      Array.from({ length: N_QUEUES }, (_, i) => ({
        companyId: company.id,
        name: `Fila ${i + 1}`,
        color: `#${(0x103050 + i * 0x0a0b0c).toString(16).slice(-6)}`,
        orderQueue: i + 1,
      })),
    ).returning();
    const us = await tx.insert(users).values(
      Array.from({ length: N_USERS }, (_, i) => ({
        companyId: company.id,
        name: `${FIRST_NAMES[i % FIRST_NAMES.length]} ${LAST_NAMES[(i * 7) % LAST_NAMES.length]}`,
        email: `large-${i < N_ADMINS ? "admin" : "user"}-${i}@bench.local`,
        passwordHash,
        profile: i < N_ADMINS ? "admin" as const : "user" as const,
        allTicket: "disabled" as const,
        allUserChat: "disabled" as const,
      })),
    ).returning();
    const memberships: { userId: number; queueIds: number[] }[] = us.map((u, i) => ({
      userId: u.id,
      queueIds: i < N_ADMINS
        ? qs.map((x) => x.id)
        : [0, 1, 2].slice(0, 2 + (i % 2)).map((k) => qs[(i * 3 + k * 7) % N_QUEUES].id),
    }));
    await tx.insert(userQueues).values(
      memberships.flatMap((m) =>
        m.queueIds.map((queueId) => ({ companyId: company.id, userId: m.userId, queueId }))
      ),
    );
    const ws = await tx.insert(whatsapps).values([
      { companyId: company.id, name: "WhatsApp Vendas", channel: "whatsapp" as const, isDefault: true },
      { companyId: company.id, name: "WhatsApp Suporte", channel: "whatsapp" as const },
      { companyId: company.id, name: "API", channel: "api" as const, status: "CONNECTED" },
    ]).returning();
    await tx.insert(whatsappQueues).values(
      qs.slice(0, 10).map((x) => ({ companyId: company.id, whatsappId: ws[0].id, queueId: x.id })),
    );
    return { company, qs, us, ws, memberships };
  });
  const companyId = small.company.id;
  const queueIds = small.qs.map((x) => x.id);
  const membership = new Map(small.memberships.map((m) => [m.userId, m.queueIds]));
  const userIds = small.us.map((u) => u.id);
  const waIds = [small.ws[0].id, small.ws[1].id];
  lap(`company ${companyId}: ${N_QUEUES} queues, ${N_USERS} users, 3 connections`);

  // --- bulk load: indexes and FTS triggers out of the way, recreated from their own SQL ---
  await client.execute("PRAGMA foreign_keys=OFF");
  await client.execute("PRAGMA synchronous=OFF");
  await client.execute("PRAGMA cache_size=-262144");
  await client.execute("PRAGMA temp_store=MEMORY");
  const saved = (await client.execute(
    `SELECT type, name, sql FROM sqlite_master WHERE type IN ('index','trigger')
       AND tbl_name IN ('messages','tickets','contacts') AND sql IS NOT NULL`,
  )).rows.map((r) => ({ type: String(r.type), name: String(r.name), sql: String(r.sql) }));
  for (const o of saved) await client.execute(`DROP ${o.type.toUpperCase()} "${o.name}"`);
  lap(`dropped ${saved.length} indexes/triggers for the load`);

  const base = async (table: string) =>
    Number((await client.execute(`SELECT COALESCE(MAX(id), 0) AS m FROM ${table}`)).rows[0].m);
  const contactBase = await base("contacts");
  const ticketBase = await base("tickets");
  const messageBase = await base("messages");

  let tx = await client.transaction("write");
  let inTx = 0;
  const flushRows = async (head: string, rows: string[]) => {
    if (!rows.length) return;
    await tx.execute(`${head} VALUES ${rows.join(",")}`);
    inTx += rows.length;
    rows.length = 0;
    if (inTx >= 400_000) {
      await tx.commit();
      tx = await client.transaction("write");
      inTx = 0;
    }
  };

  // Contacts.
  const now = Date.now();
  const contactHead =
    "INSERT INTO contacts (id, company_id, name, number, email, channel, whatsapp_id, created_at, updated_at)";
  const cRows: string[] = [];
  const contactCreated = new Float64Array(N_CONTACTS);
  for (let i = 0; i < N_CONTACTS; i++) {
    const name = `${pickOf(FIRST_NAMES)} ${pickOf(LAST_NAMES)}${
      rand() < 0.3 ? ` ${pickOf(LAST_NAMES)}` : ""
    }`;
    const number = `55${11 + (i % 89)}9${
      String(10_000_000 + ((i * 7_919_993) % 89_999_999)).padStart(8, "0")
    }`;
    const at = now - 800 * 86_400_000 + Math.floor(rand() * 60 * 86_400_000);
    contactCreated[i] = at;
    cRows.push(
      `(${contactBase + i + 1},${companyId},${q(name)},'${number}',${
        rand() < 0.2 ? q(`cliente${i}@exemplo.com.br`) : "NULL"
      },'whatsapp',${waIds[0]},'${iso(at)}','${iso(at)}')`,
    );
    if (cRows.length === ROWS_PER_INSERT) await flushRows(contactHead, cRows);
  }
  await flushRows(contactHead, cRows);
  lap(`${N_CONTACTS.toLocaleString()} contacts`);

  // Messages per ticket: exponential around the mean, then nudged to the exact total.
  const counts = new Int32Array(N_TICKETS);
  let sum = 0;
  const mean = N_MESSAGES / N_TICKETS;
  for (let i = 0; i < N_TICKETS; i++) {
    counts[i] = Math.max(1, Math.min(400, Math.round(-Math.log(1 - rand()) * mean)));
    sum += counts[i];
  }
  while (sum !== N_MESSAGES) {
    const i = Math.floor(rand() * N_TICKETS);
    if (sum < N_MESSAGES && counts[i] < 400) counts[i]++, sum++;
    else if (sum > N_MESSAGES && counts[i] > 1) counts[i]--, sum--;
  }

  const { body } = bodyMaker(rand);
  const ticketHead =
    "INSERT INTO tickets (id, company_id, uuid, number, status, contact_id, whatsapp_id, queue_id, " +
    "user_id, channel, last_message, unread_messages, is_bot, from_me, closed_at, created_at, updated_at)";
  const messageHead =
    "INSERT INTO messages (id, company_id, wid, ticket_id, contact_id, body, from_me, read, " +
    "media_type, ack, queue_id, channel, user_id, created_at, updated_at)";
  const tRows: string[] = [];
  const mRows: string[] = [];
  const nClosed = N_TICKETS - N_OPEN - N_PENDING;
  const span = 730 * 86_400_000;
  let messageId = messageBase;
  const userQueueOf = (u: number) => pickOf(membership.get(u)!);
  for (let i = 0; i < N_TICKETS; i++) {
    const active = i >= nClosed;
    const status = !active ? "closed" : i - nClosed < N_OPEN ? "open" : "pending";
    const contactId = contactBase + (i % N_CONTACTS) + 1;
    const whatsappId = rand() < 0.8 ? waIds[0] : waIds[1];
    let userId: number | null = null;
    let queueId: number | null = null;
    if (status === "pending") queueId = rand() < 0.85 ? pickOf(queueIds) : null;
    else {
      userId = rand() < 0.15 ? userIds[Math.floor(rand() * N_ADMINS)] : pickOf(userIds.slice(N_ADMINS));
      queueId = rand() < 0.95 ? userQueueOf(userId) : null;
    }
    // Closed tickets spread over two years; active ones in the last three days.
    let t = active
      ? now - 3 * 86_400_000 + ((i - nClosed) / (N_OPEN + N_PENDING)) * 3 * 86_400_000 - 3_600_000
      : Math.max(contactCreated[i % N_CONTACTS], now - span + (i / nClosed) * (span - 4 * 86_400_000));
    const created = t;
    let last = "";
    let fromMe = false;
    for (let k = 0; k < counts[i]; k++) {
      messageId++;
      fromMe = k > 0 && rand() < 0.45;
      last = body();
      mRows.push(
        `(${messageId},${companyId},'3EB0${((messageId * 2_654_435_761) >>> 0).toString(16).toUpperCase()}${
          messageId.toString(36).toUpperCase()
        }',${ticketBase + i + 1},${contactId},${q(last)},${fromMe ? 1 : 0},1,'chat',${fromMe ? 3 : 0},${
          queueId ?? "NULL"
        },'whatsapp',${fromMe && userId ? userId : "NULL"},'${iso(t)}','${iso(t)}')`,
      );
      t = Math.min(now - 1000, t + 20_000 + Math.floor(rand() * 600_000));
    }
    const unread = status === "pending"
      ? 1 + Math.floor(rand() * 5)
      : status === "open" && rand() < 0.3
      ? 1
      : 0;
    tRows.push(
      `(${ticketBase + i + 1},${companyId},'${crypto.randomUUID()}',${
        i + 1
      },'${status}',${contactId},${whatsappId},${queueId ?? "NULL"},${userId ?? "NULL"},'whatsapp',${
        q(last.slice(0, 500))
      },${unread},0,${fromMe ? 1 : 0},${status === "closed" ? `'${iso(t)}'` : "NULL"},'${iso(created)}','${
        iso(t)
      }')`,
    );
    if (tRows.length === ROWS_PER_INSERT) await flushRows(ticketHead, tRows);
    while (mRows.length >= ROWS_PER_INSERT) {
      const chunk = mRows.splice(0, ROWS_PER_INSERT);
      await flushRows(messageHead, chunk);
    }
    if ((i + 1) % 50_000 === 0) {
      lap(`${(i + 1).toLocaleString()} tickets, ${(messageId - messageBase).toLocaleString()} messages`);
    }
  }
  await flushRows(ticketHead, tRows);
  await flushRows(messageHead, mRows);
  await tx.commit();
  lap("rows loaded");

  // Indexes first (they are what later queries need), then the triggers, then the FTS rebuild.
  for (const o of saved.filter((x) => x.type === "index")) {
    const t1 = performance.now();
    await client.execute(o.sql);
    console.log(`      ${o.name} ${((performance.now() - t1) / 1000).toFixed(1)} s`);
  }
  lap("indexes recreated");
  for (const o of saved.filter((x) => x.type === "trigger")) await client.execute(o.sql);
  await client.execute("INSERT INTO contacts_fts(contacts_fts) VALUES('rebuild')");
  await client.execute("INSERT INTO contacts_number_fts(contacts_number_fts) VALUES('rebuild')");
  lap("contacts_fts and contacts_number_fts rebuilt");
  await client.execute("INSERT INTO messages_fts(messages_fts) VALUES('rebuild')");
  lap("messages_fts rebuilt");
  await client.execute("INSERT INTO messages_fts(messages_fts) VALUES('optimize')");
  lap("messages_fts optimized");
  await client.execute("PRAGMA foreign_keys=ON");
  await client.execute("PRAGMA wal_checkpoint(TRUNCATE)");
  const count = async (sql: string) => Number((await client.execute(sql)).rows[0].n);
  const info: SeedInfo = {
    companyId,
    counts: {
      tickets: await count(`SELECT count(*) n FROM tickets WHERE company_id=${companyId}`),
      messages: await count(`SELECT count(*) n FROM messages WHERE company_id=${companyId}`),
      contacts: await count(`SELECT count(*) n FROM contacts WHERE company_id=${companyId}`),
      queues: N_QUEUES,
      users: N_USERS,
    },
    adminEmail: small.us[0].email,
    userEmail: small.us[N_ADMINS].email,
    userQueueIds: membership.get(small.us[N_ADMINS].id)!,
    queueIds,
    apiToken: small.ws[2].token,
    whatsappIds: small.ws.map((w) => w.id),
    seconds: Math.round((performance.now() - t0) / 1000),
    seededAt: new Date().toISOString(),
  };
  database.close();
  await Deno.writeTextFile(markerPath, JSON.stringify(info, null, 2));
  const size = (await Deno.stat(dbPath)).size;
  console.log(
    `\nSeeded ${COMPANY_NAME} (company ${companyId}) in ${info.seconds} s: ` +
      `${info.counts.tickets.toLocaleString()} tickets, ${info.counts.messages.toLocaleString()} messages, ` +
      `${info.counts.contacts.toLocaleString()} contacts; ${(size / 1024 ** 3).toFixed(2)} GB at ${dbPath}`,
  );
}

if (import.meta.main) await main();
