/**
 * Builds real workflow dependencies for integration tests: real prompts, real tools over the sample
 * data set, the real OpenAI-compatible adapter pointed at a ScriptedModelServer on loopback, an
 * in-memory run store and an event recorder.
 */
import { randomUUID } from "node:crypto";
import { testConfig } from "./test-config";
import { workflowSettings } from "../../src/composition/workflow-deps";
import type { RunState, WorkflowEvent } from "../../src/domain";
import { createOpenAiCompatibleChatModel } from "../../src/llm/openai-chat-model";
import { InMemoryConversationMemory } from "../../src/storage/conversation-memory-repository";
import { MemoryRunStore } from "../../src/storage/memory-run-store";
import { createInMemoryProcurementData, createToolRegistry, generateSampleDataSet } from "../../src/tools";
import { systemClock } from "../../src/domain";
import type { WorkflowDeps } from "../../src/workflow/deps";
import { createOfflineChatModel } from "../../src/llm/offline";
import { buildQuestionVocabulary } from "../../src/tools/question/vocabulary";
import { createEvidencePlanner } from "../../src/tools/evidence-plan";
import type { ChatModel, EvidencePlanner } from "../../src/workflow/ports";
import { loadPromptLibrary } from "../../src/workflow/prompt-library";
import { runQuestion } from "../../src/workflow/runner";
import { ScriptedModelServer } from "./scripted-model-server";

const dataSet = generateSampleDataSet();

/** Shared sample data for tests (generated once per process). */
export const sampleData = createInMemoryProcurementData(dataSet);

/** Workflow deps over a given model; `env` overrides configuration (e.g. QSCORE_THRESHOLD). */
export function workflowHarness(model: ChatModel, env: Record<string, string> = {}) {
  const events: WorkflowEvent[] = [];
  const store = new MemoryRunStore();
  const config = testConfig({ LLM_RETRY_INITIAL_MS: "20", LLM_RETRY_MAX_MS: "200", ...env });
  const deps: WorkflowDeps = {
    model,
    tools: createToolRegistry(sampleData, { fiscalYearStartMonth: 4 }),
    store,
    memory: new InMemoryConversationMemory(config.memory),
    clock: systemClock,
    events: { emit: (event) => events.push(event) },
    prompts: loadPromptLibrary(),
    settings: workflowSettings(config),
    newRunId: randomUUID,
  };
  return { deps, events, store, config };
}

/** Asks questions through the whole graph with the offline engine over the sample data, on a fixed day (2026-11-21). */
export async function offlineAsker(): Promise<(question: string) => Promise<RunState>> {
  const model = createOfflineChatModel({
    vocabulary: await buildQuestionVocabulary(sampleData),
    clock: { now: () => new Date("2026-11-21T09:00:00Z") },
  });
  const { deps } = workflowHarness(model);
  return (question) => runQuestion(deps, { question });
}

/** The evidence planner the composition root wires (over the sample data), for runs that mirror production. */
export async function sampleEvidencePlanner(): Promise<EvidencePlanner> {
  return createEvidencePlanner({ vocabulary: await buildQuestionVocabulary(sampleData), clock: systemClock });
}

/** The real OpenAI-compatible adapter against a scripted server, with fast retries. */
export function scriptedModel(baseUrl: string, maxRetries = 3): ChatModel {
  return createOpenAiCompatibleChatModel({ baseUrl, retry: { maxRetries, initialMs: 20, multiplier: 2, maxMs: 200 } });
}

/**
 * Registers a suite's scripted model server: started before the suite, reset before each test,
 * checked for unexpected calls after each passing test, stopped after. `baseUrl()` is valid inside tests.
 */
export function useScriptedModelServer(options?: ConstructorParameters<typeof ScriptedModelServer>[0]): {
  server: ScriptedModelServer;
  baseUrl: () => string;
} {
  const server = new ScriptedModelServer(options);
  let baseUrl = "";
  before(async () => ({ baseUrl } = await server.start()));
  after(() => server.stop());
  beforeEach(() => server.reset());
  afterEach(function () {
    if (this.currentTest?.state === "passed") server.assertNoUnexpectedCalls();
  });
  return { server, baseUrl: () => baseUrl };
}
