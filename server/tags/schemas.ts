/** Request bodies and queries of tags and kanban lanes (spec 1 §5, spec 2 §3, §5, §7). */
import { z } from "zod";
import { int, nullableInt, nullableText, paged, timestamp } from "../lib/answers.ts";
import type { TagRow } from "./repo.ts";

/** Optional id where forms send "", 0 or null for "none". */
const optionalId = z.preprocess(
  (v) => v === undefined ? undefined : v === "" || v === 0 || v === null ? null : Number(v),
  z.number().int().positive().nullable().optional(),
);

const kanbanFlag = z.union([z.boolean(), z.literal(0), z.literal(1), z.enum(["0", "1"])])
  .transform((v) => (v === true || v === 1 || v === "1" ? 1 : 0));

const tagFields = {
  name: z.string().trim().min(3).max(60),
  color: z.string().trim().regex(/^#[0-9a-fA-F]{3,8}$/, "hex colour with #"),
  kanban: kanbanFlag,
  /** Hours before a ticket moves on to nextLaneId (0 = never). */
  timeLane: z.coerce.number().int().min(0).max(8760),
  nextLaneId: optionalId,
  rollbackLaneId: optionalId,
  greetingMessageLane: z.string().max(5000).nullable(),
};

export const createTagInput = z.object({
  name: tagFields.name,
  color: tagFields.color.optional(),
  kanban: tagFields.kanban.default(0),
  timeLane: tagFields.timeLane.default(0),
  nextLaneId: tagFields.nextLaneId,
  rollbackLaneId: tagFields.rollbackLaneId,
  greetingMessageLane: tagFields.greetingMessageLane.optional(),
});
export type CreateTagInput = z.infer<typeof createTagInput>;

export const updateTagInput = z.object({
  name: tagFields.name.optional(),
  color: tagFields.color.optional(),
  kanban: tagFields.kanban.optional(),
  timeLane: tagFields.timeLane.optional(),
  nextLaneId: tagFields.nextLaneId,
  rollbackLaneId: tagFields.rollbackLaneId,
  greetingMessageLane: tagFields.greetingMessageLane.optional(),
});
export type UpdateTagInput = z.infer<typeof updateTagInput>;

const kanbanQuery = z.enum(["0", "1"]).transform(Number).optional();

export const listTagsQuery = z.object({
  searchParam: z.string().trim().max(100).optional(),
  pageNumber: z.coerce.number().int().min(1).default(1),
  kanban: kanbanQuery,
  tagId: z.coerce.number().int().positive().optional(),
});
export type ListTagsQuery = z.infer<typeof listTagsQuery>;

export const tagListQuery = z.object({ kanban: kanbanQuery });

/** The contact's whole tag set: known tags by id, new ones by name (created on the fly). */
export const syncTagsInput = z.object({
  contactId: z.coerce.number().int().positive(),
  tags: z.array(
    z.object({
      id: z.coerce.number().int().positive().optional(),
      name: z.string().trim().max(60).optional(),
    })
      .refine((t) => t.id !== undefined || (t.name?.length ?? 0) >= 3, {
        message: "each tag needs an id or a name of at least 3 characters",
      }),
  ).max(100),
});
export type SyncTagsInput = z.infer<typeof syncTagsInput>;

/** The board's lanes, first to last (every lane of the company once). */
export const laneOrderInput = z.object({ ids: z.array(z.coerce.number().int().positive()).max(200) });

// Answers (the OpenAPI document and the contract test read them; see lib/answers.ts).

export const tagAnswer = z.object({
  id: int,
  companyId: int,
  name: z.string(),
  color: z.string(),
  kanban: int.describe("1: the tag is a kanban lane."),
  timeLane: int,
  nextLaneId: nullableInt,
  rollbackLaneId: nullableInt,
  greetingMessageLane: nullableText,
  kanbanOrder: int,
  userId: nullableInt,
  createdAt: timestamp,
  updatedAt: timestamp,
}).meta({ id: "Tag" }) satisfies z.ZodType<TagRow>;

export const tagPageAnswer = paged(
  "tags",
  tagAnswer.extend({ contactsCount: int, ticketsCount: int }),
);

/** One tag with its counts and the contacts that carry it (numbers masked as the screens mask them). */
export const tagDetailAnswer = tagAnswer.extend({
  contactsCount: int,
  ticketsCount: int,
  contacts: z.array(z.object({ id: int, name: z.string(), number: z.string() })),
}).meta({ id: "TagDetail" });
