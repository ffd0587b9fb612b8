import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { SampleToolCallSchema, type TranscriptDocument } from "../domain";
import type { EvalModel } from "./eval-model";
import { transcriptToSample } from "./samples/transcript-to-sample";
import type { ToolCallAccuracyConfig } from "./metrics/tool-call-accuracy";
import { scoreSample, type MetricLine, type MetricOptions } from "./score-sample";
import { describeZodError } from "../domain/errors";

/** What a good run does: the goal, the topics, the tool calls (key arguments only). */
const GoldenCaseSchema = z.object({
  id: z.string().min(1),
  question: z.string().min(1),
  language: z.enum(["en", "ja"]),
  reference: z.string().min(1),
  referenceTopics: z.array(z.string().min(1)).min(1),
  referenceToolCalls: z.array(SampleToolCallSchema).min(1),
});
export type GoldenCase = z.infer<typeof GoldenCaseSchema>;

/** The reference names only the arguments that matter. */
export const GOLDEN_TOOL_CALL_MATCHING: ToolCallAccuracyConfig = { mode: "FLEXIBLE", threshold: 0.8 };

/** Topic adherence as F1 with COVERAGE: reference topics are curated to be exactly what a good answer covers, so recall means something. */
export const GOLDEN_METRICS: MetricOptions[] = [
  { metric: "tool-call-accuracy", ...GOLDEN_TOOL_CALL_MATCHING },
  { metric: "agent-goal-accuracy", mode: "WITH_REFERENCE" },
  { metric: "topic-adherence", mode: "F1", counting: "COVERAGE" },
];

export function readGoldenSet(dir: string): GoldenCase[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith(".jsonl"))
    .sort()
    .flatMap((name) =>
      readFileSync(path.join(dir, name), "utf8")
        .split("\n")
        .map((line, index) => ({ line: line.trim(), where: `${name}:${index + 1}` }))
        .filter(({ line }) => line.length > 0)
        .map(({ line, where }) => {
          const parsed = GoldenCaseSchema.safeParse(JSON.parse(line));
          if (!parsed.success) throw new Error(`${where}: ${describeZodError(parsed.error)}`);
          return parsed.data;
        }),
    );
}

/** Full-width forms folded, case and spacing ignored. */
function questionKey(question: string): string {
  return question.normalize("NFKC").trim().replace(/\s+/g, " ").toLowerCase();
}

/** By its question or a follow-up's standalone form, so a live run of a golden question is scored against the case's references too. */
export function goldenCaseLookup(cases: GoldenCase[]) {
  const byQuestion = new Map(cases.map((golden) => [questionKey(golden.question), golden]));
  return (transcript: Pick<TranscriptDocument, "question" | "standaloneQuestion">) =>
    byQuestion.get(questionKey(transcript.question)) ??
    (transcript.standaloneQuestion ? byQuestion.get(questionKey(transcript.standaloneQuestion)) : undefined);
}

export async function runGoldenSet(
  cases: GoldenCase[],
  run: (question: string) => Promise<TranscriptDocument>,
  evalModel: EvalModel | { skipped: string },
  onLine: (line: MetricLine) => void,
) {
  const lines: MetricLine[] = [];
  for (const golden of cases) {
    const transcript = await run(golden.question);
    const { reference, referenceTopics, referenceToolCalls } = golden;
    const sample = { ...transcriptToSample(transcript, { reference, referenceTopics, referenceToolCalls }), id: golden.id };
    for (const options of GOLDEN_METRICS) {
      const line = await scoreSample(sample, options, evalModel);
      lines.push(line);
      onLine(line);
    }
  }
  const metrics = Object.fromEntries(
    GOLDEN_METRICS.map(({ metric }) => {
      const scores = lines.filter((line) => line.metric === metric && typeof line.score === "number").map((line) => line.score as number);
      const skipped = lines.find((line) => line.metric === metric && typeof line.skipped === "string")?.skipped as string | undefined;
      const mean = scores.length === 0 ? null : scores.reduce((sum, score) => sum + score, 0) / scores.length;
      return [metric, { scored: scores.length, mean, ...(skipped ? { skipped } : {}) }];
    }),
  );
  return { cases: cases.length, metrics };
}
