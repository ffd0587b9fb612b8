import { z } from "zod";

/** Front matter of `prompts/specialists/<id>.md`; the body of the file is the system prompt. */
export const SpecialistFrontMatterSchema = z.object({
  id: z.string().regex(/^[a-z][a-z0-9-]*$/, "lower-case id such as 'contract'"),
  displayName: z.object({ en: z.string().min(1), ja: z.string().min(1) }),
  description: z.string().min(1),
  model: z.string().min(1).optional(),
  temperature: z.number().min(0).max(2).default(0.2),
  maxTokens: z.number().int().positive().default(800),
  tools: z.array(z.string()).default([]),
  keywords: z.array(z.string()).default([]),
});

/** A registered specialist: its front matter plus the system prompt text. */
export type SpecialistDefinition = z.infer<typeof SpecialistFrontMatterSchema> & { systemPrompt: string };

/** The specialist used alone when routing fails or every selected specialist fails. */
export const FALLBACK_SPECIALIST = "knowledge";

/** Which pass a specialist is in: the first opinion, the debate rebuttal, or the quality-gate re-ask. */
export const SpecialistRoundSchema = z.enum(["initial", "debate", "requery"]);
export type SpecialistRound = z.infer<typeof SpecialistRoundSchema>;
