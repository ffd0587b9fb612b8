import { z } from "zod";

/**
 * Where a chat's streamed answer stands. It is kept with the run, so whichever process works on the
 * run next carries on the same stream: Teams allows one stream per chat and wants its sequence to grow.
 */
export const StreamPositionSchema = z.object({
  /** The id Teams gave the stream's first activity; every later activity of the stream carries it. */
  id: z.string().min(1),
  /** The sequence number of the last update sent. */
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
