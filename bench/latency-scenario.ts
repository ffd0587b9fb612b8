/**
 * `npm run bench -- latency`: per orchestration mode, for first questions and follow-ups apart, what
 * a question costs in model time — the model calls in sequence on the critical path, the output
 * tokens written on it, the first streamed answer text, the full answer and the cost per question —
 * over the latency simulator (the real OpenAI-compatible adapter and graph, offline replies, each
 * model's latency profile and the content filter's chunking). A follow-up is the second turn of a
 * dialogue of test/fixtures/followups, asked in the same conversation, so the rewriter is on its path.
 *
 * Times are the simulator's planned model time scaled back to full speed, so machine load does not
 * move them (our own overhead is measured by the load bench, not here). The first streamed text is the conclusion the answer preview first
 * received (what a personal chat streams), placed on the run's critical path when the model had
 * written it: at the simulator's write of the chunk that completed that text, not when our reader
 * handed it on (that lag is not model time: our own work, which dividing by the time scale would
 * multiply, and the stream reader holding each event until the next chunk arrives).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { ORCHESTRATION_MODES, type OrchestrationMode } from "../src/domain";
import { readFollowUpDialogues } from "../src/eval/followups";
import { createOpenAiCompatibleChatModel } from "../src/llm/openai-chat-model";
import { rememberRun } from "../src/workflow/conversation-turn";
import { runQuestion } from "../src/workflow/runner";
import { LatencyModelServer, type SimulatedCall } from "../test/fakes/latency-model-server";
import { sampleData, sampleEvidencePlanner, workflowHarness } from "../test/fakes/workflow-harness";
import { criticalPath } from "./critical-path";
import { firstTextOnPath, streamingModerator, type FirstShown } from "./first-text";
import { benchQuestions } from "./questions";
import { latencyProfileOf, profilesWith, type ContentFilterMode, type ModelProfiles } from "./sim/latency";
import { OfflineReplies } from "./sim/offline-replies";
import { mean, p50p95 } from "./stats";

const PriceSchema = z.object({ input: z.number().min(0), output: z.number().min(0), sources: z.array(z.string().min(1)).min(1) });

/** List prices per million tokens, with their sources (bench/sim/model-prices.json). */
const MODEL_PRICES = z
  .object({ about: z.string(), models: z.record(PriceSchema).refine((models) => "default" in models, "needs a 'default' entry") })
  .parse(JSON.parse(readFileSync(path.join(__dirname, "sim", "model-prices.json"), "utf8"))).models;

/** Whether a row's questions opened a conversation or followed up in one (the rewriter on the path). */
export type QuestionKind = "first" | "follow-up";

/** One mode's figures over one kind of question. */
export interface LatencyRow {
  mode: OrchestrationMode;
  kind: QuestionKind;
  questions: number;
  /** Mean model calls on the critical path (Router → … → Moderator). */
  callsInSequence: number;
  /** Most model calls on the critical path of any question. */
  maxCallsInSequence: number;
  /** Mean output tokens (reasoning included: generated before the answer, billed as output) of the calls on the critical path. */
  criticalOutputTokens: number;
  firstText: { p50: number; p95: number };
  /** When the Moderator call that streamed the first text started, on the path: what is before its own time to first text. */
  moderatorStart: { p50: number; p95: number };
  answer: { p50: number; p95: number };
  /** Mean list-price cost of all of a question's calls, US dollars. */
  costUsd: number;
  /** The part of `costUsd` spent on specialists started on a guess the Router did not choose (cancelled, or finished unused). */
  cancelledCostUsd: number;
  /** Mean cost of the calls of specialists started before the Router answered: what guessing wrong every time would add at most. */
  speculativeCostUsd: number;
}

/** Options of the latency bench (see src/cli/bench.ts for the flags). */
export interface LatencyOptions {
  runs: number;
  /** Follow-ups asked per mode (each after its dialogue's first turn). */
  followUps: number;
  timeScale: number;
  seed: number;
  /** A profiles file laid over the shipped ones (calibrated or alternative figures). */
  profiles?: string;
  contentFilter: ContentFilterMode;
  /** The Router's (and so the rewriter's) own deployment of gpt-5.4-mini, profiled in `profiles`; unset: the specialists'. */
  routerDeployment?: string;
  /** Hedged requests in the simulator: a call with no first token by this quantile of its model's time to first token is sent twice. */
  hedgeQuantile?: number;
  /** Figures of follow-ups as if the rewriter and the Router were one call (see `asOneUnderstandingCall`). */
  rewriterInRouter?: boolean;
  /** The first streamed text as if the Router's first choice streamed its own summary (see `leadSpecialistWords`). */
  specialistStreams?: boolean;
}

