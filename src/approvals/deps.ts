import type { Log } from "../domain";
import type { RetryPolicy } from "../resilience";
import type { Telemetry } from "../telemetry";
import type { Clock, RunStore } from "../workflow/ports";
import type { CardContext } from "./approval-cards";
import type { ApproverConfig } from "./approver-channel";
import type { ApprovalHistoryRecords, ApprovalMessaging, ApprovalRecords, SettingsStore } from "./ports";

/** Everything the approvals flow and its maintenance job use. */
export interface ApprovalDeps {
  records: ApprovalRecords;
  history: ApprovalHistoryRecords;
  runs: RunStore;
  settings: SettingsStore;
  messaging: ApprovalMessaging;
  approvers: ApproverConfig;
  timing: { remindAfterMs: number; expireAfterMs: number };
  cards: CardContext;
  clock: Clock;
  telemetry: Pick<Telemetry, "approvalDecided" | "exception">;
  /**
   * Hands a decided or expired approval to the run queue, where a worker resumes its run and
   * delivers the requester's card like any other run's.
   */
  continueRun: (approvalId: string) => Promise<void>;
  /** How Teams sends to the approver channel are retried. */
  sendRetry: RetryPolicy;
  log: Log;
}
