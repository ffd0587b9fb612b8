import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";

const TEMPLATES = path.join(__dirname, "../../../src/cards/templates");

/** Every TextBlock of a card element tree, with where it sits. */
function textBlocks(node: unknown, at = ""): { at: string; block: Record<string, unknown> }[] {
  if (Array.isArray(node)) return node.flatMap((child, index) => textBlocks(child, `${at}[${index}]`));
  if (node === null || typeof node !== "object") return [];
  const record = node as Record<string, unknown>;
  const own = record.type === "TextBlock" ? [{ at, block: record }] : [];
  return [...own, ...Object.entries(record).flatMap(([key, child]) => textBlocks(child, `${at}.${key}`))];
}

describe("card templates at a narrow width", () => {
  for (const file of readdirSync(TEMPLATES).filter((name) => name.endsWith(".json")))
    it(`${file}: every TextBlock wraps, so no text is cut off at the card's edge`, () => {
      const unwrapped = textBlocks(JSON.parse(readFileSync(path.join(TEMPLATES, file), "utf8"))).filter(({ block }) => block.wrap !== true);
      assert.deepEqual(
        unwrapped.map(({ at, block }) => `${at} ${String(block.text)}`),
        [],
      );
    });
});
