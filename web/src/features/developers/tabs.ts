/**
 * The Developers screen's tabs, in order. Adding a tab is one line here: a key (also its URL
 * `?tab=` value and its label under `developers:tabs.<key>`), an icon and the panel component,
 * imported from its feature's index.ts.
 */
import type { ComponentType } from "react";
import { KeyRound, type LucideIcon, Webhook } from "lucide-react";
import { WebhooksTab } from "../webhooks/index.ts";
import { ApiKeysTab } from "./components/api_keys_tab.tsx";

export type DeveloperTab = { key: string; icon: LucideIcon; Panel: ComponentType };

export const DEVELOPER_TABS: DeveloperTab[] = [
  { key: "apiKeys", icon: KeyRound, Panel: ApiKeysTab },
  { key: "webhooks", icon: Webhook, Panel: WebhooksTab },
];
