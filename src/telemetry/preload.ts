/**
 * Import this first in an entry point (`import "./telemetry/preload";` as the first line of src/index.ts, or `node --require
 * dist/src/telemetry/preload.js`): when a connection string is configured it starts Application Insights before restify, botbuilder, openai
 * or @azure/cosmos load `http`, which the SDK must patch to collect requests and dependencies. The composition root's own `createTelemetry`
 * call then returns this instance. Invalid configuration is left for the composition root to report.
 */
import { loadConfig } from "../config";
import { createTelemetry } from "./telemetry";

try {
  const config = loadConfig();
  if (config.env.APPLICATIONINSIGHTS_CONNECTION_STRING) createTelemetry(config);
} catch {
  // loadConfig throws a ConfigurationError naming the variable; the composition root reports it.
}
