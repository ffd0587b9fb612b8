import { readFileSync } from "node:fs";
import { parse } from "yaml";
import { z } from "zod";
import { ConfigurationError } from "../../domain";
import { describeZodError } from "../../domain/errors";

export const GRANULARITIES = ["step_level", "phase_level", "global_summary"] as const;
export type Granularity = (typeof GRANULARITIES)[number];

/** One judging criterion; `granularity` fixes the level instead of letting the analyzer choose. */
const CriterionSchema = z.object({
  name: z.string().min(1),
  description: z.string().min(1),
  granularity: z.enum(GRANULARITIES).optional(),
});
export type Criterion = z.infer<typeof CriterionSchema>;

const CriteriaFileSchema = z.object({
  criteria: z
    .array(CriterionSchema)
    .min(1)
    .refine((list) => new Set(list.map((item) => item.name)).size === list.length, "criterion names must be unique"),
});

/** Reads a criteria YAML file (`criteria: [{name, description, granularity?}]`); errors name the file and field. */
export function readCriteria(file: string): Criterion[] {
  let json: unknown;
  try {
    json = parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new ConfigurationError(`Cannot read criteria file ${file}: ${(error as Error).message}`, error);
  }
  const parsed = CriteriaFileSchema.safeParse(json);
  if (!parsed.success) throw new ConfigurationError(`Invalid criteria file ${file}: ${describeZodError(parsed.error)}`);
  return parsed.data.criteria;
}
