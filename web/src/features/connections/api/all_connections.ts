import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import type { AdminConnectionDTO } from "@contract/connections.ts";

/** A row of GET /whatsapp/all (operator). */
export type AdminConnection = AdminConnectionDTO;

export type CompanyConnections = {
  id: number;
  name: string;
  connections: AdminConnection[];
  connected: number;
  disconnected: number;
  total: number;
};

export function groupByCompany(rows: AdminConnection[]): CompanyConnections[] {
  const map = new Map<number, CompanyConnections>();
  for (const r of rows) {
    let g = map.get(r.companyId);
    if (!g) {
      g = {
        id: r.companyId,
        name: r.company?.name ?? `#${r.companyId}`,
        connections: [],
        connected: 0,
        disconnected: 0,
        total: 0,
      };
      map.set(r.companyId, g);
    }
    g.connections.push(r);
    g.total++;
    if (r.status === "CONNECTED") g.connected++;
    else g.disconnected++;
  }
  return [...map.values()].sort((a, b) => a.name.localeCompare(b.name));
}

export function useAllConnections() {
  return useQuery({
    queryKey: ["connections", "all"],
    queryFn: async () => groupByCompany(await api.get<AdminConnection[]>("/whatsapp/all", { session: 0 })),
  });
}
