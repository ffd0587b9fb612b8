export { debugRequested, loadConfig, parseDuration, type AppConfig, type ModelProviderConfig } from "./load-config";
export type { Env } from "./schema";
export { apiKeyFor, type EvalEndpoint, type EvalModelEntry } from "./eval-models";
