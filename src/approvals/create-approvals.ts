import type { Log } from "../domain";
import type { DisplayNames } from "../cards";
import type { AppConfig, Env } from "../config";
import { TEAMS_SEND_RETRY, type RetryPolicy } from "../resilience";
import type { Telemetry } from "../telemetry";
import { systemClock } from "../domain";
import type { Clock, RunStore } from "../workflow/ports";
import type { RunLifecycle } from "../workflow/run-lifecycle";
import { ApprovalService } from "./approval-service";
import { followDecidedRuns } from "./follow-decided-runs";
import { currentApproverSetupGaps } from "./approver-setup";
import type { ApprovalDeps } from "./deps";
import { runApprovalMaintenance, type MaintenanceResult } from "./maintenance";
import { startApprovalScheduler } from "./maintenance-scheduler";
import type { ApprovalHistoryRecords, ApprovalMessaging, ApprovalRecords, ConversationReferences, SettingsStore } from "./ports";

/** The store repositories the approvals flow uses (the Cosmos store satisfies this structurally). */
export interface ApprovalStore {
  approvals: ApprovalRecords;
  approvalHistory: ApprovalHistoryRecords;
  runs: RunStore;
  conversations: ConversationReferences;
  settings: SettingsStore;
}

/** The settings the approvals module reads: who approves where, its timing and scheduler, the quality threshold its cards show. */
export interface ApprovalsSettings {
  env: Pick<
    Env,
    | "APPROVER_TEAM_ID"
    | "APPROVER_CHANNEL_ID"
    | "APPROVER_TENANT_ID"
    | "BOT_TENANT_ID"
    | "APPROVER_AAD_IDS"
    | "APPROVER_ADMIN_AAD_IDS"
    | "APPROVAL_SEGREGATION_OF_DUTIES"
    | "APPROVAL_SCHEDULER"
  >;
  approvals: AppConfig["approvals"];
  workflow: Pick<AppConfig["workflow"], "qscoreThreshold">;
}

/** What the approvals module is built from; clock and retry are for tests. */
export interface CreateApprovalsOptions {
  config: ApprovalsSettings;
  /** The specialists' display names for the approver card, from the prompt library the process loaded once. */
  names: DisplayNames;
  store: ApprovalStore;
  telemetry: Pick<Telemetry, "approvalDecided" | "exception">;
  /** How the module reaches Teams: the approver channel, its threads and the requesters. */
  messaging: ApprovalMessaging;
  log?: Log;
  clock?: Clock;
  sendRetry?: RetryPolicy;
  /** Hands a decided or expired approval to the run queue, where a worker resumes its run. */
  continueRun: (approvalId: string) => Promise<void>;
}

/**
 * The approvals module of a process: its service (what the bot's routes and run hand-offs call, wired
 * on Teams' side by `teams/approval-inbound.ts`), what it does once a decided run is delivered, and
 * its own background work (reminders, expiry, decisions left unqueued), started and stopped by the
 * composition root.
 */
export interface Approvals {
  service: ApprovalService;
  deps: ApprovalDeps;
  /** Follows the runs a worker settles: records the delivery of decided ones and shows the approver their outcome. */
  follow(lifecycle: Pick<RunLifecycle, "subscribe">): () => void;
  /** One reminder/expiry pass now (what the scheduler and the Functions timer run). */
  runMaintenance(now?: Date): Promise<MaintenanceResult>;
  /** What keeps approvals from working with this configuration and stored channel (for the start banner). */
  setupGaps(): Promise<string[]>;
  /** Starts the in-process maintenance timer when APPROVAL_SCHEDULER=bot (otherwise a no-op). */
  start(intervalMs?: number): void;
  /** Stops the timer (waiting for a pass in progress). */
  stop(): Promise<void>;
}

/**
 * Builds the approvals module from configuration, the store and its Teams messaging. Usage in the
 * composition root: `const approvals = createApprovals({ config, names, store, telemetry, messaging });`,
 * `approvalsForBot(approvals.service)` for the bot, then `approvals.start()` once the server listens.
 */
export function createApprovals(options: CreateApprovalsOptions): Approvals {
  const { config, store } = options;
  const log = options.log ?? ((line: string) => console.log(line));
  const approverTenant = config.env.APPROVER_TENANT_ID ?? config.env.BOT_TENANT_ID;
  const deps: ApprovalDeps = {
    records: store.approvals,
    history: store.approvalHistory,
    runs: store.runs,
    conversations: store.conversations,
    settings: store.settings,
    messaging: options.messaging,
    approvers: {
      ...(config.env.APPROVER_TEAM_ID ? { teamId: config.env.APPROVER_TEAM_ID } : {}),
      ...(config.env.APPROVER_CHANNEL_ID ? { channelId: config.env.APPROVER_CHANNEL_ID } : {}),
      ...(approverTenant ? { tenantId: approverTenant } : {}),
      aadIds: config.env.APPROVER_AAD_IDS,
      adminAadIds: config.env.APPROVER_ADMIN_AAD_IDS,
      segregationOfDuties: config.env.APPROVAL_SEGREGATION_OF_DUTIES,
    },
    timing: config.approvals,
    cards: {
      names: options.names,
      qscoreThreshold: config.workflow.qscoreThreshold,
    },
    clock: options.clock ?? systemClock,
    telemetry: options.telemetry,
    sendRetry: options.sendRetry ?? TEAMS_SEND_RETRY,
    continueRun: options.continueRun,
    log,
  };
  const service = new ApprovalService(deps);
  let stopScheduler: (() => Promise<void>) | undefined;
  const runMaintenance = (now?: Date) => runApprovalMaintenance(deps, now ?? deps.clock.now());
  return {
    service,
    deps,
    follow: (lifecycle) => followDecidedRuns(lifecycle, deps),
    runMaintenance,
    setupGaps: () => currentApproverSetupGaps(deps.approvers, deps.settings),
    start(intervalMs) {
      stopScheduler ??= startApprovalScheduler(config.env.APPROVAL_SCHEDULER, () => runMaintenance(), {
        log,
        ...(intervalMs ? { intervalMs } : {}),
      });
    },
    async stop() {
      await stopScheduler?.();
    },
  };
}
