import { z } from "zod";

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
