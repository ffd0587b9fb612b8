import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { EnvSchema } from "../../../src/config/schema";

const DOC = readFileSync(path.resolve(__dirname, "..", "..", "..", "docs", "configuration.md"), "utf8");

/** How a schema default is written in the table: `value`, or — when there is none. */
function documentedDefault(value: unknown): string {
  if (value === undefined || (Array.isArray(value) && value.length === 0)) return "—";
  return `\`${String(value)}\``;
}

describe("docs/configuration.md", () => {
  it("lists every variable of src/config/schema.ts once, with the default the code uses", () => {
    const defaults = EnvSchema.parse({}) as Record<string, unknown>;
    for (const key of Object.keys(EnvSchema.shape)) {
      const rows = DOC.split("\n").filter((line) => line.startsWith(`| \`${key}\` |`));
      assert.equal(rows.length, 1, `one row for ${key}`);
      const [, , documented] = rows[0].split("|").map((cell) => cell.trim());
      assert.equal(documented, documentedDefault(defaults[key]), `default of ${key}`);
    }
  });
});
