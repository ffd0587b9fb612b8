/**
 * Scale-out under failure: three bot processes on one Azurite queue and one embedded Cosmos, questions
 * spread across the live ones by a round-robin "load balancer". One instance is killed with kill -9
 * while it holds a full set of runs; later another is restarted gracefully. Every question must get
 * exactly one final reply, and each run the killed instance held must be finished by a survivor
 * within lease + 10 s.
 *
 * The load is what an operator sizes a cluster for: enough headroom that the instances left after
 * losing one still carry it (N+1). It opens with a burst that fills every instance to its
 * concurrency (so the killed one holds that many runs), then questions keep arriving at a steady
 * rate the two survivors carry with about half their slots. A survivor saturated by a burst larger
 * than its capacity cannot meet the bound, whatever the queue does: an orphan that reappears waits
 * for the next free slot (up to one run's length) before its own remaining run.
 *
 * Before that, with the three instances fresh, the store is paused for 12 s (connections open, nothing
 * answered, so every store call hangs until the client's timeout) while questions arrive on all three:
 * accepting a question needs only the queue, so none may be lost and none answered twice.
 */
import { randomUUID } from "node:crypto";
import type { LatencyModelServer } from "../../test/fakes/latency-model-server";
import { postActivity, userMessage } from "../activities";
import { BENCH_BOT_ENTRY, freePort, type BotProcess } from "../bot-process";
import { finalReplies, runIdsIn } from "../outcomes";
import { percentile } from "../stats";
import { withKillRig, type KillRig } from "./kill-rig";

/** The run lease of the scenario: short, so takeovers are quick to observe. */
export const SCALE_OUT_LEASE_SECONDS = 10;

/** Runs per instance at once. */
const CONCURRENCY = 8;

const INSTANCES = 3;

/** The steady arrivals after the opening burst: one question every this many ms. */
const ARRIVAL_MS = 600;

const QUESTIONS = [
  "Can we renew the Acme SaaS contract at +8%?",
  "What is the risk rating of our logistics vendor?",
  "How much did we spend on cloud services in FY2025?",
  "Which suppliers can provide laptops?",
  "Can I accept a gift from a supplier?",
  "What is a fair price for office chairs?",
];

/** How long the store is paused in the first phase. */
const STORE_PAUSE_MS = 12_000;

/** Questions that arrive, round-robin over the three instances, while the store is paused. */
const PAUSED_QUESTIONS = 12;

/** What one phase's askers saw. */
export interface PhaseOutcome {
  asked: number;
  /** Conversations that got at least one final reply. */
  answered: number;
  /** Conversations with no final reply. */
  lost: number;
  /** Final replies beyond the first in any conversation. */
  duplicated: number;
}

/** How long runs taken over waited and took, in seconds from the event that orphaned them. */
export interface Takeovers {
  /** … until a survivor claimed the run. */
  claimedSeconds: number[];
  /** … until the survivor's final reply reached the user. */
  finishedSeconds: number[];
}

/** What the scenario saw. */
export interface ScaleOutResult {
  /** Questions asked while the store was paused. */
  storePaused: PhaseOutcome;
  /** Questions asked around the kill and the restart. */
  killAndRestart: PhaseOutcome;
  /** Runs the killed instance held, measured from the kill. */
  killed: Takeovers;
  /** Runs the restarted instance gave back unfinished, measured from its SIGTERM. */
  restarted: Takeovers;
  leaseSeconds: number;
  injected: string;
}

