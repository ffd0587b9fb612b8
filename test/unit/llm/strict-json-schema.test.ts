import assert from "node:assert/strict";
import { z } from "zod";
import { FindingOutputSchema, ModeratorAnswerSchema, routerDecisionSchema } from "../../../src/domain";
import { dropNullOptionals, strictJsonSchema, type JsonSchema } from "../../../src/llm/strict-json-schema";

/** Every object schema inside `schema`, at any depth (properties, items, anyOf, definitions). */
function objectSchemas(schema: unknown): JsonSchema[] {
  if (typeof schema !== "object" || schema === null) return [];
  const node = schema as JsonSchema;
  const children = Object.values(node).flatMap((value) => (Array.isArray(value) ? value.flatMap(objectSchemas) : objectSchemas(value)));
  return node.type === "object" ? [node, ...children] : children;
}

/** Keyword names used anywhere in the schema tree (property names excluded). */
function keywords(schema: unknown): Set<string> {
  const found = new Set<string>();
  const visit = (node: unknown, isPropertyMap = false) => {
    if (Array.isArray(node)) {
      node.forEach((item) => visit(item));
      return;
    }
    if (typeof node !== "object" || node === null) return;
    for (const [key, value] of Object.entries(node)) {
      if (!isPropertyMap) found.add(key);
      visit(value, !isPropertyMap && (key === "properties" || key === "definitions"));
    }
  };
  visit(schema);
  return found;
}

describe("strictJsonSchema", () => {
  it("makes every object closed with all properties required (Finding, Moderator, Router)", () => {
    for (const schema of [FindingOutputSchema, ModeratorAnswerSchema, routerDecisionSchema(["contract"], 3)]) {
      const objects = objectSchemas(strictJsonSchema(schema, "x"));
      assert.ok(objects.length >= 1);
      for (const object of objects) {
        assert.equal(object.additionalProperties, false);
        assert.deepEqual([...(object.required as string[])].sort(), Object.keys(object.properties as object).sort());
      }
    }
  });

  it("removes keywords strict mode rejects and restates them in the description", () => {
    const schema = strictJsonSchema(FindingOutputSchema, "finding") as { properties: Record<string, JsonSchema> };
    for (const rejected of ["minimum", "maximum", "minLength", "default"]) assert.ok(!keywords(schema).has(rejected), rejected);
    assert.deepEqual(schema.properties.confidence, { type: "number", description: "(minimum: 0, maximum: 1)" });
    assert.equal(schema.properties.summary.type, "string");
    assert.match(String(schema.properties.summary.description), /at most 320 characters \(minLength: 1\)$/);
    const moderator = strictJsonSchema(ModeratorAnswerSchema, "moderator") as { properties: Record<string, JsonSchema> };
    assert.deepEqual(moderator.properties.qscore, { type: "number", description: "(minimum: 0, maximum: 100)" });
  });

  it("keeps descriptions, enums and array item shapes", () => {
    const schema = strictJsonSchema(FindingOutputSchema, "finding") as { properties: Record<string, JsonSchema> };
    const evidence = schema.properties.evidence as { type: string; description: string; items: JsonSchema };
    assert.equal(evidence.type, "array");
    assert.equal(evidence.items.type, "string", "a citation is its record's handle alone: no nullable source and quote to write");
    assert.match(String(evidence.items.description), /'E2'/);
    assert.match(evidence.description, /handles/);
    const quotes = schema.properties.quotes as { type: string; items: { properties: Record<string, JsonSchema>; required: string[] } };
    assert.deepEqual(quotes.items.required, ["ref", "source", "quote"]);
    const router = strictJsonSchema(routerDecisionSchema(["contract"], 3), "router") as { properties: Record<string, JsonSchema> };
    assert.deepEqual(router.properties.debateMode, { type: "string", enum: ["independent", "debate"] });
  });

  it("turns optional and defaulted fields into required nullable ones, and keeps nullable ones nullable", () => {
    const parameters = z.object({
      query: z.string().describe("free text"),
      supplier: z.string().optional(),
      limit: z.number().int().default(5),
      contractId: z.string().nullable(),
    });
    const schema = strictJsonSchema(parameters, "searchContracts") as { properties: Record<string, JsonSchema>; required: string[] };
    assert.deepEqual(schema.required, ["query", "supplier", "limit", "contractId"]);
    assert.deepEqual(schema.properties.query, { type: "string", description: "free text" });
    assert.deepEqual(schema.properties.supplier, { type: ["string", "null"] });
    assert.deepEqual(schema.properties.limit, { anyOf: [{ type: "integer" }, { type: "null" }] });
    assert.deepEqual(schema.properties.contractId, { type: ["string", "null"] });
    assert.ok(!keywords(schema).has("nullable"), "OpenAPI's nullable keyword is not JSON Schema");
  });

  it("converts a schema once per name and hands the same document to every request", () => {
    const parameters = z.object({ query: z.string() });
    const first = strictJsonSchema(parameters, "toolA");
    assert.equal(strictJsonSchema(parameters, "toolA"), first, "cached by schema and name");
    const other = strictJsonSchema(parameters, "toolB");
    assert.notEqual(other, first, "another name is another document");
    assert.deepEqual(other, first, "with the same content");
    assert.notEqual(strictJsonSchema(z.object({ query: z.string() }), "toolA"), first, "another schema object is converted afresh");
  });
});

describe("dropNullOptionals", () => {
  const parameters = z.object({
    query: z.string(),
    supplier: z.string().optional(),
    limit: z.number().default(5),
    contractId: z.string().nullable(),
    filters: z.array(z.object({ field: z.string(), value: z.string().optional() })).optional(),
  });

  it("removes nulls only where the field may be absent but not null, at any depth", () => {
    const model = { query: "Acme", supplier: null, limit: null, contractId: null, filters: [{ field: "region", value: null }] };
    const restored = dropNullOptionals(parameters, model);
    assert.deepEqual(restored, { query: "Acme", contractId: null, filters: [{ field: "region" }] });
    assert.deepEqual(parameters.parse(restored), { query: "Acme", limit: 5, contractId: null, filters: [{ field: "region" }] });
  });

  it("leaves values it does not recognise untouched (the caller's validation judges them)", () => {
    assert.deepEqual(dropNullOptionals(parameters, { query: null, extra: null }), { query: null, extra: null });
    assert.equal(dropNullOptionals(parameters, "not an object"), "not an object");
  });
});
