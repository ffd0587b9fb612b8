import { z } from "zod";

/**
 * How long a rationale point should be, in characters. The answer shows each cited record's quote
 * beside the point, so a point that copies the quote says it twice, and every character after the
 * conclusion is full-answer time at the Moderator's output speed. A budget the model is told, not a
 * limit that fails a longer point (a repair would cost a whole extra call).
 */
export const RATIONALE_POINT_CHARS = 100;

/**
 * A rationale point with the evidence references (根拠) it rests on. The model cites records by the
 * handles it was shown; the Moderator step turns them into reference ids before the answer is kept.
 */
const RationaleItemSchema = z.object({
  point: z
    .string()
    .min(1)
    .describe(
      `one short claim, at most ${RATIONALE_POINT_CHARS} characters: the answer shows each cited record's quote beside it, so never copy the quote`,
    ),
  citations: z.array(z.string()).describe("the handles (E1, E2, …) of the findings' evidence records the point rests on"),
});

/**
 * The Moderator's answer as the run keeps it. `hitl` and `qscore` come first: a model writes the
 * fields in schema order, and the conclusion may stream to the requester only once the answer has
 * said it needs no approver and scored high enough that the quality gate will not send it back (a
 * re-asked answer may need one). The conclusion follows at once (its reason would only delay the
 * first streamed words, and an answer that needs approval never streams), then `hitlReason`.
 */
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

/**
 * What the Moderator model must write: the answer without the per-specialist summaries, which the
 * run takes from the findings themselves (copying them would only add output tokens, and time, to
 * the critical path).
 */
export const ModeratorOutputSchema = ModeratorAnswerSchema.omit({ findings: true });
export type ModeratorOutput = z.infer<typeof ModeratorOutputSchema>;
