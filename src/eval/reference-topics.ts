import { parse } from "yaml";
import { z } from "zod";
import { ConfigurationError } from "../domain";
import type { PromptFiles } from "./prompt-files";
import { describeZodError } from "../domain/errors";

const topicList = z.array(z.string().trim().min(1)).min(1);
const ReferenceTopicsSchema = z
  .object({ specialists: z.record(topicList).refine((map) => Object.keys(map).length > 0, "name at least one specialist") })
  .transform(({ specialists }) => ({ bySpecialist: specialists, all: [...new Set(Object.values(specialists).flat())] }));

/** The topics the bot may discuss, by specialist id (`prompts/metrics/reference-topics.yaml`); `all` is each once: the bot's whole scope. */
export type ReferenceTopics = z.output<typeof ReferenceTopicsSchema>;

export function readReferenceTopics(prompts: PromptFiles): ReferenceTopics {
  const file = "metrics/reference-topics.yaml";
  const parsed = ReferenceTopicsSchema.safeParse(parse(prompts.read(file)));
  if (!parsed.success) throw new ConfigurationError(`Invalid ${prompts.resolve(file)}: ${describeZodError(parsed.error, { limit: 1 })}`);
  return parsed.data;
}
