import { z } from "zod";
import { RequesterSchema } from "./requester";

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

/** The cards a run shows its requester, each sent at most once per run. */
export const RunCardSchema = z.enum([
  "answer",
  "out_of_scope",
  "clarification",
  "error",
  "approval_request",
  "approval_unavailable",
  "blocked",
  "approval_rejected",
  "approval_expired",
]);
export type RunCard = z.infer<typeof RunCardSchema>;

/** One card's send record: claimed by an owner before sending, the activity id stored after. */
export const CardSendSchema = z.object({ claimedBy: z.string(), claimedAt: z.string(), activityId: z.string().optional() });

/** The lifecycle part of a run document: current owner (a worker's lease) and the cards sent; the status is the state's. */
export const RunLifecycleRecordSchema = z.object({
  /** The worker holding the run (instance id and delivery), written with an etag condition. */
  owner: z.string().optional(),
  /** When the current owner claimed the run: a takeover shows how long the run waited for a survivor. */
  claimedAt: z.string().optional(),
  /** The owner before the current one, when the run was taken over (from a dead or stopped instance). */
  takenOverFrom: z.string().optional(),
  owners: z.number().int().min(0),
  sent: z.record(RunCardSchema, CardSendSchema),
});
export type RunLifecycleRecord = z.infer<typeof RunLifecycleRecordSchema>;
