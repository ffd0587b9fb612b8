import type { RunState } from "../domain";
import type { Telemetry } from "../telemetry";
import type { Clock, RunStore } from "../workflow/ports";
import type { CardContext } from "./approval-cards";
import type { ApproverConfig } from "./approver-channel";
import type { ApprovalMessaging, ApprovalRecords, ConversationReferences, SettingsStore } from "./ports";

/** How Teams sends are retried: `attempts` in all, waiting `initialMs`, then × `multiplier`. */
export interface SendRetry {
  attempts: number;
  initialMs: number;
  multiplier: number;
}

/** Five attempts over about 15 s (1, 2, 4, 8 s apart). */
export const DEFAULT_SEND_RETRY: SendRetry = { attempts: 5, initialMs: 1000, multiplier: 2 };

/** Everything the approvals flow and its maintenance job use. */
export interface ApprovalDeps {
  records: ApprovalRecords;
  runs: RunStore;
  transcripts: { save(state: RunState): Promise<unknown> };
  conversations: ConversationReferences;
  settings: SettingsStore;
  messaging: ApprovalMessaging;
  approvers: ApproverConfig;
  timing: { remindAfterMs: number; expireAfterMs: number };
  cards: CardContext;
  clock: Clock;
  telemetry: Pick<Telemetry, "approvalDecided" | "exception">;
  sendRetry: SendRetry;
  log: (line: string) => void;
}
