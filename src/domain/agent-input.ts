import { z } from "zod";
import { ConversationEntitiesSchema, PreviousAnswerSchema } from "./conversation";
import { ShownFindingSchema, ShownOkFindingSchema, SpecialistFailureSchema } from "./finding";
import { LanguageSchema } from "./language";
import { RouterDecisionSchema } from "./router-decision";
import { SpecialistRoundSchema } from "./specialist";

/**
 * The typed inputs each agent's prompt is rendered from. The user message carries them as JSON, so
 * any model, including the offline engine (no language model), reads the same data.
 */

/** A specialist as the Router sees it. */
export const SpecialistSummarySchema = z.object({
  id: z.string(),
  displayName: z.object({ en: z.string(), ja: z.string() }),
  description: z.string(),
  keywords: z.array(z.string()),
});
export type SpecialistSummary = z.infer<typeof SpecialistSummarySchema>;

/** A remembered turn as the rewriter sees it. */
export const RememberedTurnSchema = z.object({ question: z.string(), conclusion: z.string(), entities: ConversationEntitiesSchema });

/** What every agent is asked about: the question, in the language the answer is written in. */
const QuestionSchema = z.object({ question: z.string(), language: LanguageSchema });

/** What the agents that answer the question (specialists, the Moderator) are told besides it. */
const AnsweringSchema = QuestionSchema.extend({
  decision: RouterDecisionSchema,
  /** The previous turn's question and conclusion, when this follow-up asks about that answer. */
  previousAnswer: PreviousAnswerSchema.optional(),
});

/** Input of the rewriter (agentId `rewriter`): the new message and the conversation's memory, oldest first. */
export const RewriterInputSchema = QuestionSchema.extend({ agent: z.literal("rewriter"), turns: z.array(RememberedTurnSchema) });
export type RewriterInput = z.infer<typeof RewriterInputSchema>;

/** Input of the Router (agentId `router`). */
export const RouterInputSchema = QuestionSchema.extend({
  agent: z.literal("router"),
  specialists: z.array(SpecialistSummarySchema),
  maxSpecialists: z.number().int().positive(),
  /** Specialists that already failed on this question (re-routing): not offered in `specialists`. */
  unavailable: z.array(SpecialistFailureSchema).optional(),
});
export type RouterInput = z.infer<typeof RouterInputSchema>;

/** Input of a specialist (agentId = the specialist id). */
export const SpecialistInputSchema = AnsweringSchema.extend({
  agent: z.literal("specialist"),
  specialist: SpecialistSummarySchema.extend({ tools: z.array(z.string()) }),
  round: SpecialistRoundSchema,
  /** The Moderator's critique of what is missing (requery round). */
  critique: z.string().optional(),
  /** Its own earlier finding (debate and requery rounds). */
  previous: ShownFindingSchema.optional(),
  /** The other specialists' findings (debate round). */
  peers: z.array(ShownFindingSchema).optional(),
});
export type SpecialistInput = z.infer<typeof SpecialistInputSchema>;

/** Input of the Moderator (agentId `moderator`). */
export const ModeratorInputSchema = AnsweringSchema.extend({
  agent: z.literal("moderator"),
  findings: z.array(ShownOkFindingSchema),
  failures: z.array(SpecialistFailureSchema),
  /** Each specialist's display name in the question's language, by id: how the answer names them. */
  specialistNames: z.record(z.string()),
  /** Set on the second moderation after the quality gate sent the answer back. */
  previous: z.object({ qscore: z.number(), critique: z.string() }).optional(),
});
export type ModeratorInput = z.infer<typeof ModeratorInputSchema>;

/** Any agent's input, told apart by `agent`. */
export const AgentInputSchema = z.discriminatedUnion("agent", [
  RewriterInputSchema,
  RouterInputSchema,
  SpecialistInputSchema,
  ModeratorInputSchema,
]);
export type AgentInput = z.infer<typeof AgentInputSchema>;
