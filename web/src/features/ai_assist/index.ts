/**
 * What other features may use of the AI assistant: the composer's button and panel, the
 * transfer dialog's summary option, the waiting ticket's suggested tags and queue, a message
 * bubble's translation, and the Settings tab.
 */
export { AiComposer } from "./components/ai_composer.tsx";
export { useMessageTranslation } from "./components/message_translation.tsx";
export { useAiClassify } from "./components/ai_classify.tsx";
export { AiSettingsTab } from "./components/ai_settings_tab.tsx";
export {
  leaveSummary,
  TransferSummaryOption,
  useTransferSummaryAvailable,
} from "./components/transfer_summary.tsx";
export { useAiStatus } from "./api/ai_assist.ts";
