import { z } from "zod";
import { ConversationEntitiesSchema, PreviousAnswerSchema } from "./conversation";
import { ShownFindingSchema, ShownOkFindingSchema, SpecialistFailureSchema } from "./finding";
import { LanguageSchema } from "./language";
import { RouterDecisionSchema } from "./router-decision";

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
