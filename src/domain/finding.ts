import { z } from "zod";
import { ConversationEntityKindSchema } from "./conversation";
import { DocumentUrlSchema } from "./procurement";

const EntityKindSchema = z.enum(["supplier", "category", "costCenter", "contract"]);

const ResolvedNameSchema = z.object({
  kind: EntityKindSchema,
  text: z.string(),
  id: z.string(),
  name: z.string(),
});

/** A name that did not resolve to one record: ask back with the candidates, or say it was not found; never answer for every record instead. */
const UnresolvedNameSchema = z.object({
  kind: EntityKindSchema,
  text: z.string(),
  outcome: z.enum(["ambiguous", "not_found"]),
  candidates: z.array(z.string()).max(3),
});

const EntityResolutionSchema = z.object({
  resolved: z.array(ResolvedNameSchema).default([]),
  unresolved: z.array(UnresolvedNameSchema).default([]),
});
export type EntityResolution = z.infer<typeof EntityResolutionSchema>;

const WrittenEvidenceSchema = z.object({
  source: z.string().describe("tool or document kind, e.g. 'contract', 'policy', 'spend', 'supplier', 'benchmark'"),
  referenceId: z.string().describe("id returned by a tool, e.g. 'CTR-0012', 'POL-APPROVAL-MATRIX §3.2'"),
  quote: z.string().describe("a short quote or figure from the tool result"),
});
export type WrittenEvidence = z.infer<typeof WrittenEvidenceSchema>;

const EvidenceSubjectSchema = z.object({
  id: z.string().max(200),
  name: z.string().max(300),
  /** The name Japanese answers and their source titles use (`supplierNameJa`). */
  nameJa: z.string().max(300).optional(),
});

/** Its Japanese name (`categoryNameJa`): an imported category is not in the built-in term table, so a citation could otherwise only show its id. */
const EvidenceCategorySchema = z.object({ id: z.string().max(100), nameJa: z.string().max(300).optional() });
export type EvidenceCategory = z.infer<typeof EvidenceCategorySchema>;

/** Evidence as tools return it: link, supplier and category come from the tool, never from model text (read with `WrittenEvidenceSchema`). */
const EvidenceItemSchema = WrittenEvidenceSchema.extend({
  url: DocumentUrlSchema.optional(),
  subject: EvidenceSubjectSchema.optional(),
  category: EvidenceCategorySchema.optional(),
});
export type EvidenceItem = z.infer<typeof EvidenceItemSchema>;

/** The handle ("E1", "E2"…) a model cites a record by: 2–3 output tokens where an id takes 5–13; never stored, the step maps it back. */
const EvidenceHandleSchema = z.string().describe("the handle shown beside the record, e.g. 'E2'");

/** The handle beside a record a model is shown; absent from a message rendered before handles existed (read leniently). */
const ShownHandle = { ref: EvidenceHandleSchema.optional() };

const ShownToolEvidenceSchema = WrittenEvidenceSchema.extend(ShownHandle);

/** A quote only where the tool's own wording is not what is cited: rare, so it sits apart from the plain list of handles. */
const QuotedEvidenceSchema = z.object({
  ref: EvidenceHandleSchema,
  source: WrittenEvidenceSchema.shape.source,
  quote: z.string().describe("the clause that matters, or the record restated in the question's language"),
});
export type QuotedEvidence = z.infer<typeof QuotedEvidenceSchema>;

/** Budgets, not limits (a repair costs a whole call): every character is output before the Moderator can start. */
export const FINDING_SUMMARY_CHARS = 320;
export const FINDING_DETAILS_CHARS = 400;

