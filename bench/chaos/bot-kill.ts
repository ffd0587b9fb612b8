/**
 * The bot process killed (SIGKILL) in the middle of a run, then started again over the same store:
 * the run must resume from its checkpoint and the user get exactly one final reply.
 */
import { randomUUID } from "node:crypto";
import type { LatencyModelServer } from "../../test/fakes/latency-model-server";
import { postActivity, userMessage } from "../activities";
import { finalReplies, runIdsIn, type FinalReply } from "../outcomes";
import { DOUBLED_REPLY_GRACE_MS, withKillRig } from "./kill-rig";

/** What happened around the kill. */
export interface BotKillResult {
  injected: string;
  userSaw: string;
  /** Final replies the conversation received (exactly one is right). */
  finals: FinalReply[];
  /** The run's stored status afterwards. */
  storedStatus?: string;
  /** Model calls made before the kill and after the restart. */
  callsBefore: number;
  callsAfter: number;
  restartLog: string[];
}

/** Runs the scenario against the simulator (any time scale). */
export async function botKilledMidRun(sim: LatencyModelServer, baseUrl: string): Promise<BotKillResult> {
  sim.reset();
  try {
    return await withKillRig(baseUrl, {}, async ({ connector, serviceUrl, store, startBot }) => {
      let bot = await startBot();
      let killed: Promise<void> | undefined;
      sim.fault = (call) => {
        // Kill as the first specialist call arrives: routed, checkpointed, investigating.
        if (!killed && call.agentId !== "router") killed = bot.kill9();
        return undefined;
      };
      const conversationId = `personal-${randomUUID()}`;
      const question = "What is the risk rating of our logistics vendor?";
      const status = await postActivity(bot.url, userMessage(serviceUrl, conversationId, question, "user-kill"));
      if (status !== 200) throw new Error(`the bot answered ${status}`);
      while (!killed) await new Promise((resolve) => setTimeout(resolve, 20));
      await killed;
      sim.fault = () => undefined;
      const callsBefore = sim.calls.length;
      bot = await startBot();
      await connector.waitFor(
        (a) => a.conversationId === conversationId && finalReplies([a]).length > 0,
        30_000,
        "a final reply after the restart",
      );
      await new Promise((resolve) => setTimeout(resolve, DOUBLED_REPLY_GRACE_MS));
      await bot.kill9();
      const finals = finalReplies(connector.inConversation(conversationId));
      const [runId] = runIdsIn(connector.inConversation(conversationId));
      const stored = runId ? await store.runs.load(runId) : undefined;
      return {
        injected: "kill -9 of the bot process as the first specialist call arrives; restart over the same store",
        userSaw: `${finals.join(", ") || "nothing"} after the restart`,
        finals,
        storedStatus: stored?.lifecycle?.stage ?? "not stored",
        callsBefore,
        callsAfter: sim.calls.length - callsBefore,
        restartLog: bot.output.filter((line) => /resum|recover|lease|queue/i.test(line)),
      };
    });
  } finally {
    sim.fault = () => undefined;
  }
}
