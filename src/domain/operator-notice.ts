import { z } from "zod";

/** Why operators are told about a run. */
export const OperatorNoticeKindSchema = z.enum(["run_failed", "run_poisoned", "run_retried"]);

/**
 * What operators are told about one run: ids, a short error kind and the question (cut to its first
 * words, or dropped, by the notifier's configuration before anything is posted).
 */
export const OperatorNoticeSchema = z.object({
  kind: OperatorNoticeKindSchema,
  runId: z.string().min(1),
  correlationId: z.string().min(1),
  /** A short machine-readable kind, e.g. `moderator:invalid_output`, `knowledge:error`, `internal`. */
  errorKind: z.string().min(1),
  /** How many times the run was tried (a whole-flow rerun, or deliveries of a poisoned run). */
  attempts: z.number().int().positive().optional(),
  question: z.string().optional(),
  /** The serviceUrl of the requester's conversation: where the channel is reached when none is configured. */
  serviceUrl: z.string().url().optional(),
});
export type OperatorNotice = z.infer<typeof OperatorNoticeSchema>;
