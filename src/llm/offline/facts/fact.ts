import type { z } from "zod";
import type { Phrases } from "../phrases";
import type { QuestionEntities } from "../../../tools/question/question-entities";
import type { ToolObservation } from "../tool-observations";

export interface Fact {
  text: string;
  references: string[];
  /** True when the fact answers the question (a cap compared, a total computed), not mere context. */
  direct: boolean;
  /** A recommended next action this fact implies (cite-ready, in the answer's language). */
  action?: string;
}

export interface FactContext {
  observations: ToolObservation[];
  entities: QuestionEntities;
  phrases: Phrases;
  today: Date;
}

/** Depth-first. */
export function dataObjects(observations: ToolObservation[]): { tool: string; value: Record<string, unknown> }[] {
  const found: { tool: string; value: Record<string, unknown> }[] = [];
  const walk = (tool: string, value: unknown, depth: number) => {
    if (depth > 6 || value === null || typeof value !== "object") return;
    if (Array.isArray(value)) {
      value.forEach((item) => walk(tool, item, depth + 1));
      return;
    }
    found.push({ tool, value: value as Record<string, unknown> });
    for (const child of Object.values(value)) walk(tool, child, depth + 1);
  };
  for (const observation of observations) if (observation.ok) walk(observation.name, observation.data, 0);
  return found;
}

/** The objects in tool data that a (passthrough) schema recognises, de-duplicated by `key`. */
export function recognise<T>(
  observations: ToolObservation[],
  schema: z.ZodType<T>,
  key: (value: T) => string,
): { tool: string; value: T }[] {
  const seen = new Set<string>();
  const result: { tool: string; value: T }[] = [];
  for (const { tool, value } of dataObjects(observations)) {
    const parsed = schema.safeParse(value);
    if (!parsed.success || seen.has(key(parsed.data))) continue;
    seen.add(key(parsed.data));
    result.push({ tool, value: parsed.data });
  }
  return result;
}

export function daysBefore(isoDate: string, days: number): string {
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}
