import { readFileSync } from "node:fs";
import { z } from "zod";
import type { RunState, Supplier } from "../domain";
import { describeZodError } from "../domain/errors";

const ExpectSchema = z.discriminatedUnion("outcome", [
  z.object({ outcome: z.literal("supplier"), supplierId: z.string().min(1) }).strict(),
  z.object({ outcome: z.literal("ask_back") }).strict(),
  z.object({ outcome: z.literal("not_found") }).strict(),
]);

const GroundingQuestionSchema = z
  .object({
    id: z.string().min(1),
    dataSet: z.enum(["sample", "imported"]),
    language: z.enum(["en", "ja"]),
    question: z.string().min(1),
    fiscalYear: z.string().regex(/^FY\d{4}$/),
    expect: ExpectSchema,
  })
  .strict();
export type GroundingQuestion = z.infer<typeof GroundingQuestionSchema>;

export function readGroundingQuestions(file: string): GroundingQuestion[] {
  const parsed = z.array(GroundingQuestionSchema).safeParse(JSON.parse(readFileSync(file, "utf8")));
  if (!parsed.success) throw new Error(`${file}: ${describeZodError(parsed.error)}`);
  return parsed.data;
}

type ObservedOutcome = "supplier" | "wrong_supplier" | "ask_back" | "not_found" | "widened" | "none";
const OBSERVED_OUTCOMES: readonly ObservedOutcome[] = ["supplier", "wrong_supplier", "ask_back", "not_found", "widened", "none"];

type GroundingResult = Awaited<ReturnType<typeof evaluateGroundingQuestion>>;

/** Totals as answers write them ("¥2,000,000"). */
export interface GroundingFigures {
  supplierTotal(supplierId: string, fiscalYear: string): Promise<string>;
  /** Every supplier's total in the fiscal year: what a widened question would answer. */
  allSuppliersTotal(fiscalYear: string): Promise<string>;
}

/**
 * The resolution is read from the tools' own report, so it holds for a language model as for the offline engine: a spend query without a
 * supplier for a question naming one is "widened".
 */
async function evaluateGroundingQuestion(
  question: GroundingQuestion,
  ask: (question: string) => Promise<RunState>,
  figures: GroundingFigures,
) {
  const state = await ask(question.question);
  const observed = observe(state, question.expect);
  const problems: string[] = [];
  const text = answerText(state);
  const everyone = await figures.allSuppliersTotal(question.fiscalYear);
  // Right when the answer states the supplier's own total, or for an unresolved name no all-suppliers total.
  let figureRight = !text.includes(everyone);
  if (!figureRight) problems.push(`states the all-suppliers total ${everyone}`);
  if (question.expect.outcome === "supplier") {
    const own = await figures.supplierTotal(question.expect.supplierId, question.fiscalYear);
    // A supplier with no spend in the year may be answered without a figure, but never with another one.
    const wrong = own === "¥0" ? /¥[1-9]/.test(text) : !text.includes(own);
    if (wrong) {
      figureRight = false;
      problems.push(`does not state ${question.expect.supplierId}'s ${question.fiscalYear} total ${own}`);
    }
  }
  const resolved = observed === question.expect.outcome;
  if (!resolved) problems.push(`expected ${question.expect.outcome}, got ${observed}`);
  return { id: question.id, expected: question.expect.outcome, observed, resolved, figureRight, problems };
}

function observe(state: RunState, expect: GroundingQuestion["expect"]): ObservedOutcome {
  const calls = state.findings.flatMap((finding) => finding.toolCalls);
  const unresolved = calls.flatMap((call) => call.resolution?.unresolved ?? []).filter((name) => name.kind === "supplier");
  if (unresolved.some((name) => name.outcome === "ambiguous")) return "ask_back";
  if (unresolved.length > 0) return "not_found";
  const resolved = calls.flatMap((call) => call.resolution?.resolved ?? []).filter((name) => name.kind === "supplier");
  if (resolved.length > 0)
    return expect.outcome === "supplier" && resolved.every((name) => name.id === expect.supplierId) ? "supplier" : "wrong_supplier";
  const spend = calls.filter((call) => call.name === "querySpend");
  return spend.some((call) => !call.arguments.supplier) ? "widened" : "none";
}

function answerText(state: RunState): string {
  const answer = state.answer;
  if (!answer) return "";
  return [answer.conclusion, ...answer.rationale.map((r) => r.point), ...answer.findings.map((f) => f.summary), ...answer.nextActions].join(
    "\n",
  );
}

export function summariseGrounding(results: GroundingResult[]) {
  const expected = ["supplier", "ask_back", "not_found"] as const;
  const table = expected.map((row) => ({
    expected: row,
    counts: OBSERVED_OUTCOMES.map((column) => results.filter((r) => r.expected === row && r.observed === column).length),
  }));
  return {
    questions: results.length,
    correctResolutions: results.filter((r) => r.resolved).length,
    resolutionRate: results.length === 0 ? 0 : results.filter((r) => r.resolved).length / results.length,
    widened: results.filter((r) => r.observed === "widened").length,
    wrongFigures: results.filter((r) => !r.figureRight).length,
    table,
  };
}

export function confusionTable(summary: ReturnType<typeof summariseGrounding>): string {
  const header = ["expected \\ observed", ...OBSERVED_OUTCOMES];
  const rows = summary.table.map((row) => [row.expected, ...row.counts.map(String)]);
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i])).join("  ");
  return [line(header), ...rows.map(line)].join("\n");
}

export type GroundingDataSets = Record<
  GroundingQuestion["dataSet"],
  { ask: (question: string) => Promise<RunState>; figures: GroundingFigures; suppliers: readonly Supplier[] }
>;

export async function runGroundingSet(
  questions: GroundingQuestion[],
  dataSets: GroundingDataSets,
  onResult: (result: GroundingResult) => void = () => undefined,
): Promise<GroundingResult[]> {
  const results: GroundingResult[] = [];
  for (const question of questions) {
    const { ask, figures } = dataSets[question.dataSet];
    const result = await evaluateGroundingQuestion(question, ask, figures);
    onResult(result);
    results.push(result);
  }
  return results;
}