/** Runs the scenario with `count` questions against the model simulator at `baseUrl`. */
export async function scaleOut(
  sim: LatencyModelServer,
  baseUrl: string,
  count = 60,
  log: (line: string) => void = () => undefined,
): Promise<ScaleOutResult> {
  sim.reset();
  const env = { RUN_LEASE_SECONDS: String(SCALE_OUT_LEASE_SECONDS), RUN_WORKER_CONCURRENCY: String(CONCURRENCY) };
  return withKillRig(baseUrl, env, async ({ connector, serviceUrl, store, startBot, pauseStore }) => {
    // The bench's bot entry: tools read the sample data from memory, as a real Cosmos account would answer in
    // milliseconds where the embedded server takes seconds per spend query (it would starve every instance).
    // Three tsx processes starting at once on a loaded machine take a while: a generous start-up bound.
    const start = async (port?: number) => startBot({ entry: BENCH_BOT_ENTRY, port: port ?? (await freePort()), timeoutMs: 180_000 });
    // All at once on the same store: concurrent creation of the containers must not fail any of them.
    const bots: BotProcess[] = await Promise.all(Array.from({ length: INSTANCES }, () => start()));
    const live = new Set(bots.keys());
    let next = 0;
    const pickLive = () => {
      const order = [...live];
      return order[next++ % order.length];
    };
    const conversations: string[] = [];
    const ask = async (i: number, into = conversations) => {
      const conversationId = `personal-${randomUUID()}`;
      into.push(conversationId);
      const activity = userMessage(serviceUrl, conversationId, QUESTIONS[i % QUESTIONS.length], `user-${i % 7}`);
      // Like a load balancer: an instance that refuses the connection is skipped for the next one.
      for (let attempt = 1; ; attempt++) {
        const status = await postActivity(bots[pickLive()].url, activity).catch((error: unknown) =>
          attempt < 5 ? 0 : Promise.reject(error as Error),
        );
        if (status === 200) return;
        if (status !== 0) throw new Error(`a bot answered ${status}`);
      }
    };
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const allAnswered = async (ids: string[], withinMs: number) => {
      const deadline = Date.now() + withinMs;
      while (Date.now() < deadline && ids.some((id) => finalReplies(connector.inConversation(id)).length === 0)) await sleep(250);
      // A doubled reply would come shortly after the first.
      await sleep(2_000);
    };

    // The store paused while questions arrive on every instance; they are answered once it is back.
    const pausedConversations: string[] = [];
    pauseStore(STORE_PAUSE_MS);
    log(`  store paused for ${STORE_PAUSE_MS / 1000} s`);
    for (let i = 0; i < PAUSED_QUESTIONS; i++) {
      await ask(i, pausedConversations);
      await sleep((STORE_PAUSE_MS * 0.8) / PAUSED_QUESTIONS);
    }
    await allAnswered(pausedConversations, 120_000);
    const storePaused = outcomeOf(connector, pausedConversations);
    log(
      `  store paused: ${storePaused.answered}/${storePaused.asked} answered, ${storePaused.lost} lost, ${storePaused.duplicated} duplicated`,
    );

    // Every instance at its concurrency; the questions are posted round-robin, but a worker takes from the shared queue.
    const burst = Math.min(count, INSTANCES * CONCURRENCY);
    await Promise.all(Array.from({ length: burst }, (_, i) => ask(i)));
    const steady = (async () => {
      for (let i = burst; i < count; i++) {
        await ask(i);
        await sleep(ARRIVAL_MS);
      }
    })();
    // Mid-run: instance 0 holds runs now. Kill it without warning.
    await sleep(1_000);
    live.delete(0);
    const killAt = performance.now();
    const killWall = Date.now();
    const killedPid = bots[0].pid;
    await bots[0].kill9();
    log(`  killed instance 0 (pid ${bots[0].pid}) with kill -9`);

    // Once the killed instance's runs are due, instance 1 is restarted gracefully (a platform restart or slot swap):
    // its unfinished runs go back to the queue at once.
    await sleep(SCALE_OUT_LEASE_SECONDS * 1000 + 10_000);
    live.delete(1);
    const termAt = performance.now();
    const termWall = Date.now();
    const restartedPid = bots[1].pid;
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
    log(`  restarted instance 1 (SIGTERM, then started again; back after ${((performance.now() - termAt) / 1000).toFixed(1)} s)`);
    await steady;
    await allAnswered(conversations, 120_000);
    for (const [i, bot] of bots.entries())
      for (const line of bot.output.filter((l) => /fail|error|lease|poison|queue:/i.test(l)).slice(-5)) log(`  instance ${i}: ${line}`);

    const killed: Takeovers = { claimedSeconds: [], finishedSeconds: [] };
    const restarted: Takeovers = { claimedSeconds: [], finishedSeconds: [] };
    for (const id of conversations) {
      const activities = connector.inConversation(id);
      const finals = activities.filter((a) => finalReplies([a]).length > 0);
      const [runId] = runIdsIn(activities);
      const lifecycle = runId ? (await store.runs.read(runId))?.value.lifecycle : undefined;
      if (!lifecycle?.claimedAt || !finals[0]) continue;
      // Owner ids name the process and the delivery ("host-pid-xxxx#2"): taken over from the killed instance, or given
      // back by the restarted one. A message the killed instance held but had not claimed yet has no previous
      // owner on the run; it shows as a later delivery, claimed before the restart (or after it: counted from the SIGTERM).
      const claimedWall = Date.parse(lifecycle.claimedAt);
      const from = (pid: number) => lifecycle.takenOverFrom?.includes(`-${pid}-`) ?? false;
      const redelivered = Number(lifecycle.owner?.split("#")[1] ?? 1) > 1;
      const unclaimedBefore = !lifecycle.takenOverFrom && redelivered && claimedWall > killWall;
      const origin =
        from(killedPid) || (unclaimedBefore && claimedWall < termWall)
          ? { takeovers: killed, wall: killWall, at: killAt }
          : from(restartedPid) || unclaimedBefore
            ? { takeovers: restarted, wall: termWall, at: termAt }
            : undefined;
      if (!origin) continue;
      origin.takeovers.claimedSeconds.push((claimedWall - origin.wall) / 1000);
      origin.takeovers.finishedSeconds.push((finals[0].at - origin.at) / 1000);
    }
    return {
      storePaused,
      killAndRestart: outcomeOf(connector, conversations),
      killed,
      restarted,
      leaseSeconds: SCALE_OUT_LEASE_SECONDS,
      injected:
        `${INSTANCES} instances × ${CONCURRENCY} runs, lease ${SCALE_OUT_LEASE_SECONDS} s; first the store paused ${STORE_PAUSE_MS / 1000} s while ${PAUSED_QUESTIONS} questions arrive; ` +
        `then ${count} questions: ${burst} at once, then one every ${ARRIVAL_MS} ms; ` +
        `kill -9 of one instance 1 s after the burst, graceful restart of another ${SCALE_OUT_LEASE_SECONDS + 10} s later`,
    };
  });
}

