import { createOpenAiCompatibleChatModel } from "../../../src/llm/openai-chat-model";
import { DEFAULT_EVAL_CALL_SETTINGS, type EvalModel } from "../../../src/eval/eval-model";
import { openPromptFiles } from "../../../src/eval/prompt-files";
import { ScriptedModelServer } from "../../fakes/scripted-model-server";

/** A scripted server and an EvalModel on it whose retries do not wait (back-off recorded instead). */
async function startEvalHarness() {
  const server = new ScriptedModelServer();
  const { baseUrl } = await server.start();
  const sleeps: number[] = [];
  const chat = createOpenAiCompatibleChatModel({
    baseUrl,
    retry: { maxRetries: 4, initialMs: 2000, multiplier: 2, maxMs: 30_000 },
    sleep: async (ms) => void sleeps.push(ms),
    random: () => 0,
  });
  const evalModel: EvalModel = { chat, models: ["eval-model-a"], prompts: openPromptFiles(), settings: DEFAULT_EVAL_CALL_SETTINGS };
  return { server, evalModel, sleeps, baseUrl };
}

export type EvalHarness = Awaited<ReturnType<typeof startEvalHarness>>;

/**
 * One harness for the calling suite, filled in by its `before` hook; after each test it checks that
 * no unexpected model call was made and clears the script and the recorded back-offs.
 */
export function useEvalHarness(): EvalHarness {
  const harness = {} as EvalHarness;
  before(async () => void Object.assign(harness, await startEvalHarness()));
  afterEach(() => {
    harness.server.assertNoUnexpectedCalls();
    harness.server.reset();
    harness.sleeps.length = 0;
  });
  after(() => harness.server?.stop());
  return harness;
}
