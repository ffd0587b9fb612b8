/**
 * `npm run evaluate -- compare-modes`: the golden set through every orchestration mode, over the
 * latency simulator (the real adapter, offline replies, the bench's latency model), and one table:
 * tool-call accuracy, QSCORE before/after the gate, model calls, prompt/completion tokens and the
 * simulated model latency (the run's model critical path at full time scale).
 */
import { parseCommand } from "../src/cli/args";
import path from "node:path";
import { ORCHESTRATION_MODES, type OrchestrationMode } from "../src/domain";
import { readGoldenSet } from "../src/eval/golden";
import { transcriptToSample } from "../src/eval/samples/transcript-to-sample";
import { scoreSample } from "../src/eval/score-sample";
import { createOpenAiCompatibleChatModel } from "../src/llm/openai-chat-model";
import { buildTranscript } from "../src/storage";
import { runQuestion } from "../src/workflow/runner";
import { LatencyModelServer } from "../test/fakes/latency-model-server";
import { sampleData, sampleEvidencePlanner, workflowHarness } from "../test/fakes/workflow-harness";
import { modelCriticalPathMs } from "./critical-path";
import { OfflineReplies } from "./sim/offline-replies";
import { mean, p50p95 } from "./stats";

/** One mode's figures over the golden set. */
export interface ModeRow {
  mode: OrchestrationMode;
  toolCallAccuracy: number;
  qscoreBefore: number;
  qscoreAfter: number;
  modelCalls: number;
  promptTokens: number;
  completionTokens: number;
  latencyP50Ms: number;
  latencyP95Ms: number;
}

/** Runs every golden question in every mode; `timeScale` only shrinks the waiting, not the figures. */
export async function compareModes(goldenDir: string, timeScale = 0.02): Promise<ModeRow[]> {
  const cases = readGoldenSet(goldenDir);
  const sim = new LatencyModelServer({ replies: await OfflineReplies.create(sampleData), timeScale });
  const { baseUrl } = await sim.start();
  const rows: ModeRow[] = [];
  try {
    const evidencePlanner = await sampleEvidencePlanner();
    const model = createOpenAiCompatibleChatModel({ baseUrl, retry: { maxRetries: 2, initialMs: 20, multiplier: 2, maxMs: 500 } });
    for (const mode of ORCHESTRATION_MODES) {
      const { deps } = workflowHarness(model);
      deps.evidencePlanner = evidencePlanner;
      const perCase = [];
      for (const golden of cases) {
        sim.reset();
        const state = await runQuestion(deps, { question: golden.question, mode });
        const { reference, referenceTopics, referenceToolCalls } = golden;
        const sample = { ...transcriptToSample(buildTranscript(state), { reference, referenceTopics, referenceToolCalls }), id: golden.id };
        const accuracy = await scoreSample(
          sample,
          { metric: "tool-call-accuracy", mode: "FLEXIBLE", threshold: 0.8 },
          { skipped: "not model-graded" },
        );
        perCase.push({
          accuracy: typeof accuracy.score === "number" ? accuracy.score : 0,
          before: state.quality.initialScore ?? 0,
          after: state.quality.finalScore ?? state.quality.initialScore ?? 0,
          calls: sim.calls.length,
          prompt: state.usage.inputTokens,
          completion: state.usage.outputTokens,
          latency: modelCriticalPathMs(sim.calls, { sequential: mode === "group-chat" }) / timeScale,
        });
      }
      const latency = p50p95(perCase.map((c) => c.latency));
      rows.push({
        mode,
        toolCallAccuracy: mean(perCase.map((c) => c.accuracy)),
        qscoreBefore: mean(perCase.map((c) => c.before)),
        qscoreAfter: mean(perCase.map((c) => c.after)),
        modelCalls: mean(perCase.map((c) => c.calls)),
        promptTokens: mean(perCase.map((c) => c.prompt)),
        completionTokens: mean(perCase.map((c) => c.completion)),
        latencyP50Ms: latency.p50,
        latencyP95Ms: latency.p95,
      });
    }
  } finally {
    await sim.stop();
  }
  return rows;
}

/** The table as Markdown (per-question means; latency percentiles over the questions). */
export function modeTable(rows: readonly ModeRow[], cases: number): string {
  const header = `| mode (${cases} golden questions, means per question) | tool-call accuracy | QSCORE before gate | QSCORE after gate | model calls | prompt tokens | completion tokens | simulated latency p50 / p95 |`;
  const rule = "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |";
  const line = (r: ModeRow) =>
    `| ${r.mode} | ${r.toolCallAccuracy.toFixed(2)} | ${r.qscoreBefore.toFixed(1)} | ${r.qscoreAfter.toFixed(1)} | ${r.modelCalls.toFixed(1)} | ${Math.round(r.promptTokens)} | ${Math.round(r.completionTokens)} | ${(r.latencyP50Ms / 1000).toFixed(1)} s / ${(r.latencyP95Ms / 1000).toFixed(1)} s |`;
  return [header, rule, ...rows.map(line)].join("\n");
}

/** The CLI command: prints the table on stdout. */
export async function compareModesCommand(args: string[]): Promise<number> {
  const { values } = parseCommand(args, {
    usage: "Usage: npm run evaluate -- compare-modes [--dir DIR]",
    options: { dir: { type: "string" } },
  });
  const dir = values.dir ?? path.resolve(process.cwd(), "test/fixtures/golden");
  const rows = await compareModes(dir);
  process.stdout.write(`${modeTable(rows, readGoldenSet(dir).length)}\n`);
  return 0;
}
