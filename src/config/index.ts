export { loadConfig, type AppConfig, type ModelProviderConfig } from "./load-config";
export { parseDuration } from "./duration";
export type { Env } from "./schema";
