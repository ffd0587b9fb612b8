/**
 * The prompt-cache measurement: questions run one after another through the graph — the real
 * OpenAI-compatible adapter over HTTP to the simulator (models answer at once), the real tools —
 * while the simulator records every request body as sent. Each prompt is tokenized with o200k_base,
 * the tokenizer of the default models (the GPT-5 family, like gpt-4o, uses o200k_base).
 */
import { encode } from "gpt-tokenizer/encoding/o200k_base";
import { buildWorkflowDeps } from "../src/composition/workflow-deps";
import { loadConfig } from "../src/config";
import { MemoryRunStore } from "../src/storage";
import { createInMemoryProcurementData, generateSampleDataSet } from "../src/tools";
import { runQuestion } from "../src/workflow/runner";
import type { ChatCompletionBody } from "../test/fakes/scripted-model-server";
import { LatencyModelServer } from "../test/fakes/latency-model-server";
import { prefixFigures, type PrefixFigures, type PromptCall } from "./prompt-prefix";
import { OfflineReplies } from "./sim/offline-replies";

/**
 * A request as the model reads it, in the order the provider caches it: the tool definitions and
 * the structured-output schema (both part of the cacheable prefix, ahead of the messages), then the
 * messages. Role markers stand in for the chat template's special tokens.
 */
export function promptText(body: ChatCompletionBody): string {
  const tools = body.tools?.length ? `<|tools|>${JSON.stringify(body.tools)}` : "";
  const schema = body.response_format ? `<|response_format|>${JSON.stringify(body.response_format)}` : "";
  const messages = body.messages.map((message) => {
    const content = typeof message.content === "string" ? message.content : JSON.stringify(message.content ?? "");
    const calls = "tool_calls" in message && message.tool_calls ? JSON.stringify(message.tool_calls) : "";
    return `<|${message.role}|>${content}${calls}`;
  });
  return `${tools}${schema}${messages.join("")}`;
}

/** Runs the questions in order and returns, per agent, the prefix shared between consecutive runs. */
export async function runPromptCacheScenario(questions: readonly string[]): Promise<PrefixFigures[]> {
  const data = createInMemoryProcurementData(generateSampleDataSet());
  let current: PromptCall[] = [];
  const server = new LatencyModelServer({
    replies: await OfflineReplies.create(data),
    timeScale: 0.001,
    onRequest: (agentId, body) => current.push({ agentId, tokens: encode(promptText(body)) }),
  });
  const { baseUrl } = await server.start();
  try {
    const config = loadConfig({
      NODE_ENV: "test",
      LLM_PROVIDER: "openai-compatible",
      OPENAI_BASE_URL: baseUrl,
      SPECULATIVE_SPECIALISTS: "false",
    });
    const deps = await buildWorkflowDeps(config, { data, store: new MemoryRunStore(), events: { emit: () => {} } });
    const runs: PromptCall[][] = [];
    for (const question of questions) {
      current = [];
      const state = await runQuestion(deps, { question });
      if (state.status === "failed") throw new Error(`the run for '${question}' failed: ${state.failure?.message}`);
      runs.push(current);
    }
    if (server.unexpected.length > 0) throw new Error(`the simulator could not answer: ${server.unexpected.join("; ")}`);
    return prefixFigures(runs);
  } finally {
    await server.stop();
  }
}
