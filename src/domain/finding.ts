import { z } from "zod";

/** One piece of evidence a specialist relies on: where it came from and what it says. */
export const EvidenceItemSchema = z.object({
  source: z.string().describe("tool or document kind, e.g. 'contract', 'policy', 'spend', 'supplier', 'benchmark'"),
  referenceId: z.string().describe("id returned by a tool, e.g. 'CTR-0012', 'POL-APPROVAL-MATRIX §3.2'"),
  quote: z.string().describe("a short quote or figure from the tool result"),
});
export type EvidenceItem = z.infer<typeof EvidenceItemSchema>;

/** What a specialist model must return. */
export const FindingOutputSchema = z.object({
  summary: z.string().min(1),
  details: z.string(),
  evidence: z.array(EvidenceItemSchema),
  confidence: z.number().min(0).max(1),
});
export type FindingOutput = z.infer<typeof FindingOutputSchema>;

/** A tool call a specialist made, with a digest of its result (never the full data). */
export interface ToolCallRecord {
  name: string;
  arguments: Record<string, unknown>;
  ok: boolean;
  resultDigest: string;
  durationMs: number;
}

/** What a specialist returns in a handoff run: its finding, and whom it hands the question to instead of answering (or null). */
export function handoffOutputSchema(targets: readonly [string, ...string[]]) {
  return FindingOutputSchema.extend({
    handoffTo: z.enum(targets).nullable().optional().describe("null to answer yourself; otherwise who should take the question over"),
    handoffReason: z.string().optional().describe("why you hand the question over (empty when you answer)"),
  });
}

/** A specialist's contribution to a run, successful or not (`handoff`: it passed the question on instead of answering). */
export type Finding =
  | ({ specialist: string; status: "ok"; toolCalls: ToolCallRecord[]; handoff?: { to: string; reason: string } } & FindingOutput)
  | { specialist: string; status: "failed"; error: string; toolCalls: ToolCallRecord[] };

/** The failed findings as `{ specialist, error }`: what the Moderator and a re-run Router are told. */
export function specialistFailures(findings: readonly Finding[]): { specialist: string; error: string }[] {
  return findings.flatMap((f) => (f.status === "failed" ? [{ specialist: f.specialist, error: f.error }] : []));
}
