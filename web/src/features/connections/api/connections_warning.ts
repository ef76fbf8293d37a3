/** The top bar's warning: whether any connection needs attention (QR code, disconnected…). */
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { api } from "../../../lib/api.ts";
import { useRealtimeEvent } from "../../../lib/realtime.ts";
import type { ConnectionSummary as Connection } from "@contract/connections.ts";

export const WARNING_STATUSES = ["qrcode", "PAIRING", "DISCONNECTED", "TIMEOUT", "OPENING"];
const BADGE_DELAY_MS = 2000;

/** The connection list; a failing call counts as an empty list. */
export async function listConnections(): Promise<Connection[]> {
  try {
    const list = await api.get<Connection[]>("/whatsapp");
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

export const connectionsQueryOptions = () =>
  queryOptions({ queryKey: ["connections"], queryFn: listConnections });

/** True when any connection needs attention, evaluated 2 s after the list changes. */
export function useConnectionsWarning(companyId: number, enabled: boolean): boolean {
  const qc = useQueryClient();
  const { data } = useQuery({ ...connectionsQueryOptions(), enabled });
  const [warning, setWarning] = useState(false);
  const refresh = () => qc.invalidateQueries({ queryKey: ["connections"] });
  useRealtimeEvent(enabled ? `company-${companyId}-whatsapp` : null, refresh);
  useRealtimeEvent(enabled ? `company-${companyId}-whatsappSession` : null, refresh);
  useEffect(() => {
    const list = data ?? [];
    const id = setTimeout(
      () => setWarning(list.some((c) => WARNING_STATUSES.includes(c.status))),
      BADGE_DELAY_MS,
    );
    return () => clearTimeout(id);
  }, [data]);
  return enabled && warning;
}
