/**
 * The public contract of the send API as OpenAPI 3.1, served at GET /api/docs/openapi.json
 * (mount `docsRoutes` at /api/docs; /api/docs is a public path). Keep it in step with
 * schemas.ts and routes.ts: tests compare the two.
 */
import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";
import { VERSION } from "../config.ts";
import { MAX_MEDIAS } from "./schemas.ts";

const error = (description: string, example: string) => ({
  description,
  content: {
    "application/json": {
      schema: { $ref: "#/components/schemas/Error" },
      example: { error: example },
    },
  },
});

const fields = {
  number: {
    type: "string",
    pattern: "^\\d{5,30}$",
    description: "Digits only: country code, area code and number (or the channel's user id for " +
      "Messenger/Instagram). More than 17 digits is a WhatsApp group id.",
    examples: ["5511988887777"],
  },
  body: { type: "string", maxLength: 65536, description: "The text; with files, the first file's caption." },
  userId: {
    type: "integer",
    minimum: 1,
    description: "Attendant: the ticket is opened and assigned to them.",
  },
  queueId: { type: "integer", minimum: 1, description: "Queue of the ticket." },
  sendSignature: { type: "boolean", description: "Prefix the text with `*{user name}:*` (needs userId)." },
  closeTicket: {
    type: "boolean",
    description: "Close the ticket after sending, without a farewell message.",
  },
};

export const openApiDocument = {
  openapi: "3.1.0",
  info: {
    title: "Atende messages API",
    version: VERSION,
    description: "Send WhatsApp, Facebook, Instagram or api-channel messages through one of your " +
      "connections. The bearer token is the connection's 30-character token (Connections page); it " +
      "names the company and the line. Requires a plan with the external API. Each call finds or " +
      "creates the contact and its ticket on that connection, and the messages appear in the inbox. " +
      "Meta channels only accept free-form messages within 24 hours of the customer's last message.",
  },
  servers: [{ url: "/api" }],
  security: [{ connectionToken: [] }],
  paths: {
    "/messages/send": {
      post: {
        operationId: "sendMessage",
        summary: "Send a text or files to a number",
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: { $ref: "#/components/schemas/SendRequest" },
              example: { number: "5511988887777", body: "Your order has shipped." },
            },
            "multipart/form-data": {
              schema: {
                type: "object",
                required: ["number", "medias"],
                properties: {
                  ...fields,
                  medias: {
                    type: "array",
                    maxItems: MAX_MEDIAS,
                    items: { type: "string", contentMediaType: "application/octet-stream" },
                    description: "Files (images, audio, video, PDF and office documents), one message each.",
                  },
                },
              },
            },
          },
        },
        responses: {
          "200": {
            description: "Stored and handed to the channel.",
            content: { "application/json": { schema: { $ref: "#/components/schemas/SendResponse" } } },
          },
          "400": error(
            "Invalid body (ERR_VALIDATION), or a Meta reply outside the 24-hour window (ERR_OUTSIDE_24H_WINDOW).",
            "ERR_VALIDATION",
          ),
          "401": error("Missing or unknown connection token.", "ERR_UNAUTHENTICATED"),
          "402": error("The company's subscription has expired.", "ERR_SUBSCRIPTION_EXPIRED"),
          "403": error("The company's plan does not include the external API.", "ERR_PLAN_FEATURE"),
          "404": error(
            "userId (ERR_NO_USER_FOUND) or queueId (ERR_NOT_FOUND) is not one of the company's.",
            "ERR_NO_USER_FOUND",
          ),
          "409": error("The contact's ticket is open with another attendant.", "ERR_OTHER_OPEN_TICKET"),
          "413": error("A file is larger than the platform's limit.", "ERR_PAYLOAD_TOO_LARGE"),
          "415": error("A file type that cannot be sent.", "ERR_UNSUPPORTED_MEDIA"),
          "502": error(
            "The provider refused the message (its message is in details).",
            "ERR_SENDING_WAPP_MSG",
          ),
        },
      },
    },
  },
  components: {
    securitySchemes: {
      connectionToken: { type: "http", scheme: "bearer", description: "The connection's token." },
    },
    schemas: {
      SendRequest: {
        type: "object",
        required: ["number", "body"],
        properties: fields,
      },
      SendResponse: {
        type: "object",
        required: ["status", "ticketId", "messageIds"],
        properties: {
          status: { const: "SUCCESS" },
          ticketId: { type: "integer" },
          messageIds: { type: "array", items: { type: "integer" } },
        },
      },
      Error: {
        type: "object",
        required: ["error"],
        properties: {
          error: { type: "string", description: "Error code, e.g. ERR_VALIDATION." },
          message: { type: "string" },
          details: {},
        },
      },
    },
  },
} as const;

export const docsRoutes = new Hono<AppEnv>().get("/openapi.json", (c) => c.json(openApiDocument));
