import { z } from "zod";

/** A 👍/👎 on an answer card, with an optional comment (Cosmos `feedback`, partition key `/runId`). */
export const FeedbackSchema = z.object({
  runId: z.string().min(1),
  conversationId: z.string().min(1),
  userId: z.string().min(1),
  rating: z.enum(["up", "down"]),
  comment: z.string().max(2000).optional(),
  at: z.string(),
});
export type Feedback = z.infer<typeof FeedbackSchema>;
