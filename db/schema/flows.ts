/** Flow builder: flows, phrase campaigns that start them, and the company's default flows. */
import { sql } from "drizzle-orm";
import {
  type AnySQLiteColumn,
  index,
  integer,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { bool, id, json, timestamps } from "./_columns.ts";
import { companies, users } from "./core.ts";
import { whatsapps } from "./connections.ts";

/** The editor's graph: nodes ({id, type, position, data}) and edges ({source, sourceHandle, target}). */
export type FlowGraph = { nodes: unknown[]; connections: unknown[] };

/** A visual flow: the graph the flow runner walks for a ticket. */
export const flowBuilders = sqliteTable("flow_builders", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  name: text("name").notNull(),
  active: bool("active").notNull().default(true),
  flow: json<FlowGraph>("flow").notNull().default(sql`'{"nodes":[],"connections":[]}'`),
  /** Variable names collected by question nodes (answerKey). */
  variables: json<string[]>("variables").notNull().default(sql`'[]'`),
  ...timestamps(),
}, (t) => [index("flow_builders_company_name_idx").on(t.companyId, t.name)]);

/** A phrase campaign: an inbound message equal to `phrase` on the connection starts the flow. */
export const flowCampaigns = sqliteTable("flow_campaigns", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  name: text("name").notNull(),
  flowId: integer("flow_id").notNull().references(() => flowBuilders.id, { onDelete: "cascade" }),
  phrase: text("phrase").notNull(),
  whatsappId: integer("whatsapp_id").references((): AnySQLiteColumn => whatsapps.id, {
    onDelete: "set null",
  }),
  status: bool("status").notNull().default(true),
  ...timestamps(),
}, (t) => [index("flow_campaigns_company_whatsapp_idx").on(t.companyId, t.whatsappId)]);

/** The company's default welcome and no-phrase-matched flows (connections may override them). */
export const flowDefaults = sqliteTable("flow_defaults", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  flowIdWelcome: integer("flow_id_welcome").references(() => flowBuilders.id, { onDelete: "set null" }),
  flowIdPhrase: integer("flow_id_phrase").references(() => flowBuilders.id, { onDelete: "set null" }),
  ...timestamps(),
}, (t) => [uniqueIndex("flow_defaults_company_uq").on(t.companyId)]);
