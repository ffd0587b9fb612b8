import { z } from "zod";
import { SpecialistRoundSchema } from "./specialist";

/** A tool call requested by a model; `arguments` is the raw JSON text the model produced. */
const ModelToolCallSchema = z.object({ id: z.string(), name: z.string(), arguments: z.string() });
export type ModelToolCall = z.infer<typeof ModelToolCallSchema>;

/** One message an executor sent to its model, as rendered (tool calls with their raw arguments). */
const ExecutorIoMessageSchema = z.object({
  role: z.enum(["system", "user", "assistant", "tool"]),
  content: z.string(),
  toolCalls: z.array(ModelToolCallSchema).optional(),
  toolCallId: z.string().optional(),
});

/**
 * What one executor invocation sent to its model and got back: the messages of its last call (each
 * call extends the one before, so they hold the prompt, every tool call's arguments and result, and
 * any repair request) and the model's reply to each call. Kept with the run and its transcript in
 * Cosmos, never in telemetry, and scrubbed of e-mail addresses, phone numbers and secrets.
 */
export const ExecutorIoSchema = z.object({
  stepId: z.string(),
  executor: z.string(),
  round: SpecialistRoundSchema.optional(),
  messages: z.array(ExecutorIoMessageSchema),
  /** Each call's reply: its text, or its tool calls as JSON. */
  outputs: z.array(z.string()),
});
export type ExecutorIo = z.infer<typeof ExecutorIoSchema>;
