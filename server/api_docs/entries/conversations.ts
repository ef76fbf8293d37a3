/** Documented routes of tickets, their messages and the per-connection send API. */
import type { ApiRoute } from "../registry.ts";
import { listTicketsQuery } from "../../tickets/list_schema.ts";
import {
  createTicketInput,
  ticketAnswer,
  ticketPageAnswer,
  updateTicketInput,
} from "../../tickets/schemas.ts";
import {
  listMessagesQuery,
  messageBodyAnswer,
  messageHtmlAnswer,
  messagePageAnswer,
  sendMessageJson,
  sentMessagesAnswer,
} from "../../messages/schemas.ts";
import { MAX_MEDIAS, sendAnswer, sendInput } from "../../external_api/schemas.ts";

const ticketId = { ticketId: { description: "The ticket's id." } };
const id = { id: { description: "The ticket's id." } };

export const conversationRoutes: ApiRoute[] = [
  {
    method: "get",
    path: "/api/tickets",
    operationId: "listTickets",
    tag: "Tickets",
    resource: "tickets",
    summary: "List tickets",
    description: "Paged (40 a page), newest activity first. Filter by status, queues, tags, users, " +
      "dates or a search over messages and contacts.",
    query: listTicketsQuery,
    answer: { status: 200, schema: ticketPageAnswer, description: "A page of tickets." },
    errors: ["ERR_VALIDATION"],
    example: { query: { status: "open", showAll: "true", pageNumber: "1" } },
  },
  {
    method: "get",
    path: "/api/tickets/:id",
    operationId: "showTicket",
    tag: "Tickets",
    resource: "tickets",
    summary: "Show a ticket",
    params: id,
    answer: {
      status: 200,
      schema: ticketAnswer,
      description: "The ticket with its contact, queue and tags.",
    },
    errors: ["ERR_VALIDATION", "ERR_NO_TICKET_FOUND"],
    example: { params: { id: 42 } },
  },
  {
    method: "post",
    path: "/api/tickets",
    operationId: "createTicket",
    tag: "Tickets",
    resource: "tickets",
    summary: "Open a ticket for a contact",
    description: "Opens (or, with status pending, queues) a ticket on a connection. A contact has at " +
      "most one active ticket per connection. An API key has no user of its own: an open ticket " +
      "names its attendant in userId.",
    body: createTicketInput,
    answer: { status: 201, schema: ticketAnswer, description: "The new ticket." },
    errors: ["ERR_VALIDATION", "ERR_NO_CONTACT_FOUND", "ERR_OTHER_OPEN_TICKET", "ERR_NO_DEF_WAPP_FOUND"],
    example: { body: { contactId: 7, whatsappId: 1, status: "open", userId: 5 } },
  },
  {
    method: "put",
    path: "/api/tickets/:id",
    operationId: "updateTicket",
    tag: "Tickets",
    resource: "tickets",
    summary: "Change status, queue or attendant; close",
    description: "Transfers to a queue or a user, accepts (open), returns to pending, or closes " +
      '(`{"status":"closed"}`, with the farewell message unless sendFarewellMessage is false).',
    params: id,
    body: updateTicketInput,
    answer: { status: 200, schema: ticketAnswer, description: "The ticket after the change." },
    errors: [
      "ERR_VALIDATION",
      "ERR_NO_TICKET_FOUND",
      "ERR_NOT_FOUND",
      "ERR_OTHER_OPEN_TICKET",
      "ERR_TAG_REQUIRED",
    ],
    example: { params: { id: 42 }, body: { status: "open", queueId: 3, userId: 5 } },
  },
  {
    method: "delete",
    path: "/api/tickets/:id",
    operationId: "deleteTicket",
    tag: "Tickets",
    resource: "tickets",
    summary: "Delete a ticket and its messages",
    params: id,
    answer: { status: 204, description: "Deleted." },
    errors: ["ERR_VALIDATION", "ERR_NO_TICKET_FOUND"],
    example: { params: { id: 42 } },
  },
  {
    method: "put",
    path: "/api/ticket-tags/:ticketId/:tagId",
    operationId: "tagTicket",
    tag: "Tags",
    resource: "tickets",
    summary: "Tag a ticket",
    params: { ...ticketId, tagId: { description: "The tag's id." } },
    answer: { status: 200, schema: ticketAnswer, description: "The ticket with its tags." },
    errors: ["ERR_VALIDATION", "ERR_NO_TICKET_FOUND", "ERR_NOT_FOUND"],
    example: { params: { ticketId: 42, tagId: 3 } },
  },
  {
    method: "delete",
    path: "/api/ticket-tags/:ticketId/:tagId",
    operationId: "untagTicket",
    tag: "Tags",
    resource: "tickets",
    summary: "Remove a tag from a ticket",
    params: { ...ticketId, tagId: { description: "The tag's id." } },
    answer: { status: 200, schema: ticketAnswer, description: "The ticket with its tags." },
    errors: ["ERR_VALIDATION", "ERR_NO_TICKET_FOUND", "ERR_NOT_FOUND"],
    example: { params: { ticketId: 42, tagId: 3 } },
  },
  {
    method: "get",
    path: "/api/messages/:ticketUuid",
    operationId: "listMessages",
    tag: "Messages",
    resource: "messages",
    summary: "Read a ticket's conversation",
    description: "Newest first, 20 a page, with the contact's earlier tickets on the same connection.",
    params: { ticketUuid: { type: "string", description: "The ticket's uuid (Ticket.uuid)." } },
    query: listMessagesQuery,
    answer: { status: 200, schema: messagePageAnswer, description: "A page of messages and the ticket." },
    errors: ["ERR_VALIDATION", "ERR_NO_TICKET_FOUND"],
    example: { params: { ticketUuid: "3f0c6a52-9d8e-4c1b-a0a1-5d7e2f1b9c40" }, query: { pageNumber: "1" } },
  },
  {
    method: "get",
    path: "/api/messages/:id/body",
    operationId: "getMessageBody",
    tag: "Messages",
    resource: "messages",
    summary: "Read a message's whole text",
    description: "Socket frames carry the first 2,000 characters of a longer body (with " +
      "`bodyTruncated: true`); this answers the whole text, with the visibility of the ticket's " +
      "conversation.",
    params: { id: { description: "The message's id." } },
    answer: { status: 200, schema: messageBodyAnswer, description: "The message's id and whole body." },
    errors: ["ERR_VALIDATION", "ERR_NOT_FOUND", "ERR_NO_PERMISSION"],
    example: { params: { id: 901 } },
  },
  {
    method: "get",
    path: "/api/messages/:id/html",
    operationId: "getMessageHtml",
    tag: "Messages",
    resource: "messages",
    summary: "Read an e-mail as it was sent",
    description: "For a message with `hasHtml: true` (an e-mail with an HTML part): its HTML through an " +
      "allow-list sanitiser, the quoted history cut, inline images pointing at their files. Remote " +
      "images are blocked: their address is kept in `data-remote-src` and they have no `src`, so " +
      "showing the HTML tells no sender it was read. 404 for a message without HTML.",
    params: { id: { description: "The message's id." } },
    answer: { status: 200, schema: messageHtmlAnswer, description: "The message's id and its HTML." },
    errors: ["ERR_VALIDATION", "ERR_NOT_FOUND", "ERR_NO_PERMISSION"],
    example: { params: { id: 901 } },
  },
  {
    method: "post",
    path: "/api/messages/:ticketId",
    operationId: "sendTicketMessage",
    tag: "Messages",
    resource: "messages",
    summary: "Reply on a ticket",
    description: "Stores the message and hands it to the ticket's channel. JSON for text (or a file " +
      "by URL, `mediaUrl`). Files go as multipart/form-data instead: `medias` (one message per file) " +
      "with the text fields `body`, `isPrivate`, `signMessage` and `quotedMsgId`; the answer is then an " +
      "array of messages.",
    params: ticketId,
    body: sendMessageJson,
    answer: {
      status: 201,
      schema: sentMessagesAnswer,
      description: "The stored message (an array of them for several files).",
    },
    errors: [
      "ERR_VALIDATION",
      "ERR_NO_TICKET_FOUND",
      "ERR_OUTSIDE_24H_WINDOW",
      "ERR_PAYLOAD_TOO_LARGE",
      "ERR_UNSUPPORTED_MEDIA",
      "ERR_URL_NOT_ALLOWED",
    ],
    example: { params: { ticketId: 42 }, body: { body: "Your order has shipped." } },
  },
  {
    method: "post",
    path: "/api/messages/send",
    operationId: "sendMessage",
    tag: "Send API",
    summary: "Send a text or files to a number",
    description: "Send WhatsApp, Facebook, Instagram or api-channel messages through one of your " +
      "connections. The bearer token is the connection's 30-character token (Connections page); it " +
      "names the company and the line. Requires a plan with the external API. Each call finds or " +
      "creates the contact and its ticket on that connection, and the messages appear in the inbox. " +
      "Meta channels only accept free-form messages within 24 hours of the customer's last message.",
    body: sendInput,
    bodyName: "SendRequest",
    files: {
      field: "medias",
      maxItems: MAX_MEDIAS,
      description: "Files (images, audio, video, PDF and office documents), one message each.",
    },
    answer: { status: 200, schema: sendAnswer, description: "Stored and handed to the channel." },
    errors: [
      "ERR_VALIDATION",
      "ERR_OUTSIDE_24H_WINDOW",
      "ERR_UNAUTHENTICATED",
      "ERR_SUBSCRIPTION_EXPIRED",
      "ERR_PLAN_FEATURE",
      "ERR_NO_USER_FOUND",
      "ERR_NOT_FOUND",
      "ERR_OTHER_OPEN_TICKET",
      "ERR_PAYLOAD_TOO_LARGE",
      "ERR_UNSUPPORTED_MEDIA",
      "ERR_SENDING_WAPP_MSG",
    ],
    example: { body: { number: "5511988887777", body: "Your order has shipped." } },
  },
];
