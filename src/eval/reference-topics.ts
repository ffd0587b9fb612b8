import { parse } from "yaml";
import { z } from "zod";
import { ConfigurationError } from "../domain";
import type { PromptFiles } from "./prompt-files";
import { describeZodError } from "../domain/errors";

const topicList = z.array(z.string().trim().min(1)).min(1);
const ReferenceTopicsSchema = z.object({
  specialists: z.record(topicList).refine((map) => Object.keys(map).length > 0, "name at least one specialist"),
});

/** The topics the bot may discuss, by specialist id (`prompts/metrics/reference-topics.yaml`). */
export interface ReferenceTopics {
  bySpecialist: Record<string, string[]>;
  /** Every allowed topic once: the bot's whole scope. */
  all: string[];
}

export function readReferenceTopics(prompts: PromptFiles): ReferenceTopics {
  const file = "metrics/reference-topics.yaml";
  const parsed = ReferenceTopicsSchema.safeParse(parse(prompts.read(file)));
  if (!parsed.success) throw new ConfigurationError(`Invalid ${prompts.resolve(file)}: ${describeZodError(parsed.error, { limit: 1 })}`);
  const bySpecialist = parsed.data.specialists;
  return { bySpecialist, all: [...new Set(Object.values(bySpecialist).flat())] };
}