/** Evidence is cited by handle only: copying source and quote (or nulls, as strict structured output forces) costs output tokens and risks a misquote. */
export const FindingOutputSchema = z.object({
  summary: z.string().min(1).describe(`the facts that answer the question, at most ${FINDING_SUMMARY_CHARS} characters`),
  details: z
    .string()
    .describe(
      `other facts and recommended steps the Moderator needs, one a line, at most ${FINDING_DETAILS_CHARS} characters; never what a cited record already says`,
    ),
  evidence: z.array(EvidenceHandleSchema).describe("the handles (E1, E2, …) of the records the finding rests on"),
  quotes: z.array(QuotedEvidenceSchema).describe("usually empty: a quote only where the tool's wording is not what you cite"),
  confidence: z.number().min(0).max(1),
});
export type FindingOutput = z.infer<typeof FindingOutputSchema>;

/** A tool call a specialist made, with a digest of its result (never the full data). */
export const ToolCallRecordSchema = z.object({
  name: z.string(),
  arguments: z.record(z.unknown()),
  ok: z.boolean(),
  resultDigest: z.string(),
  durationMs: z.number(),
  /** The names the tool could or could not resolve (suggested follow-ups ask back with the candidates). */
  resolution: EntityResolutionSchema.optional(),
  /** The entities its arguments named, by the tool's argument kinds: what the conversation's memory keeps. */
  lookedUp: z.array(z.object({ kind: ConversationEntityKindSchema, name: z.string() })).optional(),
  /** Run for the specialist before it asked (the evidence the question implies): not a choice it made. */
  upFront: z.literal(true).optional(),
});
export type ToolCallRecord = z.infer<typeof ToolCallRecordSchema>;

/** What a specialist returns in a handoff run: its finding, and whom it hands the question to instead of answering (or null). */
export function handoffOutputSchema(targets: readonly [string, ...string[]]) {
  return FindingOutputSchema.extend({
    handoffTo: z.enum(targets).nullable().optional().describe("null to answer yourself; otherwise who should take the question over"),
    handoffReason: z.string().optional().describe("why you hand the question over (empty when you answer)"),
  });
}

const OkFindingSchema = FindingOutputSchema.omit({ quotes: true }).extend({
  evidence: z.array(EvidenceItemSchema),
  specialist: z.string(),
  status: z.literal("ok"),
  toolCalls: z.array(ToolCallRecordSchema),
  handoff: z.object({ to: z.string(), reason: z.string() }).optional(),
});

export type OkFinding = z.infer<typeof OkFindingSchema>;

const FailedFindingSchema = z.object({
  specialist: z.string(),
  status: z.literal("failed"),
  error: z.string(),
  toolCalls: z.array(ToolCallRecordSchema),
});

export const FindingSchema = z.discriminatedUnion("status", [OkFindingSchema, FailedFindingSchema]);
export type Finding = z.infer<typeof FindingSchema>;

/** A finding as another model is shown it (the Moderator, a peer, its own next round): each cited record beside its handle. */
export const ShownOkFindingSchema = OkFindingSchema.extend({ evidence: z.array(EvidenceItemSchema.extend(ShownHandle)) });
export type ShownOkFinding = z.infer<typeof ShownOkFindingSchema>;
export type ShownEvidenceItem = ShownOkFinding["evidence"][number];
export const ShownFindingSchema = z.discriminatedUnion("status", [ShownOkFindingSchema, FailedFindingSchema]);
export type ShownFinding = z.infer<typeof ShownFindingSchema>;

export const SpecialistFailureSchema = z.object({ specialist: z.string(), error: z.string() });

export function specialistFailures(findings: readonly Finding[]): z.infer<typeof SpecialistFailureSchema>[] {
  return findings.flatMap((f) => (f.status === "failed" ? [{ specialist: f.specialist, error: f.error }] : []));
}

/** The `tool` message a model gets after a tool ran, read leniently; evidence goes without document links (added back from the tools). */
export const ToolMessageContentSchema = z.object({
  tool: z.string(),
  ok: z.boolean(),
  digest: z.string().default(""),
  evidence: z.array(ShownToolEvidenceSchema).default([]),
  data: z.unknown().optional(),
  error: z.string().optional(),
  resolution: EntityResolutionSchema.optional(),
});
export type ToolMessageContent = z.infer<typeof ToolMessageContentSchema>;
