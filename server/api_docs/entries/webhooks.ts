/** Documented routes of event webhooks: subscriptions, their delivery log and "send again". */
import type { ApiRoute } from "../registry.ts";
import {
  createSubscriptionInput,
  deliveriesQuery,
  deliveryDetailAnswer,
  deliveryPageAnswer,
  rotateSecretInput,
  subscriptionAnswer,
  subscriptionListAnswer,
  subscriptionWithSecretAnswer,
  updateSubscriptionInput,
} from "../../webhooks/schemas.ts";

const sub = { id: { description: "The subscription's id." } };
const delivery = { ...sub, deliveryId: { description: "The delivery's id." } };
const base = { tag: "Webhooks", resource: "webhooks" } as const;

export const webhookRoutes: ApiRoute[] = [
  {
    ...base,
    method: "get",
    path: "/api/webhook-subscriptions",
    operationId: "listWebhookSubscriptions",
    summary: "List webhook subscriptions",
    answer: {
      status: 200,
      schema: subscriptionListAnswer,
      description: "Every subscription of the company.",
    },
    errors: [],
    example: {},
  },
  {
    ...base,
    method: "post",
    path: "/api/webhook-subscriptions",
    operationId: "createWebhookSubscription",
    summary: "Subscribe a URL to events",
    description: "The answer holds the signing secret, shown only here (and on a rotation). Deliveries " +
      "are signed and retried as the webhooks section of this document says.",
    body: createSubscriptionInput,
    answer: {
      status: 201,
      schema: subscriptionWithSecretAnswer,
      description: "The subscription with its secret.",
    },
    errors: ["ERR_VALIDATION", "ERR_URL_NOT_ALLOWED"],
    example: {
      body: { url: "https://erp.example.com/atende", events: ["ticket.updated", "message.created"] },
    },
  },
  {
    ...base,
    method: "get",
    path: "/api/webhook-subscriptions/:id",
    operationId: "showWebhookSubscription",
    summary: "Show a subscription",
    params: sub,
    answer: { status: 200, schema: subscriptionAnswer, description: "The subscription." },
    errors: ["ERR_NOT_FOUND"],
    example: { params: { id: 1 } },
  },
  {
    ...base,
    method: "put",
    path: "/api/webhook-subscriptions/:id",
    operationId: "updateWebhookSubscription",
    summary: "Change a subscription, resume or disable it",
    params: sub,
    body: updateSubscriptionInput,
    answer: { status: 200, schema: subscriptionAnswer, description: "The subscription as it is now." },
    errors: ["ERR_VALIDATION", "ERR_URL_NOT_ALLOWED", "ERR_NOT_FOUND"],
    example: { params: { id: 1 }, body: { status: "active" } },
  },
  {
    ...base,
    method: "post",
    path: "/api/webhook-subscriptions/:id/rotate-secret",
    operationId: "rotateWebhookSecret",
    summary: "Replace the signing secret",
    description: "The new secret signs every delivery from now on. For `overlapHours` (default 24, at most " +
      "168) the former secret signs too: Atende-Signature carries one v1 per secret (`t=…,v1=<new>,v1=<old>`) " +
      "and a receiver accepts when any v1 matches, so it can switch secrets without refusing a delivery. " +
      "`overlapHours: 0` forgets the former secret at once (a leaked secret).",
    params: sub,
    body: rotateSecretInput,
    answer: { status: 200, schema: subscriptionWithSecretAnswer, description: "The new secret." },
    errors: ["ERR_NOT_FOUND", "ERR_VALIDATION"],
    example: { params: { id: 1 }, body: { overlapHours: 24 } },
  },
  {
    ...base,
    method: "get",
    path: "/api/webhook-subscriptions/:id/deliveries",
    operationId: "listWebhookDeliveries",
    summary: "The delivery log, newest first",
    params: sub,
    query: deliveriesQuery,
    answer: { status: 200, schema: deliveryPageAnswer, description: "A page of deliveries." },
    errors: ["ERR_VALIDATION", "ERR_NOT_FOUND"],
    example: { params: { id: 1 }, query: { status: "failed" } },
  },
  {
    ...base,
    method: "get",
    path: "/api/webhook-subscriptions/:id/deliveries/:deliveryId",
    operationId: "showWebhookDelivery",
    summary: "One delivery: the body sent and every attempt",
    params: delivery,
    answer: { status: 200, schema: deliveryDetailAnswer, description: "The delivery." },
    errors: ["ERR_NOT_FOUND"],
    example: { params: { id: 1, deliveryId: 10 } },
  },
  {
    ...base,
    method: "post",
    path: "/api/webhook-subscriptions/:id/deliveries/:deliveryId/resend",
    operationId: "resendWebhookDelivery",
    summary: "Send a delivery again",
    description: "A new attempt of the same event id (a receiver that dedupes on it ignores a repeat).",
    params: delivery,
    answer: { status: 202, schema: deliveryDetailAnswer, description: "The delivery, its attempt queued." },
    errors: ["ERR_NOT_FOUND"],
    example: { params: { id: 1, deliveryId: 10 } },
  },
  {
    ...base,
    method: "delete",
    path: "/api/webhook-subscriptions/:id",
    operationId: "deleteWebhookSubscription",
    summary: "Delete a subscription and its log",
    params: sub,
    answer: { status: 204, description: "Deleted." },
    errors: ["ERR_NOT_FOUND"],
    example: { params: { id: 1 } },
  },
];
