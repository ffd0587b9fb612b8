import type { DisplayNames } from "../cards";
import type { AppConfig } from "../config";
import { describeError, systemClock, type Approval, type RunState } from "../domain";
import { TEAMS_SEND_RETRY } from "../resilience";
import { currentApproverSetupGaps } from "./approver-channel";
import { decideApproval, type DecisionRequest } from "./decide-approval";
import type { ApprovalDeps } from "./ports";
import { runApprovalMaintenance, startApprovalScheduler } from "./maintenance";
import {
  listApprovalHistory,
  listPendingApprovals,
  repostApproval,
  setApproverChannel,
  type ApproverChannelCommand,
  type HistoryRequest,
  type PendingRequest,
} from "./approver-commands";
import { requestApproval, showOutcome } from "./request-approval";

/** What the approvals module is built from; clock and retry are for tests. The Cosmos store satisfies `store` structurally. */
interface CreateApprovalsOptions
  extends Pick<ApprovalDeps, "telemetry" | "messaging" | "continueRun">, Partial<Pick<ApprovalDeps, "log" | "clock" | "sendRetry">> {
  /** Who approves where, the timing and scheduler, the quality threshold the cards show. */
  config: Pick<AppConfig, "approvals" | "env" | "workflow">;
  /** The specialists' display names for the approver card, from the prompt library the process loaded once. */
  names: DisplayNames;
  store: Pick<ApprovalDeps, "runs" | "settings"> & { approvals: ApprovalDeps["records"] };
}

export type Approvals = ReturnType<typeof createApprovals>;

/**
 * The configured approver channel and its tenant (APPROVER_TENANT_ID, else BOT_TENANT_ID), who decides (APPROVER_AAD_IDS), who may
 * choose the channel with `approvers here` (APPROVER_ADMIN_AAD_IDS: choosing the channel chooses who decides, its team's members), and
 * whether the requester may not decide their own request, even as an approver (APPROVAL_SEGREGATION_OF_DUTIES).
 */
export function approversOf(env: AppConfig["env"]) {
  const tenantId = env.APPROVER_TENANT_ID ?? env.BOT_TENANT_ID;
  return {
    ...(env.APPROVER_TEAM_ID ? { teamId: env.APPROVER_TEAM_ID } : {}),
    ...(env.APPROVER_CHANNEL_ID ? { channelId: env.APPROVER_CHANNEL_ID } : {}),
    ...(tenantId ? { tenantId } : {}),
    aadIds: env.APPROVER_AAD_IDS,
    adminAadIds: env.APPROVER_ADMIN_AAD_IDS,
    segregationOfDuties: env.APPROVAL_SEGREGATION_OF_DUTIES,
  };
}
export type ApproverConfig = ReturnType<typeof approversOf>;

/**
 * The approvals room of a process: the bot's routes, the run worker and its own background work (reminders, expiry, decisions left
 * unqueued) call it. It holds no approval state: everything is reloaded from the store.
 */
export function createApprovals(options: CreateApprovalsOptions) {
  const { config, store } = options;
  const deps: ApprovalDeps = {
    records: store.approvals,
    runs: store.runs,
    settings: store.settings,
    messaging: options.messaging,
    approvers: approversOf(config.env),
    timing: config.approvals,
    cards: { names: options.names, qscoreThreshold: config.workflow.qscoreThreshold },
    clock: options.clock ?? systemClock,
    telemetry: options.telemetry,
    sendRetry: options.sendRetry ?? TEAMS_SEND_RETRY,
    continueRun: options.continueRun,
    log: options.log ?? ((line: string) => console.log(line)),
  };
  let stopScheduler: (() => Promise<void>) | undefined;
  const runMaintenance = (now?: Date) => runApprovalMaintenance(deps, now ?? deps.clock.now());
  return {
    deps,
    request: (state: RunState) => requestApproval(deps, state),
    get: async (approvalId: string) => (await deps.records.get(approvalId))?.value,
    /** A decision's queue message: the settled approval resumes its run, and once the run has ended the approver card shows the outcome. */
    async resumeDecided(approvalId: string, resume: (decided: Approval) => Promise<boolean>) {
      const decided = (await deps.records.get(approvalId))?.value;
      if (!decided || decided.status === "pending")
        deps.log(`approval ${approvalId}: ${decided ? "still pending" : "not stored"}; its message is dropped`);
      else if (await resume(decided)) await showOutcome(deps, approvalId);
    },
    /** An approval card click; returns the invoke response. A decision that cannot be queued stays stored; maintenance queues it again. */
    async decide(request: DecisionRequest) {
      const result = await decideApproval(deps, request);
      const decided = result.settledApprovalId;
      if (decided)
        await deps.continueRun(decided).catch((error: unknown) => {
          deps.log(`approval ${decided}: its run could not be queued yet, the maintenance job queues it: ${describeError(error)}`);
          deps.telemetry.exception(error, { correlationId: decided, step: "approval:continue" });
        });
      return result.response;
    },
    setApproverChannel: (command: ApproverChannelCommand) => setApproverChannel(deps, command),
    history: (request: HistoryRequest) => listApprovalHistory(deps, request),
    pending: (request: PendingRequest) => listPendingApprovals(deps, request),
    repost: (request: PendingRequest & { approvalId: string }) => repostApproval(deps, request),
    /** One reminder/expiry pass now (what the scheduler and the Functions timer run). */
    runMaintenance,
    /** What keeps approvals from working with this configuration and stored channel (for the start banner). */
    setupGaps: () => currentApproverSetupGaps(deps.approvers, deps.settings),
    /** Starts the in-process maintenance timer when APPROVAL_SCHEDULER=bot (otherwise a no-op). */
    start() {
      stopScheduler ??= startApprovalScheduler(config.env.APPROVAL_SCHEDULER, () => runMaintenance(), { log: deps.log });
    },
    /** Waits for a pass in progress. */
    stop: async () => stopScheduler?.(),
  };
}
