/**
 * The static permission table of spec 1 §6: profile admin holds every permission, profile user
 * none; a user with allowConnections holds the connections page's three. The server enforces it,
 * the web app shows or hides by it.
 */

export const PERMISSIONS = [
  "dashboard:view",
  "drawer-admin-items:view",
  "tickets-manager:showall",
  "user-modal:editProfile",
  "user-modal:editQueues",
  "ticket-options:deleteTicket",
  "contacts-page:deleteContact",
  "connections-page:actionButtons",
  "connections-page:addConnection",
  "connections-page:editOrDeleteConnection",
  "tickets-manager:closeAll",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** What profile admin may do: everything in the table. */
export const ADMIN_PERMISSIONS: ReadonlySet<Permission> = new Set(PERMISSIONS);

/** What allowConnections gives a user of profile user (spec 2 §6). */
export const CONNECTIONS_PERMISSIONS: ReadonlySet<Permission> = new Set([
  "connections-page:actionButtons",
  "connections-page:addConnection",
  "connections-page:editOrDeleteConnection",
]);