const DIALOGUES = path.join(__dirname, "..", "test", "fixtures", "followups", "dialogues.json");

/** Runs `runs` first questions and `followUps` follow-ups through every mode, one question at a time. */
export async function runLatencyScenario(options: LatencyOptions, log: (line: string) => void): Promise<LatencyRow[]> {
  const profiles = profilesWith(options.profiles);
  const sim = new LatencyModelServer({
    replies: await OfflineReplies.create(sampleData),
    timeScale: options.timeScale,
    seed: options.seed,
    profiles,
    contentFilter: options.contentFilter,
    hedgeQuantile: options.hedgeQuantile,
  });
  const { baseUrl } = await sim.start();
  try {
    const evidencePlanner = await sampleEvidencePlanner();
    const model = createOpenAiCompatibleChatModel({ baseUrl, retry: { maxRetries: 2, initialMs: 20, multiplier: 2, maxMs: 500 } });
    const firstQuestions = benchQuestions(options.runs).map((question) => ({ opening: undefined, question }));
    const followUps = readFollowUpDialogues(DIALOGUES)
      .slice(0, options.followUps)
      .map((dialogue) => ({ opening: dialogue.turns[0].message, question: dialogue.turns[1].message }));
    const rows: LatencyRow[] = [];
    for (const mode of ORCHESTRATION_MODES)
      for (const [kind, asked] of [
        ["first", firstQuestions],
        ["follow-up", followUps],
      ] as const) {
        if (asked.length === 0) continue;
        log(`latency: ${asked.length} ${kind === "first" ? "first questions" : "follow-ups"} in ${mode} mode…`);
        const runs = [];
        for (const [index, { opening, question }] of asked.entries()) {
          const router = options.routerDeployment;
          const { deps } = workflowHarness(model, router ? { ROUTER_MODEL: router, ROUTER_BASE_MODEL: "gpt-5.4-mini" } : {});
          const guessed = new Set<string>();
          deps.evidencePlanner = {
            plan: (...args) => evidencePlanner.plan(...args),
            // The specialists the run starts on its guess (as SpeculativeSpecialists cuts it), known as made, not from a race of timers.
            guess: async (...args) => {
              const ids = await evidencePlanner.guess(...args);
              for (const id of ids.slice(0, deps.settings.maxSpecialists)) guessed.add(id);
              return ids;
            },
          };
          const conversationKey = `bench-${mode}-${index}`;
          if (opening !== undefined) await rememberRun(deps.memory, await runQuestion(deps, { question: opening, mode, conversationKey }));
          sim.reset();
          guessed.clear();
          let firstShown: FirstShown | undefined;
          deps.answerPreview = { conclusion: (_runId, text) => (firstShown ??= { at: performance.now(), text }) };
          const state = await runQuestion(deps, { question, mode, conversationKey });
          const merged = options.rewriterInRouter === true ? asOneUnderstandingCall(sim.calls, profiles, options.timeScale) : undefined;
          const figures = figuresOf(
            merged?.rest ?? sim.calls,
            guessed,
            state.decision?.selected,
            firstShown,
            mode,
            options.timeScale,
            merged?.lead,
          );
          const streamedBy = options.specialistStreams === true && firstShown !== undefined ? state.decision?.selected[0] : undefined;
          const early = streamedBy === undefined ? undefined : leadSpecialistWords(sim.calls, guessed, streamedBy, mode, profiles, options);
          runs.push(early === undefined ? figures : { ...figures, firstTextMs: Math.min(figures.firstTextMs ?? Infinity, early) });
        }
        rows.push({
          mode,
          kind,
          questions: runs.length,
          callsInSequence: mean(runs.map((r) => r.calls)),
          maxCallsInSequence: Math.max(...runs.map((r) => r.calls)),
          criticalOutputTokens: mean(runs.map((r) => r.outputTokens)),
          firstText: p50p95(runs.flatMap((r) => (r.firstTextMs === undefined ? [] : [r.firstTextMs]))),
          moderatorStart: p50p95(runs.flatMap((r) => (r.moderatorStartMs === undefined ? [] : [r.moderatorStartMs]))),
          answer: p50p95(runs.map((r) => r.answerMs)),
          costUsd: mean(runs.map((r) => r.costUsd)),
          cancelledCostUsd: mean(runs.map((r) => r.cancelledCostUsd)),
          speculativeCostUsd: mean(runs.map((r) => r.speculativeCostUsd)),
        });
      }
    return rows;
  } finally {
    await sim.stop();
  }
}

