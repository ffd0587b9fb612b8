import { z } from "zod";

/**
 * What Teams (and the Agents Playground, whose client validates with this same shape) accepts as the
 * AI message entity: at most ten citations with positive positions, at most three keywords of at most
 * 28 characters each; a citation's `text` is an Adaptive Card, so it comes with its encoding format.
 */
export const TeamsAiEntitySchema = z
  .object({
    type: z.literal("https://schema.org/Message"),
    additionalType: z.array(z.literal("AIGeneratedContent")).length(1).optional(),
    citation: z
      .array(
        z.object({
          position: z.coerce.number().positive(),
          appearance: z
            .object({
              name: z.string().max(80),
              abstract: z.string().max(160),
              url: z.string().url().optional(),
              text: z.string().optional(),
              encodingFormat: z.literal("application/vnd.microsoft.card.adaptive").optional(),
              keywords: z.array(z.string().max(28)).max(3).optional(),
              usageInfo: z.object({ name: z.string(), description: z.string().optional() }).passthrough().optional(),
            })
            .refine((appearance) => appearance.text === undefined || appearance.encodingFormat !== undefined, {
              message: "text without its encodingFormat",
            }),
        }),
      )
      .max(10)
      .optional(),
    usageInfo: z.object({ name: z.string(), description: z.string().optional() }).passthrough().optional(),
  })
  .passthrough();
