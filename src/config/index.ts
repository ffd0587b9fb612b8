export { debugRequested, loadConfig, type AppConfig, type ModelProviderConfig } from "./load-config";
export { parseDuration } from "./duration";
export type { Env } from "./schema";
export { apiKeyFor, type EvalEndpoint, type EvalModelEntry } from "./eval-models";
