import type { z } from "zod";
import { ModelBehaviourError } from "../domain";
import type { ProcurementData } from "./procurement-data";
import type { ToolDefinition, ToolResult } from "../workflow/ports";

/** What every data tool is built from: the data and today's date (ISO, injectable for tests). */
export interface ToolContext {
  data: ProcurementData;
  today: () => string;
}

/**
 * A ToolDefinition whose `run` validates its arguments again (the workflow validates first, but a
 * tool must not trust its caller): invalid arguments raise a ModelBehaviourError naming the fields.
 */
export function defineTool<S extends z.ZodObject<z.ZodRawShape>>(spec: {
  name: string;
  description: string;
  parameters: S;
  run: (args: z.output<S>) => Promise<ToolResult>;
}): ToolDefinition<z.output<S>> {
  return {
    name: spec.name,
    description: spec.description,
    parameters: spec.parameters,
    async run(args) {
      const parsed = spec.parameters.safeParse(args);
      if (!parsed.success) {
        const issues = parsed.error.issues.map((issue) => `${issue.path.join(".") || "(arguments)"}: ${issue.message}`).join("; ");
        throw new ModelBehaviourError(`${spec.name}: invalid arguments (${issues})`);
      }
      return spec.run(parsed.data);
    },
  };
}
