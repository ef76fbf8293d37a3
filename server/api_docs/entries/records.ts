/**
 * Documented routes that read, change or delete one record of a documented resource (a ticket by
 * its uuid, a tag, a queue, a quick reply, a schedule, a campaign, a contact list and its items):
 * the integrator's side of what the screens do to one row. Their answers are the same schemas the
 * resource's list and create already document.
 */
import type { ApiResource, ApiRoute, ApiTag } from "../registry.ts";
import type { z } from "zod";
import type { ErrorCode } from "../../lib/errors.ts";
import { ticketAnswer } from "../../tickets/schemas.ts";
import { tagAnswer, tagDetailAnswer, updateTagInput } from "../../tags/schemas.ts";
import { createQueueInput, queueDetailAnswer, updateQueueInput } from "../../queues/schemas.ts";
import { quickMessageAnswer, updateQuickMessageInput } from "../../quick_messages/schemas.ts";
import { scheduleAnswer, updateScheduleInput } from "../../schedules/schemas.ts";
import { campaignAnswer, campaignDetailAnswer, updateCampaignInput } from "../../campaigns/schemas.ts";
import {
  contactListAnswer,
  contactListInput,
  contactListItemAnswer,
  updateItemInput,
} from "../../contact_lists/schemas.ts";

type One = {
  path: string;
  tag: ApiTag;
  resource: ApiResource;
  /** The noun in summaries and the operationId's suffix: "Tag" → showTag, updateTag, deleteTag. */
  noun: string;
  words: string;
  answer: z.ZodType;
  /** What show answers when it says more than update does. */
  detail?: z.ZodType;
  update?: z.ZodType;
  updateExample?: unknown;
  /** Codes every call on this record can answer (the plan flag, its not-found code). */
  errors: ErrorCode[];
  example: number;
};

/** Show, update and delete of one record, in the registry's shape. */
function crud(o: One, ops: ("show" | "update" | "delete")[]): ApiRoute[] {
  const params = { id: { description: `The ${o.words}'s id.` } };
  const base = {
    path: o.path,
    tag: o.tag,
    resource: o.resource,
    params,
    example: { params: { id: o.example } },
  };
  const errors: ErrorCode[] = ["ERR_VALIDATION", ...o.errors];
  const all: Record<string, ApiRoute> = {
    show: {
      ...base,
      method: "get",
      operationId: `show${o.noun}`,
      summary: `Show a ${o.words}`,
      answer: { status: 200, schema: o.detail ?? o.answer, description: `The ${o.words}.` },
      errors,
    },
    update: {
      ...base,
      method: "put",
      operationId: `update${o.noun}`,
      summary: `Update a ${o.words}`,
      description: "Fields left out keep their values.",
      body: o.update,
      answer: { status: 200, schema: o.answer, description: `The ${o.words}, updated.` },
      errors: [...errors, "ERR_CONFLICT"],
      example: { params: { id: o.example }, body: o.updateExample },
    },
    delete: {
      ...base,
      method: "delete",
      operationId: `delete${o.noun}`,
      summary: `Delete a ${o.words}`,
      answer: { status: 204, description: "Deleted." },
      errors,
    },
  };
  return ops.map((op) => all[op]);
}

