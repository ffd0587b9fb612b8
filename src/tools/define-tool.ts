import type { z } from "zod";
import { ModelBehaviourError, stringsFor, type EntityResolution } from "../domain";
import type { ToolWording } from "../domain/strings/tool-wording";
import type { ProcurementData } from "./procurement-data";
import type { ToolRelevance, ToolDefinition, ToolResult } from "../workflow/ports";
import { describeZodError } from "../domain/errors";

/** `today` is ISO and injectable for tests. */
export interface ToolContext {
  data: ProcurementData;
  today: () => string;
  /** The descriptions the model reads name it. */
  fiscalYearStartMonth: number;
}

/**
 * `run` validates its arguments again: the workflow validates first, but a tool must not trust its caller. What is known about the tool
 * beyond its call is declared here with it, not keyed by its name elsewhere.
 */
export function defineTool<S extends z.ZodObject<z.ZodRawShape>>({
  run,
  ...definition
}: {
  name: string;
  description: string;
  parameters: S;
  argumentKinds?: ToolDefinition<z.output<S>>["argumentKinds"];
  relevance?: ToolRelevance;
  run: (args: z.output<S>, words: ToolWording) => Promise<ToolResult>;
}): ToolDefinition<z.output<S>> {
  return {
    ...definition,
    async run(args, language = "en") {
      const parsed = definition.parameters.safeParse(args);
      if (!parsed.success) {
        const issues = describeZodError(parsed.error, { root: "(arguments)" });
        throw new ModelBehaviourError(`${definition.name}: invalid arguments (${issues})`);
      }
      return run(parsed.data, stringsFor(language).tools);
    },
  };
}

/** A result with no records to cite: `data` says what was not found and why, `digest` says it in the question's language. */
export function nothingFound(data: unknown, digest: string, resolution?: EntityResolution): ToolResult {
  return { data, evidence: [], digest, ...(resolution ? { resolution } : {}) };
}

/** A name that resolved to no single supplier: no records, the closest names as suggestions, and the message says which it was. */
export function unresolvedSupplier(data: object, { message, resolution }: { message: string; resolution: EntityResolution }): ToolResult {
  return nothingFound({ ...data, message, suggestions: resolution.unresolved[0].candidates }, message, resolution);
}
