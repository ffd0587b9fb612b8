import { z } from "zod";
import { ConversationEntitiesSchema, PreviousAnswerSchema } from "./conversation";
import { ShownFindingSchema, ShownOkFindingSchema, SpecialistFailureSchema } from "./finding";
import { LanguageSchema } from "./language";

/** How the selected specialists interact: parallel opinions, or a second rebuttal round. */
const DebateModeSchema = z.enum(["independent", "debate"]);
/** How much tool evidence specialists must gather and the Moderator must cite. */
const EvidenceNeedSchema = z.enum(["low", "medium", "high"]);

/** A budget per Router sentence, not a limit (a repair costs a call): its output is on the critical path when it outlasts the speculative specialists. */
export const ROUTER_REASON_CHARS = 80;

/** What the model is told `selected` is (the wire schema restates it with the offered ids as an enum). */
export const SELECTED_DESCRIPTION = "the chosen specialist ids, most important first";

export const RouterOutputSchema = z.object({
  /** Most important first: the order every reader of the decision takes as the specialists' priority. */
  selected: z.array(z.string()).describe(SELECTED_DESCRIPTION),
  debateMode: DebateModeSchema,
  evidenceNeed: EvidenceNeedSchema,
  hitl: z.boolean(),
  reason: z.string().describe(`one sentence, at most ${ROUTER_REASON_CHARS} characters`),
  /** False for questions outside procurement (small talk, weather, gibberish, other departments' topics): no specialist runs. */
  inScope: z.boolean(),
  /** Why the question is out of scope, in its language; empty when in scope. */
  scopeReason: z.string().describe(`empty when inScope; otherwise one sentence, at most ${ROUTER_REASON_CHARS} characters`),
});
export type RouterOutput = z.infer<typeof RouterOutputSchema>;

export const RouterDecisionSchema = RouterOutputSchema.extend({ fallback: z.boolean() });
export type RouterDecision = z.infer<typeof RouterDecisionSchema>;

export function routerDecisionSchema(knownIds: readonly string[], maxSpecialists: number) {
  const known = new Set(knownIds);
  return RouterOutputSchema.superRefine((value, ctx) => {
    if (value.selected.length === 0) ctx.addIssue({ code: "custom", message: "selected is empty" });
    if (value.selected.length > maxSpecialists)
      ctx.addIssue({ code: "custom", message: `selected has ${value.selected.length} ids; at most ${maxSpecialists}` });
    if (new Set(value.selected).size !== value.selected.length) ctx.addIssue({ code: "custom", message: "selected repeats an id" });
    for (const id of value.selected) if (!known.has(id)) ctx.addIssue({ code: "custom", message: `unknown specialist id '${id}'` });
  }).transform((value): RouterDecision => ({ ...value, fallback: false }));
}

/** A budget the model is told, not a limit (a repair costs a call): the card shows each quote beside the point, so copying it says it twice. */
export const RATIONALE_POINT_CHARS = 100;

/** A rationale point with the handles it cites (根拠); the Moderator step maps them to reference ids before the answer is kept. */
const RationaleItemSchema = z.object({
  point: z
    .string()
    .min(1)
    .describe(
      `one short claim, at most ${RATIONALE_POINT_CHARS} characters: the answer shows each cited record's quote beside it, so never copy the quote`,
    ),
  citations: z.array(z.string()).describe("the handles (E1, E2, …) of the findings' evidence records the point rests on"),
});

/** `hitl` and `qscore` first: a model writes in schema order, and the conclusion may stream only once the answer needs no approver and scored high enough. */
export const ModeratorAnswerSchema = z.object({
  hitl: z.boolean(),
  qscore: z.number().min(0).max(100),
  conclusion: z.string().min(1),
  hitlReason: z.string(),
  rationale: z.array(RationaleItemSchema),
  findings: z.array(z.object({ specialist: z.string(), summary: z.string() })),
  nextActions: z.array(z.string()),
  critique: z.string().describe("what is missing or weak; used to re-ask specialists when qscore is low"),
});
export type ModeratorAnswer = z.infer<typeof ModeratorAnswerSchema>;

/** The answer without the findings: the run takes those from the findings themselves (copying them costs output time on the critical path). */
export const ModeratorOutputSchema = ModeratorAnswerSchema.omit({ findings: true });
export type ModeratorOutput = z.infer<typeof ModeratorOutputSchema>;

