import { z } from "zod";

/** The kinds of names a question or a tool argument can give that the data must resolve. */
export const EntityKindSchema = z.enum(["supplier", "category", "costCenter", "contract"]);

/** A name that matched one record of the data. */
export const ResolvedNameSchema = z.object({
  kind: EntityKindSchema,
  text: z.string(),
  id: z.string(),
  name: z.string(),
});

/**
 * A name that did not resolve to one record: several plausible ones (`ambiguous`, ask back with the
 * candidates) or none (`not_found`, say so and offer the closest names). Never a reason to answer
 * for every record instead.
 */
export const UnresolvedNameSchema = z.object({
  kind: EntityKindSchema,
  text: z.string(),
  outcome: z.enum(["ambiguous", "not_found"]),
  candidates: z.array(z.string()).max(3),
});

/** What a tool made of the names it was given, so answers can say what they could not resolve. */
export const EntityResolutionSchema = z.object({
  resolved: z.array(ResolvedNameSchema).default([]),
  unresolved: z.array(UnresolvedNameSchema).default([]),
});
export type EntityResolution = z.infer<typeof EntityResolutionSchema>;
