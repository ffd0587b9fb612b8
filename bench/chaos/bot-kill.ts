/**
 * The bot process killed (SIGKILL) in the middle of its runs, then started again over the same store
 * and run queue: each run must resume from its checkpoint and each chat get exactly one final reply.
 * Where the process dies is a kill point; several personal chats can ask at once, each its own run.
 */
import { randomUUID } from "node:crypto";
import { streamInfoOf, type RecordedActivity } from "../../test/fakes/fake-connector";
import type { LatencyModelServer, SimulatedCall } from "../../test/fakes/latency-model-server";
import { postActivity, userMessage } from "../activities";
import { finalReplies, type FinalReply } from "../outcomes";
import { DOUBLED_REPLY_GRACE_MS, withKillRig, type KillRig } from "./kill-rig";
import { isSettled } from "../../src/workflow/run-status";

/** Where in its runs the bot process dies. */
export interface KillPoint {
  /** How the chaos table says it ("as …", "while …"). */
  describe: string;
  /** The model call each run dies in: held unanswered until the process is killed. */
  call: (call: SimulatedCall) => boolean;
  /** What each chat must have received before the process dies (nothing more by default). */
  chatShows?: (activities: RecordedActivity[]) => boolean;
}

/** Routed, checkpointed, investigating: the personal chat's stream has had only its first update. */
export const AT_FIRST_SPECIALIST_CALL: KillPoint = {
  describe: "as the first specialist call arrives",
  call: (call) => call.agentId !== "router",
};

/** Investigated, and the stream has told the user so: the Moderator is writing the answer. */
export const MID_STREAM: KillPoint = {
  describe: "while the Moderator writes the answer, after the stream's first updates",
  call: (call) => call.agentId === "moderator",
  chatShows: (activities) => activities.some((activity) => (streamInfoOf(activity)?.streamSequence ?? 0) >= 2),
};

/** What the scenario varies. */
export interface BotKillOptions {
  /** As the first specialist call arrives by default. */
  killPoint?: KillPoint;
  /** One personal chat per question, all asking the first process (one question by default). */
  questions?: string[];
  /** Runs between the kill and the restart, e.g. to change what the dead process left in the store. */
  beforeRestart?: (rig: KillRig, conversationIds: string[]) => Promise<void>;
}

/** One chat around the kill. */
export interface KilledChat {
  conversationId: string;
  question: string;
  /** Everything the connector received for the chat, in arrival order. */
  activities: RecordedActivity[];
  /** Final replies the chat received (exactly one is right). */
  finals: FinalReply[];
  /** The run's stored stage afterwards. */
  storedStatus: string;
}

/** What happened around the kill. */
export interface BotKillResult {
  injected: string;
  userSaw: string;
  chats: KilledChat[];
  /** `performance.now()` once the first process was dead: the connector's `at` tells which process sent what. */
  killedAt: number;
  /** Model calls made before the kill and after the restart. */
  callsBefore: number;
  callsAfter: number;
  restartLog: string[];
}

const DEFAULT_QUESTION = "What is the risk rating of our logistics vendor?";

/** How long the runs may take to reach the kill point, and to be answered after the restart. */
const SCENARIO_STEP_MS = 30_000;

/** Runs the scenario against the simulator (any time scale). */
export async function botKilledMidRun(sim: LatencyModelServer, baseUrl: string, options: BotKillOptions = {}): Promise<BotKillResult> {
  const { killPoint = AT_FIRST_SPECIALIST_CALL, questions = [DEFAULT_QUESTION], beforeRestart } = options;
  sim.reset();
  try {
    return await withKillRig(baseUrl, {}, async (rig) => {
      const { connector, serviceUrl, store, startBot, runIdOf } = rig;
      let bot = await startBot();
      const heldFor = new Set<string>();
      sim.fault = (call) => {
        if (!killPoint.call(call)) return undefined;
        heldFor.add(call.question);
        return { kind: "hang" };
      };
      const chats = questions.map((question) => ({ conversationId: `personal-${randomUUID()}`, question }));
      for (const [index, chat] of chats.entries()) {
        const status = await postActivity(bot.url, userMessage(serviceUrl, chat.conversationId, chat.question, `user-kill-${index + 1}`));
        if (status !== 200) throw new Error(`the bot answered ${status}`);
      }
      await until(
        () =>
          chats.every(
            (chat) => heldFor.has(chat.question) && (killPoint.chatShows?.(connector.inConversation(chat.conversationId)) ?? true),
          ),
        `the kill point: ${killPoint.describe}`,
      );
      await bot.kill9();
      const killedAt = performance.now();
      sim.fault = () => undefined;
      const callsBefore = sim.calls.length;
      await beforeRestart?.(
        rig,
        chats.map((chat) => chat.conversationId),
      );
      bot = await startBot();
      await Promise.all(
        chats.map((chat) =>
          connector.waitFor(
            (a) => a.conversationId === chat.conversationId && finalReplies([a]).length > 0,
            SCENARIO_STEP_MS,
            "a final reply after the restart",
          ),
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, DOUBLED_REPLY_GRACE_MS));
      await bot.kill9();
      const killed = await Promise.all(
        chats.map(async (chat): Promise<KilledChat> => {
          const activities = connector.inConversation(chat.conversationId);
          const runId = await runIdOf(chat.conversationId);
          const stored = runId ? (await store.runs.read(runId))?.value : undefined;
          return {
            ...chat,
            activities,
            finals: finalReplies(activities),
            storedStatus: stored ? `${stored.state.status}${isSettled(stored) ? "" : " (card not sent)"}` : "not stored",
          };
        }),
      );
      return {
        injected: `kill -9 of the bot process ${killPoint.describe}; restart over the same store`,
        userSaw: `${killed.map((chat) => chat.finals.join(", ") || "nothing").join(" | ")} after the restart`,
        chats: killed,
        killedAt,
        callsBefore,
        callsAfter: sim.calls.length - callsBefore,
        restartLog: bot.output.filter((line) => /resum|recover|lease|queue/i.test(line)),
      };
    });
  } finally {
    sim.fault = () => undefined;
  }
}

/** Resolves once `done()` holds (checked every 20 ms); rejects naming `what` after SCENARIO_STEP_MS. */
async function until(done: () => boolean, what: string): Promise<void> {
  const deadline = performance.now() + SCENARIO_STEP_MS;
  while (!done()) {
    if (performance.now() > deadline) throw new Error(`timed out after ${SCENARIO_STEP_MS} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
