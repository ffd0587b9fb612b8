import { z } from "zod";

/** Values the engine can offer for tool parameters, by parameter name. */
export type ArgumentValues = Partial<Record<string, string | number | null>>;

/**
 * Fills a tool's parameters by name from the zod object shape: a known value when the parameter
 * accepts it (enums only their own options), null for an unknown nullable parameter, nothing for an
 * unknown optional one. Returns undefined when a required parameter cannot be filled or the result
 * fails the tool's own schema, so the engine never sends arguments the tool would reject.
 */
export function fillArguments(parameters: z.ZodTypeAny, values: ArgumentValues): Record<string, unknown> | undefined {
  const shape = objectShape(parameters);
  if (!shape) return undefined;
  const args: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(shape)) {
    const value = values[name];
    if (value !== undefined && value !== null && field.safeParse(value).success) args[name] = value;
    else if (field.safeParse(null).success) args[name] = null;
    else if (!field.safeParse(undefined).success) return undefined;
  }
  return parameters.safeParse(args).success ? args : undefined;
}

/** The names of a tool's parameters. */
export function parameterNames(parameters: z.ZodTypeAny): string[] {
  return Object.keys(objectShape(parameters) ?? {});
}

function objectShape(schema: z.ZodTypeAny): Record<string, z.ZodTypeAny> | undefined {
  if (schema instanceof z.ZodObject) return schema.shape as Record<string, z.ZodTypeAny>;
  if (schema instanceof z.ZodEffects) return objectShape(schema.innerType() as z.ZodTypeAny);
  return undefined;
}
