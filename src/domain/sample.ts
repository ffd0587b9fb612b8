import { z } from "zod";

/** A tool call in the agent-metrics sample model: a name and its arguments. */
export const SampleToolCallSchema = z.object({
  name: z.string().min(1),
  arguments: z.record(z.unknown()).default({}),
});
export type SampleToolCall = z.infer<typeof SampleToolCallSchema>;

/** One message of a multi-turn conversation (HumanMessage, AIMessage with toolCalls, ToolMessage). */
export const SampleMessageSchema = z.object({
  type: z.enum(["human", "ai", "tool"]),
  content: z.string(),
  toolCalls: z.array(SampleToolCallSchema).optional(),
});
export type SampleMessage = z.infer<typeof SampleMessageSchema>;

/** An evaluation sample for the agent metrics, also one line of the JSONL input format. */
export const SampleSchema = z.object({
  id: z.string().min(1),
  userInputMessages: z.array(SampleMessageSchema).min(1),
  reference: z.string().optional(),
  referenceTopics: z.array(z.string()).optional(),
  toolCalls: z.array(SampleToolCallSchema).optional(),
  /** Calls run for the agents before they asked (evidence fetched up front): scored apart from their own choices. */
  upFrontToolCalls: z.array(SampleToolCallSchema).optional(),
  referenceToolCalls: z.array(SampleToolCallSchema).optional(),
});
export type Sample = z.infer<typeof SampleSchema>;
