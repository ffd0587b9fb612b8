import type { z } from "zod";
import type { Phrases } from "../phrases";
import type { QuestionEntities } from "../../../tools/question/question-entities";
import type { ToolMessageContent } from "../../../domain";

export interface Fact {
  text: string;
  references: string[];
  /** True when the fact answers the question (a cap compared, a total computed), not mere context. */
  direct: boolean;
  /** A recommended next action this fact implies (cite-ready, in the answer's language). */
  action?: string;
}

export interface FactContext {
  observations: ToolMessageContent[];
  entities: QuestionEntities;
  phrases: Phrases;
}

/** Every object in the tools' data, depth-first. */
export function dataObjects(observations: ToolMessageContent[]): Record<string, unknown>[] {
  const found: Record<string, unknown>[] = [];
  const walk = (value: unknown, depth: number): void => {
    if (depth > 6 || value === null || typeof value !== "object") return;
    if (!Array.isArray(value)) found.push(value as Record<string, unknown>);
    for (const child of Object.values(value)) walk(child, depth + 1);
  };
  for (const observation of observations) if (observation.ok) walk(observation.data, 0);
  return found;
}

/** The objects in tool data that a (passthrough) schema recognises, de-duplicated by `key`. */
export function recognise<T>(observations: ToolMessageContent[], schema: z.ZodType<T>, key: (value: T) => string): T[] {
  const seen = new Set<string>();
  return dataObjects(observations).flatMap((value) => {
    const parsed = schema.safeParse(value);
    if (!parsed.success || seen.has(key(parsed.data))) return [];
    seen.add(key(parsed.data));
    return [parsed.data];
  });
}