function figuresOf(
  calls: readonly SimulatedCall[],
  guessed: ReadonlySet<string>,
  selected: readonly string[] | undefined,
  firstShown: FirstShown | undefined,
  mode: OrchestrationMode,
  timeScale: number,
  lead?: SimulatedCall & { plannedMs: number },
) {
  const answered = answerCalls(calls, selected);
  const path = criticalPath(answered, { sequential: mode === "group-chat", speculative: guessed });
  const onPath = firstShown === undefined ? undefined : firstTextOnPath(answered, path, firstShown);
  const moderator = firstShown === undefined ? undefined : streamingModerator(answered, firstShown);
  const moderatorEnd = moderator === undefined ? undefined : path.longestTo(moderator);
  const leadMs = lead?.plannedMs ?? 0;
  const chain = lead === undefined ? path.chain : [lead, ...path.chain];
  return {
    calls: chain.length,
    outputTokens: chain.reduce((sum, c) => sum + c.outputTokens + c.reasoningTokens, 0),
    answerMs: (leadMs + path.ms) / timeScale,
    firstTextMs: onPath === undefined ? undefined : (leadMs + onPath) / timeScale,
    moderatorStartMs:
      moderatorEnd === undefined || moderator?.plannedMs === undefined
        ? undefined
        : (leadMs + moderatorEnd - moderator.plannedMs) / timeScale,
    costUsd: costOf(lead === undefined ? calls : [lead, ...calls]),
    // Counted whole (prompt and planned output), cancelled or not: what it costs at most.
    cancelledCostUsd: costOf(calls.filter((c) => !answered.includes(c))),
    speculativeCostUsd: costOf(calls.filter((c) => guessed.has(c.agentId))),
  };
}

/**
 * The calls the answer was made of: a specialist started on a guess that the Router did not choose
 * is left out, whether or not it finished before it was cancelled (a race of the machine's timers).
 */
function answerCalls(calls: readonly SimulatedCall[], selected: readonly string[] | undefined): SimulatedCall[] {
  return selected === undefined ? [...calls] : calls.filter((c) => !isSpecialistCall(c) || selected.includes(c.agentId));
}

/**
 * A follow-up's calls as if the rewriter and the Router were one call: the Router's, with the
 * rewriter's output (and prompt) added at the Router model's speed on the Router's own draw of time to
 * first token, which every later call then waits for (the specialists need the standalone question,
 * and once the route is known no guess starts them early). `lead` is that call; `rest` the others, as
 * the simulator ran them. Undefined when the run had no rewriter and Router to merge.
 */
export function asOneUnderstandingCall(calls: readonly SimulatedCall[], profiles: ModelProfiles, timeScale: number) {
  const rewriter = calls.find((c) => c.agentId === "rewriter");
  const router = calls.find((c) => c.agentId === "router");
  if (rewriter?.plannedMs === undefined || router?.plannedMs === undefined) return undefined;
  const msPerToken = 1000 / latencyProfileOf(router.model, undefined, profiles).tokensPerSecond;
  const lead = {
    ...router,
    plannedMs: router.plannedMs + rewriter.outputTokens * msPerToken * timeScale,
    inputTokens: router.inputTokens + rewriter.inputTokens,
    outputTokens: router.outputTokens + rewriter.outputTokens,
  };
  return { lead, rest: calls.filter((c) => c !== rewriter && c !== router) };
}

/**
 * When the answer's first words would show if the Router's first choice streamed its own finding,
 * summary first, as the answer's opening while the Moderator still merges (not built: a change of who
 * writes the answer's first words). They show at the later of two points on the path: the first chunk
 * of that specialist's last call before the first merge (the one that writes the finding, after any tool calls), and the end
 * of the Router's call, since nothing may stream before the Router has confirmed the specialist and
 * said no approval is needed. A non-streamed call's first chunk is where its schedule would have
 * released it: its end less the rest of its output at the model's speed.
 */