export const recordRoutes: ApiRoute[] = [
  {
    method: "get",
    path: "/api/tickets/u/:uuid",
    operationId: "showTicketByUuid",
    tag: "Tickets",
    resource: "tickets",
    summary: "Show a ticket by its uuid",
    description: "The uuid is the ticket's address in the app (`/tickets/<uuid>`) and in webhook payloads.",
    params: { uuid: { type: "string", description: "The ticket's uuid." } },
    answer: {
      status: 200,
      schema: ticketAnswer,
      description: "The ticket with its contact, queue and tags.",
    },
    errors: ["ERR_NO_TICKET_FOUND"],
    example: { params: { uuid: "5f0c2a9e-8d1b-4c3f-9a7e-2b6d4e8f1a3c" } },
  },
  ...crud({
    path: "/api/tags/:id",
    tag: "Tags",
    resource: "tags",
    noun: "Tag",
    words: "tag",
    answer: tagAnswer,
    detail: tagDetailAnswer,
    update: updateTagInput,
    updateExample: { name: "Gold", color: "#EAB308" },
    errors: ["ERR_NOT_FOUND"],
    example: 3,
  }, ["show", "update", "delete"]),
  {
    method: "post",
    path: "/api/queue",
    operationId: "createQueue",
    tag: "Queues",
    resource: "queues",
    summary: "Create a queue",
    description: "Within the plan's queue limit; name and colour are unique in the company.",
    body: createQueueInput,
    answer: { status: 201, schema: queueDetailAnswer, description: "The new queue." },
    errors: ["ERR_VALIDATION", "ERR_CONFLICT", "ERR_QUEUE_COLOR_ALREADY_EXISTS", "ERR_PLAN_LIMIT_REACHED"],
    example: { body: { name: "Suporte", color: "#0EA5E9", greetingMessage: "Welcome to support." } },
  },
  ...crud({
    path: "/api/queue/:id",
    tag: "Queues",
    resource: "queues",
    noun: "Queue",
    words: "queue",
    answer: queueDetailAnswer,
    update: updateQueueInput,
    updateExample: { greetingMessage: "Support answers 8h–18h." },
    errors: ["ERR_NOT_FOUND", "ERR_QUEUE_COLOR_ALREADY_EXISTS"],
    example: 2,
  }, ["show", "update", "delete"]),
  ...crud({
    path: "/api/quick-messages/:id",
    tag: "Quick replies",
    resource: "quick-replies",
    noun: "QuickMessage",
    words: "quick reply",
    answer: quickMessageAnswer,
    update: updateQuickMessageInput,
    updateExample: { message: "Your invoice is attached (due in 5 days)." },
    errors: ["ERR_NOT_FOUND"],
    example: 4,
  }, ["show", "update", "delete"]),
  ...crud({
    path: "/api/schedules/:id",
    tag: "Schedules",
    resource: "schedules",
    noun: "Schedule",
    words: "scheduled message",
    answer: scheduleAnswer,
    update: updateScheduleInput,
    updateExample: { sendAt: "2030-01-03T12:00:00Z" },
    errors: ["ERR_PLAN_FEATURE", "ERR_NOT_FOUND"],
    example: 12,
  }, ["show", "update"]),
  ...crud({
    path: "/api/campaigns/:id",
    tag: "Campaigns",
    resource: "campaigns",
    noun: "Campaign",
    words: "campaign",
    answer: campaignAnswer,
    detail: campaignDetailAnswer,
    update: updateCampaignInput,
    updateExample: { message1: "Hi {nome}! 25% off today." },
    errors: ["ERR_PLAN_FEATURE", "ERR_NOT_FOUND"],
    example: 5,
  }, ["show", "update", "delete"]),
  ...crud({
    path: "/api/contact-lists/:id",
    tag: "Contact lists",
    resource: "contact-lists",
    noun: "ContactList",
    words: "contact list",
    answer: contactListAnswer,
    update: contactListInput,
    updateExample: { name: "Black Friday 2030" },
    errors: ["ERR_PLAN_FEATURE", "ERR_NOT_FOUND"],
    example: 2,
  }, ["show", "update", "delete"]),
  ...crud({
    path: "/api/contact-list-items/:id",
    tag: "Contact lists",
    resource: "contact-lists",
    noun: "ContactListItem",
    words: "contact list entry",
    answer: contactListItemAnswer,
    update: updateItemInput,
    updateExample: { name: "João Lima" },
    errors: ["ERR_PLAN_FEATURE", "ERR_NOT_FOUND"],
    example: 9,
  }, ["show", "update", "delete"]),
];
