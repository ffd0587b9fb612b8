import assert from "node:assert/strict";
import { buildProgressCard } from "../../../src/cards";
import { labelsFor } from "../../../src/domain";

describe("progress card once the run has ended", () => {
  for (const [phase, key] of [
    ["answered", "phaseAnswered"],
    ["underReview", "phaseUnderReview"],
    ["failed", "phaseFailed"],
  ] as const) {
    for (const language of ["en", "ja"] as const) {
      it(`${phase} (${language}) says how it ended and stops saying it is working`, () => {
        const labels = labelsFor(language);
        const text = JSON.stringify(buildProgressCard({ language, question: "q", phase, specialists: [], elapsedSeconds: 3 }));
        assert.ok(text.includes(labels[key]));
        assert.ok(text.includes(labels.progressTitleDone));
        assert.ok(!text.includes(labels.progressTitle + '"'), "not the working title");
      });
    }
  }
});
