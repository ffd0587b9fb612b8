import { randomUUID } from "node:crypto";
import type { AppConfig } from "../config";
import { createChatModel, type ChatModelSettings } from "../llm/create-chat-model";
import { InMemoryConversationMemory } from "../storage/conversation-memory-repository";
import { scrubText } from "../telemetry/redaction";
import { createToolRegistry } from "../tools";
import { createEvidencePlanner } from "../tools/evidence-plan";
import { buildQuestionVocabulary } from "../tools/question/vocabulary";
import type { ProcurementData } from "../tools/procurement-data";
import type { WorkflowSettings } from "../domain";
import { systemClock } from "../domain";
import type { WorkflowDeps } from "../workflow/deps";
import type { ChatModel, ConversationMemory, EventSink, RunStore } from "../workflow/ports";
import { loadPromptLibrary } from "../workflow/prompt-library";

export function workflowSettings(config: Pick<AppConfig, "workflow" | "models">): WorkflowSettings {
  // promptsDir says where the prompt library is read from, which the composition root does (below).
  const { promptsDir: _promptsDir, ...tunables } = config.workflow;
  const { evaluation: _evaluation, ...models } = config.models;
  return { ...tunables, models };
}

/** Wires the workflow for an entry point; without `memory`, conversations are remembered in this process only (one-shot CLIs, evaluation). */
export async function buildWorkflowDeps(
  config: Pick<AppConfig, "workflow" | "models" | "memory"> & ChatModelSettings,
  options: { data: ProcurementData; store: RunStore; events: EventSink; model?: ChatModel; memory?: ConversationMemory },
): Promise<WorkflowDeps> {
  const vocabulary = await buildQuestionVocabulary(options.data);
  return {
    model: options.model ?? (await createChatModel(config, options.data)),
    tools: createToolRegistry(options.data, { fiscalYearStartMonth: (await options.data.describe()).fiscalYearStartMonth }),
    evidencePlanner: createEvidencePlanner({ vocabulary, clock: systemClock, jpyRates: config.workflow.jpyRates }),
    store: options.store,
    memory: options.memory ?? new InMemoryConversationMemory(config.memory),
    clock: systemClock,
    events: options.events,
    prompts: loadPromptLibrary(config.workflow.promptsDir),
    settings: workflowSettings(config),
    newRunId: randomUUID,
    redactStoredText: scrubText,
  };
}
