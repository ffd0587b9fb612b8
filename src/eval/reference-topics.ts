import { parse } from "yaml";
import { z } from "zod";
import { ConfigurationError } from "../domain";
import type { PromptFiles } from "./prompt-files";

const ReferenceTopicsSchema = z.object({ topics: z.array(z.string().min(1)).min(1) });

/** The topics the bot should stay within (`prompts/metrics/reference-topics.yaml`), the TopicAdherence reference for transcripts. */
export function readReferenceTopics(prompts: PromptFiles): string[] {
  const parsed = ReferenceTopicsSchema.safeParse(parse(prompts.read("metrics/reference-topics.yaml")));
  if (!parsed.success) throw new ConfigurationError(`Invalid ${prompts.resolve("metrics/reference-topics.yaml")}: ${parsed.error.issues[0]!.path.join(".")}: ${parsed.error.issues[0]!.message}`);
  return parsed.data.topics;
}
