import { createOpenAiCompatibleChatModel } from "../../../src/llm/openai-chat-model";
import { DEFAULT_EVAL_CALL_SETTINGS, type EvalModel } from "../../../src/eval/eval-model";
import { openPromptFiles } from "../../../src/eval/prompt-files";
import { ScriptedModelServer } from "../../fakes/scripted-model-server";

/** A scripted server and an EvalModel on it whose retries do not wait (back-off recorded instead). */
export async function startEvalHarness(models: string[] = ["eval-model-a"]) {
  const server = new ScriptedModelServer();
  const { baseUrl } = await server.start();
  const sleeps: number[] = [];
  const chat = createOpenAiCompatibleChatModel({
    baseUrl,
    retry: { maxRetries: 4, initialMs: 2000, multiplier: 2, maxMs: 30_000 },
    sleep: async (ms) => void sleeps.push(ms),
    random: () => 0,
  });
  const evalModel: EvalModel = { chat, models, prompts: openPromptFiles(), settings: DEFAULT_EVAL_CALL_SETTINGS };
  return { server, evalModel, sleeps };
}
