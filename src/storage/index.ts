export { openCosmosStore, seedSampleData, type CosmosStore } from "./cosmos-store";
export { buildTranscript } from "./transcript-builder";
export { MemoryRunStore } from "./memory-run-store";
