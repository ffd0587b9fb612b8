import assert from "node:assert/strict";
import { countOf } from "../../../src/tools/format";

describe("tools/format countOf", () => {
  it("puts the noun in the right number", () => {
    assert.equal(countOf(0, "incident"), "0 incidents");
    assert.equal(countOf(1, "incident"), "1 incident");
    assert.equal(countOf(2, "incident"), "2 incidents");
    assert.equal(countOf(1204, "transaction"), "1,204 transactions");
    assert.equal(countOf(1, "category", "categories"), "1 category");
  });
});
