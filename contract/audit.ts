/** The audit log on the wire (GET /audit-logs): one row, a page, and the filter choices. */

export type AuditRow = {
  id: number;
  companyId: number | null;
  companyName: string | null;
  userId: number | null;
  userName: string | null;
  userEmail: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  summary: string | null;
  diff: Record<string, unknown> | null;
  ip: string | null;
  userAgent: string | null;
  createdAt: string;
};

export type AuditPage = { logs: AuditRow[]; count: number; hasMore: boolean };

export type AuditFilterChoices = {
  actions: readonly string[];
  entities: string[];
  users: { id: number; name: string }[];
  companies: { id: number; name: string }[];
  isOperator: boolean;
};
