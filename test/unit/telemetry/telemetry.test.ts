import assert from "node:assert/strict";
import { testConfig } from "../../fakes/test-config";
import { createTelemetry } from "../../../src/telemetry";

describe("createTelemetry without a connection string", () => {
  it("returns a disabled telemetry that accepts every call, and says so in one line", async () => {
    const lines: string[] = [];
    const telemetry = createTelemetry(testConfig({}), (line) => lines.push(line));
    assert.deepEqual(lines, ["telemetry: off (APPLICATIONINSIGHTS_CONNECTION_STRING is not set)"]);
    assert.equal(telemetry.enabled, false);
    telemetry.eventSink.emit({ type: "executor_completed", runId: "r", at: new Date().toISOString() });
    telemetry.exception(new Error("x"), { correlationId: "c" });
    await telemetry.flush();
    assert.equal(lines.length, 1);
  });
});
