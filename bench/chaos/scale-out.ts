/**
 * Scale-out under failure: three bot processes on one Azurite queue and one embedded Cosmos, questions
 * spread across the live ones by a round-robin "load balancer", one instance killed with kill -9
 * while it holds runs and another restarted gracefully. Every question must get exactly one final
 * reply, and each run the killed instance held must be finished by a survivor within lease + 10 s.
 */
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import type { LatencyModelServer } from "../../test/fakes/latency-model-server";
import { postActivity, userMessage } from "../activities";
import { freePort, type BotProcess } from "../bot-process";
import { finalReplies, runIdsIn } from "../outcomes";
import { percentile } from "../stats";
import { withKillRig } from "./kill-rig";

const BOT_ENTRY = join(__dirname, "..", "bench-bot.ts");

/** The run lease of the scenario: short, so takeovers are quick to observe. */
export const SCALE_OUT_LEASE_SECONDS = 10;

const QUESTIONS = [
  "Can we renew the Acme SaaS contract at +8%?",
  "What is the risk rating of our logistics vendor?",
  "How much did we spend on cloud services in FY2025?",
  "Which suppliers can provide laptops?",
  "Can I accept a gift from a supplier?",
  "What is a fair price for office chairs?",
];

/** What the scenario saw. */
export interface ScaleOutResult {
  questions: number;
  /** Conversations that got exactly one final reply. */
  answered: number;
  /** Final replies beyond the first in any conversation. */
  duplicates: number;
  /** Conversations with no final reply. */
  lost: number;
  /** For each run taken over (held by the killed or the restarted instance): seconds from the kill to the survivor's final reply. */
  takeoverSeconds: number[];
  leaseSeconds: number;
  injected: string;
}

/** Runs the scenario with `count` questions against the model simulator at `baseUrl`. */
export async function scaleOut(sim: LatencyModelServer, baseUrl: string, count = 60, log: (line: string) => void = () => undefined): Promise<ScaleOutResult> {
  sim.reset();
  const env = { RUN_LEASE_SECONDS: String(SCALE_OUT_LEASE_SECONDS), RUN_WORKER_CONCURRENCY: "8" };
  return withKillRig(baseUrl, env, async ({ connector, serviceUrl, store, startBot }) => {
    // The bench's bot entry: tools read the sample data from memory, as a real Cosmos account would answer in
    // milliseconds where the embedded server takes seconds per spend query (it would starve every instance).
    // Three tsx processes starting at once on a loaded machine take a while: a generous start-up bound.
    const start = async (port?: number) => startBot({ entry: BOT_ENTRY, port: port ?? (await freePort()), timeoutMs: 180_000 });
    // Three at once on the same store: concurrent creation of the containers must not fail any of them.
    const bots: BotProcess[] = await Promise.all([0, 1, 2].map(() => start()));
    const live = new Set([0, 1, 2]);
    let next = 0;
    const pickLive = () => {
      const order = [...live];
      return order[next++ % order.length];
    };
    const conversations: string[] = [];
    const ask = async (i: number) => {
      const conversationId = `personal-${randomUUID()}`;
      conversations.push(conversationId);
      const activity = userMessage(serviceUrl, conversationId, QUESTIONS[i % QUESTIONS.length], `user-${i % 7}`);
      // Like a load balancer: an instance that refuses the connection is skipped for the next one.
      for (let attempt = 1; ; attempt++) {
        const status = await postActivity(bots[pickLive()].url, activity).catch((error: unknown) => (attempt < 5 ? 0 : Promise.reject(error as Error)));
        if (status === 200) return;
        if (status !== 0) throw new Error(`a bot answered ${status}`);
      }
    };
    const half = Math.floor(count / 2);
    await Promise.all(Array.from({ length: half }, (_, i) => ask(i)));
    // Mid-run: instance 0 holds runs now. Kill it without warning.
    await new Promise((resolve) => setTimeout(resolve, 300));
    live.delete(0);
    const killAt = performance.now();
    await bots[0].kill9();
    log(`  killed instance 0 (pid ${bots[0].pid}) with kill -9`);
    // Meanwhile instance 1 is restarted gracefully (its unfinished runs go back to the queue at once).
    live.delete(1);
    const rest = Array.from({ length: count - half }, (_, i) => ask(half + i));
    await bots[1].terminate();
    // As the platform does, a start that fails (the store slow under this load) is tried again.
    for (let attempt = 1; ; attempt++) {
      try {
        bots[1] = await start(Number(new URL(bots[1].url).port));
        break;
      } catch (error) {
        if (attempt === 3) throw error;
        log(`  instance 1 failed to start (attempt ${attempt}), starting it again`);
      }
    }
    live.add(1);
    log("  restarted instance 1 (SIGTERM, then started again)");
    await Promise.all(rest);
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline && conversations.some((id) => finalReplies(connector.inConversation(id)).length === 0))
      await new Promise((resolve) => setTimeout(resolve, 250));
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    for (const [i, bot] of bots.entries())
      for (const line of bot.output.filter((l) => /fail|error|lease|poison|queue:/i.test(l)).slice(-5)) log(`  instance ${i}: ${line}`);

    let answered = 0;
    let duplicates = 0;
    let lost = 0;
    const takeoverSeconds: number[] = [];
    for (const id of conversations) {
      const activities = connector.inConversation(id);
      const finals = activities.filter((a) => finalReplies([a]).length > 0);
      if (finals.length === 0) lost++;
      else answered++;
      duplicates += Math.max(0, finals.length - 1);
      const [runId] = runIdsIn(activities);
      const run = runId ? await store.runs.load(runId) : undefined;
      // Taken over: more than one owner, and its final reply came after the kill.
      if (run?.lifecycle && run.lifecycle.owners > 1 && finals[0] && finals[0].at > killAt) takeoverSeconds.push((finals[0].at - killAt) / 1000);
    }
    return {
      questions: conversations.length,
      answered,
      duplicates,
      lost,
      takeoverSeconds,
      leaseSeconds: SCALE_OUT_LEASE_SECONDS,
      injected: `3 instances, ${count} questions; kill -9 of one mid-run, graceful restart of another (lease ${SCALE_OUT_LEASE_SECONDS} s)`,
    };
  });
}

/** The table `npm run chaos -- scale-out` prints. */
export function scaleOutTable(result: ScaleOutResult): string {
  const p = (q: number) => (result.takeoverSeconds.length ? `${percentile(result.takeoverSeconds, q).toFixed(1)} s` : "—");
  const rows = [
    ["questions", String(result.questions)],
    ["answers (exactly one final reply)", String(result.answered)],
    ["duplicates", String(result.duplicates)],
    ["lost", String(result.lost)],
    ["runs taken over (from the killed or the restarted instance)", String(result.takeoverSeconds.length)],
    ["takeover p50 (kill → final reply)", p(50)],
    ["takeover p95 (kill → final reply)", p(95)],
    ["bound (lease + 10 s)", `${result.leaseSeconds + 10} s`],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  return rows.map(([k, v]) => `${k.padEnd(width)}  ${v}`).join("\n");
}

/** True when the scenario met its bar. */
export function scaleOutPassed(result: ScaleOutResult): boolean {
  return result.lost === 0 && result.duplicates === 0 && result.answered === result.questions && result.takeoverSeconds.every((s) => s <= result.leaseSeconds + 10);
}
