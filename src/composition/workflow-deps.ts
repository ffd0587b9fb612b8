import { randomUUID } from "node:crypto";
import type { AppConfig } from "../config";
import { createChatModel, type ChatModelSettings } from "../llm/create-chat-model";
import { InMemoryConversationMemory } from "../storage/conversation-memory-repository";
import { scrubText } from "../telemetry/redaction";
import { createInMemoryProcurementData, createToolRegistry, generateSampleDataSet } from "../tools";
import { createEvidencePlanner } from "../tools/evidence-plan";
import { buildQuestionVocabulary } from "../tools/question/vocabulary";
import type { ProcurementData } from "../tools/procurement-data";
import { systemClock, type Log, type WorkflowSettings } from "../domain";
import type { WorkflowDeps } from "../workflow/deps";
import type { ChatModel, ConversationMemory, EventSink, RunStore } from "../workflow/ports";
import { loadPromptLibrary } from "../workflow/prompt-library";
import { buildTranscript, MemoryRunStore } from "../storage";
import { runQuestion } from "../workflow/runner";
import type { EndpointListener } from "../llm/endpoint-pool";
import type { Telemetry } from "../telemetry";
import type { EventProps } from "../telemetry/records";

export function workflowSettings(config: Pick<AppConfig, "workflow" | "models">): WorkflowSettings {
  // promptsDir says where the prompt library is read from, which the composition root does (below).
  const { promptsDir: _promptsDir, ...tunables } = config.workflow;
  const { evaluation: _evaluation, ...models } = config.models;
  return { ...tunables, models };
}

/**
 * Wires the workflow for an entry point; without `store`, `events` or `memory`, runs, their events and conversations stay in this process
 * (one-shot CLIs, evaluation).
 */
export async function buildWorkflowDeps(
  config: Pick<AppConfig, "workflow" | "models" | "memory"> & ChatModelSettings,
  options: { data: ProcurementData; store?: RunStore; events?: EventSink; model?: ChatModel; memory?: ConversationMemory },
): Promise<WorkflowDeps> {
  const vocabulary = await buildQuestionVocabulary(options.data);
  return {
    model: options.model ?? (await createChatModel(config, options.data)),
    tools: createToolRegistry(options.data, { fiscalYearStartMonth: (await options.data.describe()).fiscalYearStartMonth }),
    evidencePlanner: createEvidencePlanner({ vocabulary, clock: systemClock, jpyRates: config.workflow.jpyRates }),
    store: options.store ?? new MemoryRunStore(),
    memory: options.memory ?? new InMemoryConversationMemory(config.memory),
    clock: systemClock,
    events: options.events ?? { emit: () => undefined },
    prompts: loadPromptLibrary(config.workflow.promptsDir),
    settings: workflowSettings(config),
    newRunId: randomUUID,
    redactStoredText: scrubText,
  };
}

/** The whole workflow in memory over the sample data the golden cases are written against; `tune` changes the wiring in memory only (what-if runs). */
export async function goldenWorkflow(config: AppConfig, tune: (deps: WorkflowDeps) => WorkflowDeps = (deps) => deps) {
  const deps = tune(await buildWorkflowDeps(config, { data: createInMemoryProcurementData(generateSampleDataSet()) }));
  return async (question: string) => buildTranscript(await runQuestion(deps, { question }));
}

/**
 * Where model endpoint events go: every failover and breaker change to telemetry (`ModelEndpointChanged`, the fault as its kind only) and a
 * log line with the cause for operators; every streamed answer's timing to telemetry only (`ModelStreamTimed`).
 */
export function reportEndpointEvents(telemetry: Pick<Telemetry, "event">, log: Log): EndpointListener {
  const changed = (props: EventProps["ModelEndpointChanged"]) => telemetry.event("ModelEndpointChanged", props);
  return (event) => {
    switch (event.type) {
      case "failover":
        log(`model failover: ${event.from} → ${event.to} (${event.fault.cause})`);
        changed({ change: "failover", endpoint: event.from, toEndpoint: event.to, faultKind: event.fault.kind });
        return;
      case "circuit_opened":
        log(`model endpoint ${event.endpoint} (${event.deployment}): circuit open (${event.fault.cause})`);
        changed({ change: "circuit_opened", endpoint: event.endpoint, faultKind: event.fault.kind });
        return;
      case "circuit_closed":
        log(`model endpoint ${event.endpoint} (${event.deployment}): circuit closed, serving again`);
        changed({ change: "circuit_closed", endpoint: event.endpoint });
        return;
      case "stream_timed":
        telemetry.event("ModelStreamTimed", { endpoint: event.endpoint, deployment: event.deployment, ...event.timing });
        return;
    }
  };
}
