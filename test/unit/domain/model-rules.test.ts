import assert from "node:assert/strict";
import { effortProblem, parseModelName, rulesOfModel } from "../../../src/domain";

describe("each model's rules and efforts", () => {
  it("reads a model's name and version as Azure's responses and the configuration write them", () => {
    assert.deepEqual(parseModelName("gpt-5.4-2026-03-05"), { name: "gpt-5.4", version: "2026-03-05" });
    assert.deepEqual(parseModelName("gpt-4o@2024-11-20"), { name: "gpt-4o", version: "2024-11-20" });
    assert.deepEqual(parseModelName("GPT-5.6-sol"), { name: "gpt-5.6-sol" });
  });

  it("knows the efforts per model: minimal on GPT-5 only, none from 5.1, xhigh after 5.1; none for GPT-4", () => {
    assert.deepEqual(rulesOfModel("gpt-5-mini")?.efforts, ["minimal", "low", "medium", "high"]);
    assert.deepEqual(rulesOfModel("gpt-5.1")?.efforts, ["none", "low", "medium", "high"]);
    for (const model of ["gpt-5.4", "gpt-5.4-mini-2026-03-17", "gpt-5.6-sol", "gpt-5.6-luna"])
      assert.deepEqual(rulesOfModel(model)?.efforts, ["none", "low", "medium", "high", "xhigh"], model);
    assert.deepEqual(rulesOfModel("gpt-4o-2024-11-20"), { family: "gpt-4", efforts: [] });
    assert.equal(rulesOfModel("router-prod"), undefined, "a deployment's own name says nothing");
  });

  it("says in one line why a model refuses an effort, and accepts what it takes", () => {
    assert.equal(
      effortProblem("gpt-5.4", "minimal"),
      "gpt-5.4 does not take reasoning effort minimal (from gpt-5.1 on the least effort is none); it takes lowest, none, low, medium, high, xhigh",
    );
    assert.match(effortProblem("gpt-5-mini", "xhigh") ?? "", /gpt-5-mini does not take reasoning effort xhigh; it takes lowest, minimal/);
    assert.equal(effortProblem("gpt-5.4-2026-03-05", "xhigh"), undefined);
    assert.equal(effortProblem("gpt-5-mini", "minimal"), undefined);
    assert.equal(effortProblem("router-prod", "minimal"), undefined, "an unknown model is checked by the service");
  });
});
