import {
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { useRealtimeEvent } from "../../../lib/realtime.ts";
import type { QueueRef as Queue, Toggle } from "@contract/common.ts";
import type { ConnectionSummary as Connection } from "@contract/connections.ts";
import type { UserDTO as User } from "@contract/users.ts";

export const userKeys = {
  all: ["users"] as const,
  lists: () => [...userKeys.all, "list"] as const,
  list: (search: string) => [...userKeys.lists(), search] as const,
};

export type UsersPage = { users: User[]; count: number; hasMore: boolean };

export const fetchUsersPage = (searchParam: string, pageNumber: number) =>
  api.get<UsersPage>("/users", { searchParam, pageNumber });

export function useUsers(search: string) {
  return useInfiniteQuery({
    queryKey: userKeys.list(search),
    queryFn: ({ pageParam }) => fetchUsersPage(search, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (last.hasMore ? all.length + 1 : undefined),
  });
}

export type UserPayload = {
  name: string;
  email: string;
  password?: string;
  profile?: "admin" | "user";
  queueIds?: number[];
  whatsappId?: number | null;
  startWork?: string;
  endWork?: string;
  farewellMessage: string;
  allTicket?: Toggle;
  allowGroup?: boolean;
  allHistoric?: Toggle;
  allUserChat?: Toggle;
  userClosePendingTicket?: Toggle;
  showDashboard?: Toggle;
  allowRealTime?: Toggle;
  allowConnections?: Toggle;
  defaultTheme: "light" | "dark";
  defaultMenu: "open" | "closed";
  timezone?: string | null;
};

export function useSaveUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: { id?: number; payload: UserPayload }) =>
      id ? api.put<User>(`/users/${id}`, payload) : api.post<User>("/users", payload),
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useDeleteUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/users/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function uploadProfileImage(userId: number, file: File) {
  const form = new FormData();
  form.append("userId", String(userId));
  form.append("typeArch", "user");
  form.append("profileImage", file);
  return api.upload<User>(`/users/${userId}/media-upload`, form);
}

export const useQueues = (enabled: boolean) =>
  useQuery({ queryKey: ["queues"], queryFn: () => api.get<Queue[]>("/queue"), enabled });

export const useConnectionOptions = (enabled: boolean) =>
  useQuery({ queryKey: ["connections"], queryFn: () => api.get<Connection[]>("/whatsapp"), enabled });

type UserEvent = { action: "create" | "update" | "delete"; user?: User; userId?: number };

/** Applies `company-{id}-user` events to every cached users list. */
export function useUsersLiveUpdates(companyId: number) {
  const qc = useQueryClient();
  useRealtimeEvent(`company-${companyId}-user`, (event: UserEvent) => {
    qc.setQueriesData<InfiniteData<UsersPage>>({ queryKey: userKeys.lists() }, (data) => {
      if (!data) return data;
      const pages = data.pages.map((p) => ({ ...p, users: [...p.users] }));
      const id = event.user?.id ?? event.userId;
      if (event.action === "delete") {
        for (const p of pages) {
          const before = p.users.length;
          p.users = p.users.filter((u) => u.id !== id);
          if (p.users.length !== before) p.count = Math.max(0, p.count - 1);
        }
      } else if (event.user) {
        const found = pages.some((p) => p.users.some((u) => u.id === id));
        if (found) {
          for (const p of pages) p.users = p.users.map((u) => (u.id === id ? { ...u, ...event.user } : u));
        } else if (event.action === "create" && pages[0]) {
          pages[0].users.unshift(event.user);
          for (const p of pages) p.count += 1;
        }
      }
      return { ...data, pages };
    });
  });
}
