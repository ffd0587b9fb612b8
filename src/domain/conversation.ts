import { z } from "zod";
import { LanguageSchema } from "./language";

/** What a turn resolved: the things a follow-up may refer to without naming them again. */
export const ConversationEntitiesSchema = z.object({
  suppliers: z.array(z.string()),
  contracts: z.array(z.string()),
  categories: z.array(z.string()),
  periods: z.array(z.string()),
  amounts: z.array(z.string()),
});
export type ConversationEntities = z.infer<typeof ConversationEntitiesSchema>;

export const ConversationEntityKindSchema = ConversationEntitiesSchema.keyof();
export type ConversationEntityKind = z.infer<typeof ConversationEntityKindSchema>;

export const ConversationTurnSchema = z.object({
  runId: z.string(),
  at: z.string(),
  language: LanguageSchema,
  question: z.string(),
  standaloneQuestion: z.string(),
  /** The answer's conclusion; absent while the answer waits for an approver. */
  conclusion: z.string().optional(),
  entities: ConversationEntitiesSchema,
});
export type ConversationTurn = z.infer<typeof ConversationTurnSchema>;

/** What the rewriter returns for a new message; every field required, so the strict JSON schema sent to the model is exactly this shape. */
export const UnderstandingOutputSchema = z.object({
  kind: z
    .enum(["standalone", "rewritten", "clarify"])
    .describe("standalone: already complete; rewritten: a follow-up made complete; clarify: ambiguous and nothing resolves it"),
  standaloneQuestion: z.string().describe("the question to answer, complete without the conversation; the message itself when standalone"),
  refersToPreviousAnswer: z
    .boolean()
    .describe("true when the message asks about the previous answer itself (why?, is that above the cap?)"),
  clarification: z.string().describe("when kind is clarify: a short question back to the user in their language; otherwise empty"),
});
export type UnderstandingOutput = z.infer<typeof UnderstandingOutputSchema>;

/** The understanding validated for use: a rewrite must say something, a clarification must ask. */
export const UnderstandingSchema = UnderstandingOutputSchema.superRefine((value, ctx) => {
  if (value.kind !== "clarify" && value.standaloneQuestion.trim() === "")
    ctx.addIssue({ code: "custom", path: ["standaloneQuestion"], message: "is empty" });
  if (value.kind === "clarify" && value.clarification.trim() === "")
    ctx.addIssue({ code: "custom", path: ["clarification"], message: "is empty although kind is clarify" });
});

export const PreviousAnswerSchema = z.object({ question: z.string(), conclusion: z.string() });

export const RunUnderstandingSchema = z.object({
  kind: z.enum(["standalone", "rewritten", "clarify"]),
  turnsSeen: z.number().int().min(0),
  previousAnswer: PreviousAnswerSchema.optional(),
  clarification: z.string().optional(),
  /** Why the message was taken as it is (e.g. the rewriter failed), when it was. */
  note: z.string().optional(),
});
export type RunUnderstanding = z.infer<typeof RunUnderstandingSchema>;

/** A rough token count (≈4 Latin characters or ≈1 CJK character per token), for budgets and context sizes only. */
export function estimateTokens(text: string): number {
  const cjk = text.match(/[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff\uff66-\uff9f]/g)?.length ?? 0;
  return cjk + Math.ceil((text.length - cjk) / 4);
}

/** A turn already remembered for the same run is replaced (a run delivered twice is remembered once), then the oldest go to fit the budget. */
export function appendTurn(turns: readonly ConversationTurn[], turn: ConversationTurn, budgetTokens: number): ConversationTurn[] {
  const kept: ConversationTurn[] = [];
  let used = 0;
  for (const newer of [turn, ...turns.filter((earlier) => earlier.runId !== turn.runId).reverse()]) {
    const cost = estimateTokens(JSON.stringify({ q: newer.standaloneQuestion, c: newer.conclusion ?? "", e: newer.entities }));
    if (kept.length > 0 && used + cost > budgetTokens) break;
    kept.unshift(newer);
    used += cost;
  }
  return kept;
}

/** Longest feedback comment (or rejection reason) kept: the card input, the action parser and the record agree. */
export const MAX_COMMENT_CHARS = 2000;

/** A 👍/👎 on an answer card, with an optional comment (Cosmos `feedback`, partition key `/runId`). */
export const FeedbackSchema = z.object({
  runId: z.string().min(1),
  conversationId: z.string().min(1),
  userId: z.string().min(1),
  rating: z.enum(["up", "down"]),
  comment: z.string().max(MAX_COMMENT_CHARS).optional(),
  at: z.string(),
});
export type Feedback = z.infer<typeof FeedbackSchema>;
