import type { Application } from "@microsoft/teams-ai";
import { displayNamesFrom } from "../cards";
import type { AppConfig } from "../config";
import type { RunState } from "../domain";
import { runApprovalMaintenance, type MaintenanceResult } from "../jobs/approval-reminders";
import { startApprovalScheduler } from "../jobs/approval-reminders-scheduler";
import type { Telemetry } from "../telemetry";
import { systemClock } from "../workflow/deps";
import type { Clock, RunStore } from "../workflow/ports";
import { loadPromptLibrary } from "../workflow/prompt-library";
import { ApprovalService } from "./approval-service";
import { DEFAULT_SEND_RETRY, type ApprovalDeps, type SendRetry } from "./deps";
import type { ApprovalMessaging, ApprovalRecords, ConversationReferences, SettingsStore } from "./ports";
import { approversHereHandler, onApprovalAction, onAwaitingApproval } from "./teams-inbound";
import { TeamsApprovalMessaging, type ApprovalAdapter } from "./teams-messaging";

/** The store repositories the approvals flow uses (the Cosmos store satisfies this structurally). */
export interface ApprovalStore {
  approvals: ApprovalRecords;
  runs: RunStore;
  transcripts: { save(state: RunState): Promise<unknown> };
  conversations: ConversationReferences;
  settings: SettingsStore;
}

/** Options for `createApprovals`; clock and retry are for tests. */
export interface CreateApprovalsOptions {
  config: AppConfig;
  store: ApprovalStore;
  telemetry: Pick<Telemetry, "approvalDecided" | "exception">;
  log?: (line: string) => void;
  clock?: Clock;
  sendRetry?: SendRetry;
  /** Overrides the Teams side (tests); by default it is the bot's adapter, given to `attach`. */
  messaging?: ApprovalMessaging;
  /** Hands a decided approval to what continues its run (the run queue); by default it is settled in process. */
  continueDecision?: (approvalId: string) => Promise<void>;
}

/** The approvals flow assembled for the bot process. */
export interface Approvals {
  service: ApprovalService;
  deps: ApprovalDeps;
  /** The seams `createBot({ approvals })` takes. */
  hooks: { onAwaitingApproval: ReturnType<typeof onAwaitingApproval>; onAction: ReturnType<typeof onApprovalAction> };
  /** Connects to the bot once built: its adapter for sends, and the `approvers here` command. */
  attach(bot: { app: Application; adapter: ApprovalAdapter; botAppId: string | undefined }): void;
  /** One reminder/expiry pass now (what the scheduler and the Functions timer run). */
  runMaintenance(now?: Date): Promise<MaintenanceResult>;
  /** Starts the in-process scheduler when APPROVAL_SCHEDULER=bot. */
  startScheduler(intervalMs?: number): void;
  /** Stops the scheduler and waits (within `timeoutMs`) for background deliveries. */
  stop(timeoutMs?: number): Promise<void>;
}

/** Sends go to the bot's adapter once `attach` is called; before that they fail loudly. */
class AttachableMessaging implements ApprovalMessaging {
  target: ApprovalMessaging | undefined;
  private get ready(): ApprovalMessaging {
    if (!this.target) throw new Error("the approvals flow is not attached to the bot yet");
    return this.target;
  }
  postThread: ApprovalMessaging["postThread"] = (...args) => this.ready.postThread(...args);
  updateCard: ApprovalMessaging["updateCard"] = (...args) => this.ready.updateCard(...args);
  replyInThread: ApprovalMessaging["replyInThread"] = (...args) => this.ready.replyInThread(...args);
  sendTo: ApprovalMessaging["sendTo"] = (...args) => this.ready.sendTo(...args);
}

/**
 * Builds the approvals flow from configuration and the store. Usage in the composition root:
 * `const approvals = createApprovals({ config, store, telemetry });`
 * `const bot = await createBot({ …, approvals: approvals.hooks }); approvals.attach(bot); approvals.startScheduler();`
 */
export function createApprovals(options: CreateApprovalsOptions): Approvals {
  const { config, store } = options;
  const log = options.log ?? ((line: string) => console.log(line));
  const attachable = new AttachableMessaging();
  const deps: ApprovalDeps = {
    records: store.approvals,
    runs: store.runs,
    transcripts: store.transcripts,
    conversations: store.conversations,
    settings: store.settings,
    messaging: options.messaging ?? attachable,
    approvers: {
      ...(config.env.APPROVER_TEAM_ID ? { teamId: config.env.APPROVER_TEAM_ID } : {}),
      ...(config.env.APPROVER_CHANNEL_ID ? { channelId: config.env.APPROVER_CHANNEL_ID } : {}),
      aadIds: config.env.APPROVER_AAD_IDS,
      segregationOfDuties: config.env.APPROVAL_SEGREGATION_OF_DUTIES,
    },
    timing: config.approvals,
    cards: { names: displayNamesFrom(loadPromptLibrary(config.workflow.promptsDir).specialists), qscoreThreshold: config.workflow.qscoreThreshold },
    clock: options.clock ?? systemClock,
    telemetry: options.telemetry,
    sendRetry: options.sendRetry ?? DEFAULT_SEND_RETRY,
    log,
  };
  const service = new ApprovalService(deps, options.continueDecision);
  let stopScheduler: (() => Promise<void>) | undefined;
  const runMaintenance = (now?: Date) => runApprovalMaintenance(deps, now ?? deps.clock.now());
  return {
    service,
    deps,
    hooks: { onAwaitingApproval: onAwaitingApproval(service), onAction: onApprovalAction(service) },
    attach(bot) {
      attachable.target = new TeamsApprovalMessaging(bot.adapter, bot.botAppId);
      bot.app.turn("beforeTurn", approversHereHandler(service));
    },
    runMaintenance,
    startScheduler(intervalMs) {
      stopScheduler ??= startApprovalScheduler(config.env.APPROVAL_SCHEDULER, () => runMaintenance(), { log, ...(intervalMs ? { intervalMs } : {}) });
    },
    async stop(timeoutMs = 10_000) {
      await stopScheduler?.();
      await service.drain(timeoutMs);
    },
  };
}