/** Counts what the askers in `conversations` were finally told. */
function outcomeOf(connector: KillRig["connector"], conversations: string[]): PhaseOutcome {
  const finals = conversations.map((id) => finalReplies(connector.inConversation(id)).length);
  return {
    asked: conversations.length,
    answered: finals.filter((n) => n > 0).length,
    lost: finals.filter((n) => n === 0).length,
    duplicated: finals.reduce((sum, n) => sum + Math.max(0, n - 1), 0),
  };
}

/** The per-phase table: asked / answered / lost / duplicated. */
export function phaseTable(result: ScaleOutResult): string {
  const rows = [
    ["phase", "asked", "answered", "lost", "duplicated"],
    ...(
      [
        [`store paused ${STORE_PAUSE_MS / 1000} s, ${INSTANCES} instances`, result.storePaused],
        ["kill -9 and restart", result.killAndRestart],
      ] as const
    ).map(([phase, o]) => [phase, String(o.asked), String(o.answered), String(o.lost), String(o.duplicated)]),
  ];
  const widths = rows[0].map((_, c) => Math.max(...rows.map((row) => row[c].length)));
  return rows.map((row) => row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join("  ")).join("\n");
}

/** The table `npm run chaos -- scale-out` prints. */
export function scaleOutTable(result: ScaleOutResult): string {
  const p = (values: number[], q: number) => (values.length ? `${percentile(values, q).toFixed(1)} s` : "—");
  const takeoverRows = (what: string, from: string, t: Takeovers) => [
    [`runs taken over from the ${what} instance`, String(t.finishedSeconds.length)],
    [`  claimed by a survivor p50 / p95 (${from} → claim)`, `${p(t.claimedSeconds, 50)} / ${p(t.claimedSeconds, 95)}`],
    [`  takeover p50 / p95 (${from} → final reply)`, `${p(t.finishedSeconds, 50)} / ${p(t.finishedSeconds, 95)}`],
  ];
  const rows = [
    ...takeoverRows("killed", "kill", result.killed),
    ...takeoverRows("restarted", "SIGTERM", result.restarted),
    ["bound (lease + 10 s)", `${result.leaseSeconds + 10} s`],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  return rows.map(([k, v]) => `${k.padEnd(width)}  ${v}`).join("\n");
}

/** True when the scenario met its bar. */
export function scaleOutPassed(result: ScaleOutResult): boolean {
  const bound = result.leaseSeconds + 10;
  const inBound = (t: Takeovers) => t.finishedSeconds.every((s) => s <= bound);
  const whole = (o: PhaseOutcome) => o.lost === 0 && o.duplicated === 0 && o.answered === o.asked;
  return (
    whole(result.storePaused) &&
    whole(result.killAndRestart) &&
    result.killed.finishedSeconds.length > 0 &&
    inBound(result.killed) &&
    inBound(result.restarted)
  );
}
