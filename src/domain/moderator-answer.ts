import { z } from "zod";

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
