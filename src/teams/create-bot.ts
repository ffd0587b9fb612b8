import type { Application, TurnState } from "@microsoft/teams-ai";
import { displayNamesFrom } from "../cards";
import type { AppConfig } from "../config";
import type { Telemetry } from "../telemetry";
import type { WorkflowDeps } from "../workflow/deps";
import type { EventSink, RunStore } from "../workflow/ports";
import { createBotApplication } from "./bot-application";
import type { ApprovalHooks, Log, TeamsStore } from "./bot-deps";
import type { BotIdentity } from "./bot-identity";
import { approvalsUnavailable } from "./card-actions";
import { Messenger } from "./messenger";
import { QuestionRuns } from "./question-runs";
import { underReviewNotice } from "./run-delivery";
import { recoverInFlightRuns } from "./run-recovery";
import { RunWatch } from "./run-watch";
import { createTeamsAdapter, type ProcuraTeamsAdapter } from "./teams-adapter";
import { typingFirst } from "./typing-first";
import { classifyMessage } from "./inbound-message";

/** What the bot is built from; the composition root builds the adapters. */
export interface CreateBotOptions {
  config: AppConfig;
  /** Resolved by the caller before it opens the store (`resolveBotIdentity`), so a missing one fails fast. */
  identity: BotIdentity;
  store: TeamsStore;
  telemetry: Telemetry;
  /** Builds the workflow deps around the given store and event sink (they feed the progress cards). */
  workflow: (wiring: { store: RunStore; events: EventSink }) => Promise<WorkflowDeps>;
  /** The approvals flow's seams (issue 4); by default: an under-review notice, and a refusal for approval actions. */
  approvals?: Partial<ApprovalHooks>;
  log?: Log;
}

/** The assembled bot, not yet serving. */
export interface Bot {
  app: Application<TurnState>;
  adapter: ProcuraTeamsAdapter;
  botAppId: string | undefined;
  messenger: Messenger;
  questions: QuestionRuns;
  /** Resumes and delivers runs a stopped process left in flight; returns how many. */
  recover(): Promise<number>;
}

/** Wires identity, adapter, the question flow, card actions and the teams-ai routes. */
export async function createBot(options: CreateBotOptions): Promise<Bot> {
  const { config, identity, store, telemetry } = options;
  const log = options.log ?? ((line: string) => console.log(line));
  const adapter = createTeamsAdapter(identity);
  adapter.use(typingFirst((activity) => classifyMessage(activity, config.env.MAX_QUESTION_CHARS).kind === "question"));
  const messenger = new Messenger(adapter, identity.appId);
  const watch = new RunWatch(telemetry.eventSink);
  const workflow = await options.workflow({ store: watch.observe(store.runs), events: watch.sink });
  const names = displayNamesFrom(workflow.prompts.specialists);
  const qscoreThreshold = config.workflow.qscoreThreshold;
  const questions = new QuestionRuns({
    workflow,
    watch,
    messenger,
    conversations: store.conversations,
    names,
    log,
    delivery: {
      messenger,
      transcripts: store.transcripts,
      telemetry,
      names,
      qscoreThreshold,
      onAwaitingApproval: options.approvals?.onAwaitingApproval ?? underReviewNotice(messenger),
      log,
    },
  });
  const app = createBotApplication({
    adapter,
    botAppId: identity.appId,
    botState: store.botState,
    questions,
    cardActions: { store, telemetry, names, qscoreThreshold, log },
    onApprovalAction: options.approvals?.onAction ?? approvalsUnavailable,
    maxQuestionChars: config.env.MAX_QUESTION_CHARS,
    telemetry,
    log,
  });
  return {
    app,
    adapter,
    botAppId: identity.appId,
    messenger,
    questions,
    recover: () => recoverInFlightRuns({ runs: store.runs, conversations: store.conversations, questions, log }),
  };
}
