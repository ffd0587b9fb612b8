// zod's classes are generic, and `instanceof` narrows a schema to its `any` parameters; this walk only
// hands zod schemas on to itself, so the `any` never reaches a value.
/* eslint-disable @typescript-eslint/no-unsafe-argument */
/*
 * Strict mode wants every property required, and Azure OpenAI rejects validation keywords such as `minimum`. So optional fields become
 * nullable (`dropNullOptionals` turns the `null`s back into absent fields), rejected keywords are restated in the description.
 */
import { zodResponseFormat } from "openai/helpers/zod";
import { z } from "zod";
import { termList } from "../tools/text/words";

export type JsonSchema = Record<string, unknown>;

/** Keywords strict mode rejects on Azure OpenAI (and on OpenAI before 2025). */
const UNSUPPORTED_KEYWORDS = termList(`
  minLength|maxLength|pattern|format|minimum|maximum|exclusiveMinimum|exclusiveMaximum|multipleOf|minItems|maxItems|
  uniqueItems|contains|minContains|maxContains|unevaluatedItems|minProperties|maxProperties|patternProperties|propertyNames|unevaluatedProperties|default
`);

/** Every model request carries its output and tool schemas, and converting them is CPU each time. */
const converted = new WeakMap<z.ZodTypeAny, Map<string, JsonSchema>>();

/** Shared between calls: do not mutate it. */
export function strictJsonSchema(schema: z.ZodTypeAny, name: string): JsonSchema {
  const byName = converted.get(schema) ?? new Map<string, JsonSchema>();
  converted.set(schema, byName);
  const jsonSchema =
    byName.get(name) ?? stripUnsupported(zodResponseFormat(nullableOptionals(schema), name).json_schema.schema as JsonSchema);
  byName.set(name, jsonSchema);
  return jsonSchema;
}

/** Removes every `null` where the schema means "may be absent" but not "may be null". */
export function dropNullOptionals(schema: z.ZodTypeAny, value: unknown): unknown {
  const inner = unwrap(schema);
  if (inner instanceof z.ZodArray && Array.isArray(value)) return value.map((item) => dropNullOptionals(inner.element, item));
  if (!(inner instanceof z.ZodObject) || !isPlainObject(value)) return value;
  const shape = inner.shape as Record<string, z.ZodTypeAny>;
  const result: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    const fieldSchema = shape[key];
    if (!fieldSchema) result[key] = field;
    else if (field === null && fieldSchema.isOptional() && !fieldSchema.isNullable()) continue;
    else result[key] = dropNullOptionals(fieldSchema, field);
  }
  return result;
}

function nullableOptionals(schema: z.ZodTypeAny): z.ZodTypeAny {
  if (schema instanceof z.ZodObject) {
    const shape = Object.fromEntries(
      Object.entries(schema.shape as Record<string, z.ZodTypeAny>).map(([key, field]) => {
        const mapped = nullableOptionals(field);
        return [key, field.isOptional() && !field.isNullable() ? required(mapped).nullable() : mapped];
      }),
    );
    return new z.ZodObject({ ...schema._def, shape: () => shape });
  }
  if (schema instanceof z.ZodArray) return new z.ZodArray({ ...schema._def, type: nullableOptionals(schema.element) });
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault)
    return new (schema.constructor as new (def: unknown) => z.ZodTypeAny)({
      ...schema._def,
      innerType: nullableOptionals(schema._def.innerType),
    });
  if (schema instanceof z.ZodEffects) return new z.ZodEffects({ ...schema._def, schema: nullableOptionals(schema._def.schema) });
  return schema;
}

/** The schema inside optional / default wrappers (the JSON Schema of a field the model must send). */
function required(schema: z.ZodTypeAny): z.ZodTypeAny {
  return schema instanceof z.ZodOptional || schema instanceof z.ZodDefault ? required(schema._def.innerType) : schema;
}

function unwrap(schema: z.ZodTypeAny): z.ZodTypeAny {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault)
    return unwrap(schema._def.innerType);
  if (schema instanceof z.ZodEffects) return unwrap(schema._def.schema);
  return schema;
}

function stripUnsupported(schema: JsonSchema): JsonSchema {
  const result: JsonSchema = {};
  const dropped: string[] = [];
  for (const [key, value] of Object.entries(schema)) {
    if (UNSUPPORTED_KEYWORDS.includes(key)) dropped.push(`${key}: ${JSON.stringify(value)}`);
    // The helper writes OpenAPI's `nullable: true` for plain primitives; standard JSON Schema says `type: [T, "null"]`.
    else if (key === "nullable" && value === true && typeof schema.type === "string") result.type = [schema.type, "null"];
    else if (key === "type" && schema.nullable === true && typeof value === "string") result.type = [value, "null"];
    else if ((key === "properties" || key === "definitions" || key === "$defs") && isPlainObject(value))
      result[key] = Object.fromEntries(
        Object.entries(value).map(([name, item]) => [name, isPlainObject(item) ? stripUnsupported(item) : item]),
      );
    else if ((key === "anyOf" || key === "allOf" || key === "oneOf") && Array.isArray(value))
      result[key] = value.map((item) => stripUnsupported(item as JsonSchema));
    else if ((key === "items" || key === "additionalProperties") && isPlainObject(value)) result[key] = stripUnsupported(value);
    else result[key] = value;
  }
  if (dropped.length === 0) return result;
  const note = `(${dropped.join(", ")})`;
  return { ...result, description: typeof result.description === "string" ? `${result.description} ${note}` : note };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