/** Front matter of `prompts/specialists/<id>.md`; the body of the file is the system prompt. */
export const SpecialistFrontMatterSchema = z.object({
  id: z.string().regex(/^[a-z][a-z0-9-]*$/, "lower-case id such as 'contract'"),
  displayName: z.object({ en: z.string().min(1), ja: z.string().min(1) }),
  description: z.string().min(1),
  model: z.string().min(1).optional(),
  temperature: z.number().min(0).max(2).default(0.2),
  maxTokens: z.number().int().positive().default(800),
  tools: z.array(z.string()).default([]),
  keywords: z.array(z.string()).default([]),
});

export type SpecialistDefinition = z.infer<typeof SpecialistFrontMatterSchema> & { systemPrompt: string };

/** The specialist used alone when routing fails or every selected specialist fails. */
export const FALLBACK_SPECIALIST = "knowledge";

/** Which pass a specialist is in: the first opinion, the debate rebuttal, or the quality-gate re-ask. */
export const SpecialistRoundSchema = z.enum(["initial", "debate", "requery"]);
export type SpecialistRound = z.infer<typeof SpecialistRoundSchema>;

const ModelToolCallSchema = z.object({ id: z.string(), name: z.string(), arguments: z.string() });
export type ModelToolCall = z.infer<typeof ModelToolCallSchema>;

const ExecutorIoMessageSchema = z.object({
  role: z.enum(["system", "user", "assistant", "tool"]),
  content: z.string(),
  toolCalls: z.array(ModelToolCallSchema).optional(),
  toolCallId: z.string().optional(),
});

/** What one executor sent its model and got back (its last call's messages and every reply): kept in Cosmos only, never telemetry, scrubbed of PII and secrets. */
export const ExecutorIoSchema = z.object({
  stepId: z.string(),
  executor: z.string(),
  round: SpecialistRoundSchema.optional(),
  messages: z.array(ExecutorIoMessageSchema),
  outputs: z.array(z.string()),
});
export type ExecutorIo = z.infer<typeof ExecutorIoSchema>;

/** The typed inputs each agent's prompt is rendered from, sent as JSON so every model, the offline engine included, reads the same data. */

const SpecialistSummarySchema = SpecialistFrontMatterSchema.pick({ id: true, displayName: true, description: true, keywords: true });
export type SpecialistSummary = z.infer<typeof SpecialistSummarySchema>;

const RememberedTurnSchema = z.object({ question: z.string(), conclusion: z.string(), entities: ConversationEntitiesSchema });

const QuestionSchema = z.object({ question: z.string(), language: LanguageSchema });

const AnsweringSchema = QuestionSchema.extend({
  decision: RouterDecisionSchema,
  /** The previous turn's question and conclusion, when this follow-up asks about that answer. */
  previousAnswer: PreviousAnswerSchema.optional(),
});

const RewriterInputSchema = QuestionSchema.extend({ agent: z.literal("rewriter"), turns: z.array(RememberedTurnSchema) });
export type RewriterInput = z.infer<typeof RewriterInputSchema>;

const RouterInputSchema = QuestionSchema.extend({
  agent: z.literal("router"),
  specialists: z.array(SpecialistSummarySchema),
  maxSpecialists: z.number().int().positive(),
  /** Specialists that already failed on this question (re-routing): not offered in `specialists`. */
  unavailable: z.array(SpecialistFailureSchema).optional(),
});
export type RouterInput = z.infer<typeof RouterInputSchema>;

const SpecialistInputSchema = AnsweringSchema.extend({
  agent: z.literal("specialist"),
  specialist: SpecialistSummarySchema.extend({ tools: SpecialistFrontMatterSchema.shape.tools }),
  round: SpecialistRoundSchema,
  /** The Moderator's critique of what is missing (requery round). */
  critique: z.string().optional(),
  previous: ShownFindingSchema.optional(),
  peers: z.array(ShownFindingSchema).optional(),
});
export type SpecialistInput = z.infer<typeof SpecialistInputSchema>;

const ModeratorInputSchema = AnsweringSchema.extend({
  agent: z.literal("moderator"),
  findings: z.array(ShownOkFindingSchema),
  failures: z.array(SpecialistFailureSchema),
  /** Each specialist's display name in the question's language, by id: how the answer names them. */
  specialistNames: z.record(z.string()),
  /** Set on the second moderation after the quality gate sent the answer back. */
  previous: z.object({ qscore: z.number(), critique: z.string() }).optional(),
});
export type ModeratorInput = z.infer<typeof ModeratorInputSchema>;

export const AgentInputSchema = z.discriminatedUnion("agent", [
  RewriterInputSchema,
  RouterInputSchema,
  SpecialistInputSchema,
  ModeratorInputSchema,
]);
export type AgentInput = z.infer<typeof AgentInputSchema>;
