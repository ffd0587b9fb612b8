import { z } from "zod";
import { ConversationEntitiesSchema, FindingOutputSchema, PreviousAnswerSchema, RouterOutputSchema } from "../../domain";

const LanguageSchema = z.enum(["en", "ja"]);
const SpecialistSummarySchema = z.object({
  id: z.string(),
  displayName: z.object({ en: z.string(), ja: z.string() }),
  description: z.string(),
  keywords: z.array(z.string()),
});
const DecisionSchema = RouterOutputSchema.extend({ fallback: z.boolean() });
const ToolCallRecordSchema = z.object({
  name: z.string(),
  arguments: z.record(z.unknown()),
  ok: z.boolean(),
  resultDigest: z.string(),
  durationMs: z.number(),
});
const OkFindingSchema = FindingOutputSchema.extend({ specialist: z.string(), status: z.literal("ok"), toolCalls: z.array(ToolCallRecordSchema) });
const FindingSchema = z.discriminatedUnion("status", [
  OkFindingSchema,
  z.object({ specialist: z.string(), status: z.literal("failed"), error: z.string(), toolCalls: z.array(ToolCallRecordSchema) }),
]);

/**
 * The `structuredInput` the workflow attaches to each request (src/workflow/agent-inputs.ts),
 * validated where it enters the offline engine.
 */
export const AgentInputSchema = z.discriminatedUnion("agent", [
  z.object({
    agent: z.literal("rewriter"),
    question: z.string(),
    language: LanguageSchema,
    turns: z.array(z.object({ question: z.string(), conclusion: z.string(), entities: ConversationEntitiesSchema })),
  }),
  z.object({
    agent: z.literal("router"),
    question: z.string(),
    language: LanguageSchema,
    specialists: z.array(SpecialistSummarySchema),
    maxSpecialists: z.number().int().positive(),
  }),
  z.object({
    agent: z.literal("specialist"),
    question: z.string(),
    language: LanguageSchema,
    specialist: SpecialistSummarySchema.extend({ tools: z.array(z.string()) }),
    decision: DecisionSchema,
    round: z.enum(["initial", "debate", "requery"]),
    previousAnswer: PreviousAnswerSchema.optional(),
    critique: z.string().optional(),
    previous: FindingSchema.optional(),
    peers: z.array(FindingSchema).optional(),
  }),
  z.object({
    agent: z.literal("moderator"),
    question: z.string(),
    language: LanguageSchema,
    decision: DecisionSchema,
    findings: z.array(OkFindingSchema),
    failures: z.array(z.object({ specialist: z.string(), error: z.string() })),
    previousAnswer: PreviousAnswerSchema.optional(),
    specialistNames: z.record(z.string()).default({}),
    previous: z.object({ qscore: z.number(), critique: z.string() }).optional(),
  }),
]);
