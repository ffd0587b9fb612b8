import { z } from "zod";

/** Kept with the run so whichever process works on it next carries on the same stream: Teams allows one stream per chat, sequence growing. */
export const StreamPositionSchema = z.object({
  /** The id Teams gave the stream's first activity; every later activity of the stream carries it. */
  id: z.string().min(1),
  sequence: z.number().int().positive(),
  /** When the stream started (ISO): Teams ends a stream two minutes after its start. */
  startedAt: z.string(),
  /** When the last update went out (ISO; the start when absent): the next one waits out Teams' pace from there. */
  updatedAt: z.string().optional(),
  /** True once the final message is on its way: a process taking the run over must not end the stream again. */
  ended: z.boolean().optional(),
  /** True once the answer's text has started: Teams takes no informative update after that. */
  textStarted: z.boolean().optional(),
});
export type StreamPosition = z.infer<typeof StreamPositionSchema>;

/** Who asked, as ids only (no names or e-mails): lets the Teams layer deliver a late answer. */
export const RequesterSchema = z.object({
  userId: z.string(),
  aadObjectId: z.string().optional(),
  conversationId: z.string(),
  tenantId: z.string().optional(),
  /** The message showing the run's progress (a Teams activity id), so a resumed run updates it. */
  progressActivityId: z.string().optional(),
  stream: StreamPositionSchema.optional(),
});
export type Requester = z.infer<typeof RequesterSchema>;

/** Whom a run counts against for fair share: the person's Entra object id, else their Teams user id. */
export function userKeyOf(requester: Pick<Requester, "userId" | "aadObjectId">): string {
  return requester.aadObjectId ?? requester.userId;
}

/** A requester's conversation reference: in Teams a Bot Framework reference, opaque below the Teams layer. */
export const ReferenceSchema = z.record(z.unknown());
export type Reference = z.infer<typeof ReferenceSchema>;

/** A run queue message: it carries all a worker needs to start the run even if the store was unreachable at intake. */
export const RunMessageSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("question"),
    runId: z.string().min(1),
    question: z.string().min(1),
    requester: RequesterSchema,
    reference: ReferenceSchema,
    /** The conversation (chat or channel thread) whose memory the question may continue. */
    conversationKey: z.string().min(1).optional(),
    acceptedAt: z.string(),
  }),
  z.object({
    // Resumes the run waiting at its approval node, with the stored decision as the node's input.
    kind: z.literal("approval_decided"),
    approvalId: z.string().min(1),
  }),
]);

export type RunMessage = z.infer<typeof RunMessageSchema>;

/** A question's length as MAX_QUESTION_CHARS counts it, at intake and on the worker: code points, so an emoji or kanji counts once. */
export function questionLength(question: string): number {
  return Array.from(question).length;
}