export function leadSpecialistWords(
  calls: readonly SimulatedCall[],
  guessed: ReadonlySet<string>,
  specialist: string,
  mode: OrchestrationMode,
  profiles: ModelProfiles,
  options: Pick<LatencyOptions, "timeScale" | "contentFilter">,
): number | undefined {
  const path = criticalPath(answerCalls(calls, [specialist]), { sequential: mode === "group-chat", speculative: guessed });
  // Its finding before the first merge: a call after it answers the quality gate's re-ask, which nothing shown waits for.
  const merging = calls.find((c) => c.agentId === "moderator")?.startedAt ?? Infinity;
  const finding = calls.filter((c) => c.agentId === specialist && !c.aborted && c.startedAt < merging).at(-1);
  const router = calls.find((c) => c.agentId === "router");
  const findingEnd = finding === undefined ? undefined : path.longestTo(finding);
  const routerEnd = router === undefined ? undefined : path.longestTo(router);
  if (finding?.plannedMs === undefined || findingEnd === undefined || routerEnd === undefined) return undefined;
  const profile = latencyProfileOf(finding.model, undefined, profiles);
  const firstChunkTokens = options.contentFilter === "asynchronous" ? 1 : profile.filterChunkTokens;
  const rest = Math.max(0, finding.outputTokens - firstChunkTokens) * (1000 / profile.tokensPerSecond) * options.timeScale;
  return Math.max(findingEnd - rest, routerEnd) / options.timeScale;
}

/** A call by a specialist (not the rewriter, the Router or the Moderator). */
function isSpecialistCall(call: SimulatedCall): boolean {
  return !["rewriter", "router", "moderator"].includes(call.agentId);
}

function costOf(calls: readonly SimulatedCall[]): number {
  return calls.reduce((sum, c) => {
    const price = MODEL_PRICES[c.model] ?? MODEL_PRICES.default;
    // A hedged call paid a second prompt and, at most, a second reasoning before the loser was cancelled.
    const paid = c.hedged === true ? 2 : 1;
    return sum + (paid * (c.inputTokens * price.input + c.reasoningTokens * price.output) + c.outputTokens * price.output) / 1e6;
  }, 0);
}

/** The table as Markdown, with the selective-mode targets for first questions and follow-ups. */
export function formatLatencyTable(rows: readonly LatencyRow[], options: LatencyOptions): string {
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const lines = [
    `Latency simulator (planned model time at full speed; run at ×${options.timeScale}, seed ${options.seed}, ${options.contentFilter} content filter, profiles ${options.profiles ?? "bench/sim/model-profiles.json"}${options.hedgeQuantile === undefined ? "" : `, calls hedged at p${Math.round(options.hedgeQuantile * 100)} of time to first token`}${options.rewriterInRouter === true ? ", follow-ups as if the rewriter and the Router were one call" : ""}${options.specialistStreams === true ? ", first text as if the Router's first choice streamed its summary" : ""}), questions one at a time.`,
    "",
    "| mode | questions | model calls in sequence (mean / max) | output tokens on the critical path (incl. reasoning) | first streamed text p50 / p95 | full answer p50 / p95 | cost per question (of which cancelled calls) | speculative calls' cost |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...rows.map(
      (r) =>
        `| ${r.mode} | ${r.questions} ${r.kind === "first" ? "first" : "follow-ups"} | ${r.callsInSequence.toFixed(1)} / ${r.maxCallsInSequence} | ${Math.round(r.criticalOutputTokens)} | ${s(r.firstText.p50)} / ${s(r.firstText.p95)} | ${s(r.answer.p50)} / ${s(r.answer.p95)} | $${r.costUsd.toFixed(4)} ($${r.cancelledCostUsd.toFixed(4)}) | $${r.speculativeCostUsd.toFixed(4)} |`,
    ),
  ];
  for (const selective of rows.filter((r) => r.mode === "selective")) {
    const target = (name: string, value: number, limit: number) =>
      `${value <= limit ? "MET   " : "MISSED"}  selective ${selective.kind === "first" ? "first questions" : "follow-ups"}, ${name}: ${s(value)} (target ≤ ${s(limit)})`;
    lines.push(
      "",
      target("full answer p50", selective.answer.p50, 8_000),
      target("full answer p95", selective.answer.p95, 15_000),
      target("first streamed text p50", selective.firstText.p50, 3_000),
      `        of which before the Moderator starts: ${s(selective.moderatorStart.p50)} p50 (${s(selective.moderatorStart.p95)} p95)`,
    );
  }
  return lines.join("\n");
}
