import { z } from "zod";

/**
 * What Teams (and the Agents Playground, whose client validates with this same shape) accepts as the
 * AI message entity: at most ten citations with positive positions, at most three keywords each.
 */
export const TeamsAiEntitySchema = z
  .object({
    type: z.literal("https://schema.org/Message"),
    additionalType: z.array(z.literal("AIGeneratedContent")).length(1).optional(),
    citation: z
      .array(
        z.object({
          position: z.coerce.number().positive(),
          appearance: z.object({
            name: z.string().max(80),
            abstract: z.string().max(160),
            url: z.string().optional(),
            keywords: z.array(z.string()).max(3).optional(),
            usageInfo: z.object({ name: z.string(), description: z.string().optional() }).passthrough().optional(),
          }),
        }),
      )
      .max(10)
      .optional(),
    usageInfo: z.object({ name: z.string(), description: z.string().optional() }).passthrough().optional(),
  })
  .passthrough();
