import { z } from "zod";
import { EntityResolutionSchema } from "./entity-resolution";
import { ShownToolEvidenceSchema } from "./finding";

/**
 * The content of the `tool` message sent back to a model after a tool ran, as JSON: what the tool
 * returned (cut to its digest and evidence when large) or why it failed. Read leniently, so a
 * message without digest or evidence still counts as the tool's answer. Evidence goes without its
 * document links (they are added back from the tools), each record beside the handle the model cites it by.
 */
export const ToolMessageContentSchema = z.object({
  tool: z.string(),
  ok: z.boolean(),
  digest: z.string().default(""),
  evidence: z.array(ShownToolEvidenceSchema).default([]),
  data: z.unknown().optional(),
  error: z.string().optional(),
  resolution: EntityResolutionSchema.optional(),
});
export type ToolMessageContent = z.infer<typeof ToolMessageContentSchema>;
