import { type Activity, TurnContext } from "botbuilder";
import { buildProgressCard, progressViewFromRun, type DisplayNames } from "../cards";
import { describeError, detectLanguage, type Requester, type RunState } from "../domain";
import type { WorkflowDeps } from "../workflow/deps";
import { resumeRun, runQuestion } from "../workflow/runner";
import type { Log, Reference, TeamsStore } from "./bot-deps";
import { cardActivity } from "./card-activity";
import { LatestOnlyQueue } from "./latest-only-queue";
import type { Messenger } from "./messenger";
import { ProgressMessage } from "./progress-message";
import { deliverRun, type DeliveryDeps } from "./run-delivery";
import type { RunWatch } from "./run-watch";
import { conversationKeyOf } from "./conversation-key";
import { rememberRun } from "../workflow/conversation-turn";

/** What running questions in the background needs. */
export interface QuestionRunsDeps {
  /** Workflow deps whose `events` is `watch.sink` and whose `store` is `watch.observe(…)`. */
  workflow: WorkflowDeps;
  watch: RunWatch;
  messenger: Messenger;
  conversations: TeamsStore["conversations"];
  memory: TeamsStore["memory"];
  delivery: DeliveryDeps;
  names: DisplayNames;
  log: Log;
}

/** Teams throttles edits of one message; one progress update per this interval is plenty to read. */
const PROGRESS_UPDATE_INTERVAL_MS = 700;

/** How a run is started: a new question or a checkpoint to resume. */
type Start = () => Promise<RunState>;

/**
 * A question's life: a progress card inside the turn (typing went out first, see typing-first.ts), then the run in the background
 * (outside the inbound request), the progress card updated as executors finish, and the result
 * delivered proactively. Tracks runs in flight so shutdown can wait for them.
 */
export class QuestionRuns {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly deps: QuestionRunsDeps) {}

  /** Acknowledges the question in the turn and starts its run; returns the run id. */
  async start(context: TurnContext, question: string): Promise<string> {
    const { deps } = this;
    const runId = deps.workflow.newRunId();
    const reference = TurnContext.getConversationReference(context.activity);
    const language = detectLanguage(question);
    const [progress] = await Promise.all([
      context.sendActivity(cardActivity(buildProgressCard({ language, question, phase: "routing", specialists: [], elapsedSeconds: 0 }))),
      // Stored before the run starts, so a restart can still deliver its answer.
      deps.conversations.save(reference.conversation!.id, reference),
    ]);
    // Kept with the run's checkpoints, so a run resumed after a restart updates this same card.
    const requester = { ...requesterOf(context.activity), ...(progress?.id ? { progressActivityId: progress.id } : {}) };
    const conversationKey = conversationKeyOf(context.activity);
    this.launch(runId, reference, progress?.id, () => runQuestion(deps.workflow, { question, requester, runId, conversationKey }));
    return runId;
  }

  /** Continues a run a stopped process left in flight, updating its progress card and delivering to `reference` when known. */
  resume(state: RunState, reference: Reference | undefined): void {
    this.launch(state.runId, reference, state.requester?.progressActivityId, () => resumeRun(this.deps.workflow, state));
  }

  /** Resolves when every run in flight has been delivered, or after `timeoutMs`; true if all finished. */
  async drain(timeoutMs: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
    const all = Promise.all([...this.inFlight]).then(() => true as const);
    const finished = await Promise.race([all, timeout]);
    clearTimeout(timer);
    return finished;
  }

  /** How many runs are in flight. */
  get size(): number {
    return this.inFlight.size;
  }

  private launch(runId: string, reference: Reference | undefined, progressId: string | undefined, start: Start): void {
    const task = this.follow(runId, reference, progressId, start).catch((error) => {
      this.deps.log(`run ${runId}: background task failed: ${describeError(error)}`);
    });
    this.inFlight.add(task);
    void task.finally(() => this.inFlight.delete(task));
  }

  private async follow(runId: string, reference: Reference | undefined, progressId: string | undefined, start: Start): Promise<void> {
    const { deps } = this;
    const progress = reference && progressId ? new ProgressMessage(deps.messenger, reference, progressId, deps.log) : undefined;
    const updates = progress
      ? new LatestOnlyQueue<RunState>(
          (state) => progress.show(cardActivity(buildProgressCard(progressViewFromRun(state, deps.names, new Date())))),
          (error) => deps.log(`run ${runId}: progress update failed: ${describeError(error)}`),
          PROGRESS_UPDATE_INTERVAL_MS,
        )
      : undefined;
    const stopWatching = deps.watch.watch(runId, (state) => updates?.push(state));
    let final: RunState;
    try {
      final = await start();
    } finally {
      stopWatching();
    }
    // The last progress update shows every specialist's outcome, then the answer follows it.
    await updates?.close(final);
    // Remembered before the answer is shown: a follow-up (or a `reset`) typed after seeing it must find the turn already there.
    await rememberRun(deps.memory, final).catch((error) => deps.log(`run ${runId}: could not remember the turn: ${describeError(error)}`));
    await deliverRun(deps.delivery, final, reference);
  }
}

/** Who asked, as ids only. */
function requesterOf(activity: Activity): Requester {
  return {
    userId: activity.from.id,
    ...(activity.from.aadObjectId ? { aadObjectId: activity.from.aadObjectId } : {}),
    conversationId: activity.conversation.id,
    ...(activity.conversation.tenantId ? { tenantId: activity.conversation.tenantId } : {}),
  };
}
