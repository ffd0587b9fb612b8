import { z } from "zod";
import { ConversationEntityKindSchema } from "./conversation";
import { DocumentUrlSchema } from "./procurement";

/** The kinds of names a question or a tool argument can give that the data must resolve. */
const EntityKindSchema = z.enum(["supplier", "category", "costCenter", "contract"]);

/** A name that matched one record of the data. */
const ResolvedNameSchema = z.object({
  kind: EntityKindSchema,
  text: z.string(),
  id: z.string(),
  name: z.string(),
});

/**
 * A name that did not resolve to one record: several plausible ones (`ambiguous`, ask back with the
 * candidates) or none (`not_found`, say so and offer the closest names). Never a reason to answer
 * for every record instead.
 */
const UnresolvedNameSchema = z.object({
  kind: EntityKindSchema,
  text: z.string(),
  outcome: z.enum(["ambiguous", "not_found"]),
  candidates: z.array(z.string()).max(3),
});

/** What a tool made of the names it was given, so answers can say what they could not resolve. */
const EntityResolutionSchema = z.object({
  resolved: z.array(ResolvedNameSchema).default([]),
  unresolved: z.array(UnresolvedNameSchema).default([]),
});
export type EntityResolution = z.infer<typeof EntityResolutionSchema>;

/** One piece of evidence as a specialist writes it: where it came from and what it says. */
const WrittenEvidenceSchema = z.object({
  source: z.string().describe("tool or document kind, e.g. 'contract', 'policy', 'spend', 'supplier', 'benchmark'"),
  referenceId: z.string().describe("id returned by a tool, e.g. 'CTR-0012', 'POL-APPROVAL-MATRIX §3.2'"),
  quote: z.string().describe("a short quote or figure from the tool result"),
});
export type WrittenEvidence = z.infer<typeof WrittenEvidenceSchema>;

/** The record a reference is about (a supplier), by its id and its name as the data holds them. */
const EvidenceSubjectSchema = z.object({
  id: z.string().max(200),
  name: z.string().max(300),
  /** The name Japanese answers and their source titles use (`supplierNameJa`). */
  nameJa: z.string().max(300).optional(),
});

/**
 * The spend category a reference is about, by its id and the Japanese name the data set gives it
 * (`categoryNameJa`): an imported category has no entry in the built-in term table, so without it a
 * citation or a follow-up could only name it by its id.
 */
const EvidenceCategorySchema = z.object({ id: z.string().max(100), nameJa: z.string().max(300).optional() });
export type EvidenceCategory = z.infer<typeof EvidenceCategorySchema>;

/**
 * One piece of evidence as tools return it and findings keep it: with the link to the record's
 * document when it has one, and the supplier and category it is about, so that a citation names them
 * by their names rather than their ids. All come from the tool, never from model text: a model's
 * output is read with `WrittenEvidenceSchema`, which has none of them, and the step adds the tool's.
 */
const EvidenceItemSchema = WrittenEvidenceSchema.extend({
  url: DocumentUrlSchema.optional(),
  subject: EvidenceSubjectSchema.optional(),
  category: EvidenceCategorySchema.optional(),
});
export type EvidenceItem = z.infer<typeof EvidenceItemSchema>;

/**
 * The short handle ("E1", "E2", …) a model is shown beside each record in its conversation, and
 * cites the record by: two or three output tokens where a reference id takes 5–13 (and none to
 * garble). Numbered per conversation by `workflow/evidence-handles.ts` and never stored: the step
 * turns the handles a model writes back into reference ids before anything keeps them.
 */
const EvidenceHandleSchema = z.string().describe("the handle shown beside the record, e.g. 'E2'");

/** The handle beside a record a model is shown; absent from a message rendered before handles existed (read leniently). */
const ShownHandle = { ref: EvidenceHandleSchema.optional() };

/** Evidence as a tool message shows it to a model: the written fields and the record's handle. */
const ShownToolEvidenceSchema = WrittenEvidenceSchema.extend(ShownHandle);

