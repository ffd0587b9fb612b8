export { debugRequested, loadConfig, type AppConfig, type ModelProviderConfig } from "./load-config";
export type { Env } from "./schema";
export { apiKeyFor, type EvalModelEntry } from "./eval-models";
