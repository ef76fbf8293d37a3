/** Shapes of the API contract shared by several features. */
export type Toggle = "enabled" | "disabled";

export type Plan = {
  id: number;
  name: string;
  users: number;
  connections: number;
  queues: number;
  amount: number;
  useWhatsapp: boolean;
  useFacebook: boolean;
  useInstagram: boolean;
  useCampaigns: boolean;
  useSchedules: boolean;
  useInternalChat: boolean;
  useExternalApi: boolean;
  useKanban: boolean;
  useOpenAi: boolean;
  useIntegrations: boolean;
};

export type Company = {
  id: number;
  name: string;
  dueDate: string | null;
  timezone?: string;
  plan: Plan | null;
  settings?: Record<string, string>;
};

export type QueueRef = { id: number; name: string; color: string };

export type User = {
  id: number;
  name: string;
  email: string;
  profile: "admin" | "user";
  super: boolean;
  companyId: number;
  online?: boolean;
  startWork: string;
  endWork: string;
  farewellMessage: string | null;
  whatsappId: number | null;
  queues: QueueRef[];
  allTicket: Toggle;
  allHistoric: Toggle;
  allUserChat: Toggle;
  userClosePendingTicket: Toggle;
  showDashboard: Toggle;
  allowRealTime: Toggle;
  allowConnections: Toggle;
  allowGroup: boolean;
  defaultTheme: "light" | "dark";
  defaultMenu: "open" | "closed";
  profileImage: string | null;
  defaultTicketsManagerWidth?: number;
  createdAt?: string;
  company?: Company;
};

export type Connection = { id: number; name: string; status: string; channel: string; isDefault: boolean };
export type Queue = { id: number; name: string; color: string };