/**
 * A quote a specialist writes for a record: only when the tool's own wording is not what it cites
 * (one clause of a long record, the record restated in the question's language). Rare, so it sits
 * apart from the plain list of handles rather than making every citation an object.
 */
const QuotedEvidenceSchema = z.object({
  ref: EvidenceHandleSchema,
  source: WrittenEvidenceSchema.shape.source,
  quote: z.string().describe("the clause that matters, or the record restated in the question's language"),
});
export type QuotedEvidence = z.infer<typeof QuotedEvidenceSchema>;

/**
 * Budgets a specialist is told for its finding's text (characters): the summary holds the facts that
 * answer the question, the details one fact or step a line. Every character is output on the critical
 * path before the Moderator can start, and the cited records reach the Moderator anyway. A budget,
 * not a limit that fails a longer finding (a repair would cost a whole extra call).
 */
export const FINDING_SUMMARY_CHARS = 320;
export const FINDING_DETAILS_CHARS = 400;

/**
 * What a specialist model must return. It cites evidence by the handles of the records it was shown,
 * as plain strings: the step turns them back into reference ids and attaches each tool record's
 * source and quote, so copying them (or writing `"source":null,"quote":null` for every item, as
 * strict structured output makes a model do for an optional field) would only add output tokens
 * before the Moderator can start, and a chance to misquote a figure.
 */
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

/** A specialist's finding that answered (`handoff`: it passed the question on instead of answering). */
const OkFindingSchema = FindingOutputSchema.omit({ quotes: true }).extend({
  /** The cited references with the records tools returned for them (and the quotes the model wrote). */
  evidence: z.array(EvidenceItemSchema),
  specialist: z.string(),
  status: z.literal("ok"),
  toolCalls: z.array(ToolCallRecordSchema),
  handoff: z.object({ to: z.string(), reason: z.string() }).optional(),
});

export type OkFinding = z.infer<typeof OkFindingSchema>;

/** A specialist that could not answer, and why. */
const FailedFindingSchema = z.object({
  specialist: z.string(),
  status: z.literal("failed"),
  error: z.string(),
  toolCalls: z.array(ToolCallRecordSchema),
});

/** A specialist's contribution to a run, successful or not. */
export const FindingSchema = z.discriminatedUnion("status", [OkFindingSchema, FailedFindingSchema]);
export type Finding = z.infer<typeof FindingSchema>;

/** A finding as another model is shown it (the Moderator, a peer, its own next round): each cited record beside its handle. */
export const ShownOkFindingSchema = OkFindingSchema.extend({ evidence: z.array(EvidenceItemSchema.extend(ShownHandle)) });
export type ShownOkFinding = z.infer<typeof ShownOkFindingSchema>;
/** A record as a model reads it, in a finding or a tool message: the evidence item beside its handle. */
export type ShownEvidenceItem = ShownOkFinding["evidence"][number];
/** Any finding as another model is shown it (a failed one cites nothing). */
export const ShownFindingSchema = z.discriminatedUnion("status", [ShownOkFindingSchema, FailedFindingSchema]);
export type ShownFinding = z.infer<typeof ShownFindingSchema>;

/** A specialist that failed, as the Moderator and a re-run Router are told. */
export const SpecialistFailureSchema = z.object({ specialist: z.string(), error: z.string() });
export type SpecialistFailure = z.infer<typeof SpecialistFailureSchema>;

/** The failed findings as `{ specialist, error }`: what the Moderator and a re-run Router are told. */
export function specialistFailures(findings: readonly Finding[]): SpecialistFailure[] {
  return findings.flatMap((f) => (f.status === "failed" ? [{ specialist: f.specialist, error: f.error }] : []));
}

/**
 * The content of the `tool` message sent back to a model after a tool ran, as JSON: what the tool
 * returned (cut to its digest and evidence when large) or why it failed. Read leniently, so a
 * message without digest or evidence still counts as the tool's answer. Evidence goes without its
 * document links (they are added back from the tools), each record beside the handle the model cites it by.
 */
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
