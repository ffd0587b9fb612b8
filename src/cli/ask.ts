import { loadConfig } from "../config";
import { buildWorkflowDeps } from "../composition/workflow-deps";
import { ORCHESTRATION_MODES, type OrchestrationMode, type RunState } from "../domain";
import { dataSetBanner, openToolData } from "../composition/procurement-data";
import { rememberRun } from "../workflow/conversation-turn";
import { runQuestion } from "../workflow/runner";
import { runJson } from "./run-json";
import { runTrace } from "../telemetry/span-records";
import { formatRun } from "./format-run";
import { parseCommand, refuse, runCommand } from "./args";

// A one-shot command has no chat to remember: a question stands alone unless `--then` follow-ups make one conversation, in this process.

const USAGE = `Usage: npm run ask -- [--json] [--trace] [--mode ${ORCHESTRATION_MODES.join("|")}] "<question>" [--then "<follow-up>" …]\n`;

const CLI_CONVERSATION = "cli";

async function main(argv: string[]): Promise<number> {
  const parsed = parseCommand(argv, {
    usage: USAGE,
    positionals: true,
    options: { json: { type: "boolean" }, trace: { type: "boolean" }, mode: { type: "string" }, then: { type: "boolean", multiple: true } },
  });
  const { json, trace, mode } = parsed.values;
  if (mode !== undefined && !ORCHESTRATION_MODES.includes(mode as OrchestrationMode))
    return refuse(`--mode must be one of ${ORCHESTRATION_MODES.join(", ")} (got ${JSON.stringify(mode)})`, USAGE);
  // The words before the first --then are the question; each --then starts a follow-up.
  const questions: string[][] = [[]];
  for (const token of parsed.tokens) {
    if (token.kind === "option" && token.name === "then") questions.push([]);
    else if (token.kind === "positional") questions.at(-1)?.push(token.value);
  }
  const dialogue = questions.map((words) => words.join(" ").trim());
  if (dialogue.some((question) => question === "")) {
    process.stderr.write(USAGE);
    return 2;
  }
  const config = loadConfig();
  if (config.provider.kind === "offline") process.stderr.write(`Model: offline engine (${config.provider.reason}).\n`);
  else
    process.stderr.write(
      `Model: ${config.provider.kind} (router ${config.models.router.deployment}, specialists ${config.models.specialist.deployment}, moderator ${config.models.moderator.deployment}).\n`,
    );
  const { data, close } = await openToolData(config, (line) => process.stderr.write(`${line}\n`));
  try {
    process.stderr.write(`${dataSetBanner(await data.describe())}\n`);
    const deps = await buildWorkflowDeps(config, {
      data,
      events: {
        emit: (event) => {
          if (!json && event.type === "executor_completed")
            process.stderr.write(
              `  · ${event.executor}${event.round && event.round !== "initial" ? ` (${event.round})` : ""}: ${event.outcome} in ${event.durationMs} ms\n`,
            );
        },
      },
    });
    const conversationKey = dialogue.length > 1 ? CLI_CONVERSATION : undefined;
    let failed = false;
    for (const question of dialogue) {
      const state = await runQuestion(deps, { question, conversationKey, mode: mode as OrchestrationMode | undefined });
      await rememberRun(deps.memory, state);
      // What went wrong goes to the log beside the executors' lines; the answer text tells the asker only what the error card does.
      if (state.failure) process.stderr.write(`run ${state.runId} failed: ${state.failure.message}\n`);
      process.stdout.write(json ? `${JSON.stringify(runJson(state), null, 2)}\n` : `\n${formatRun(state, deps.prompts.specialists)}\n`);
      if (trace)
        process.stdout.write(
          json
            ? `${JSON.stringify({ traceId: runTrace(state.runId).traceId, executorIo: state.executorIo ?? [] }, null, 2)}\n`
            : `\n${formatTrace(state)}\n`,
        );
      failed ||= state.status === "failed";
    }
    return failed ? 1 : 0;
  } finally {
    await close();
  }
}

function formatTrace(state: RunState): string {
  const lines = [`Trace ${runTrace(state.runId).traceId} (Application Insights operation id) — run ${state.runId}`];
  const completed = state.events.filter((event) => event.type === "executor_completed" && event.stepId);
  if (!state.executorIo?.length) lines.push("  (executor inputs and outputs were not kept: STORE_EXECUTOR_IO=false)");
  for (const io of state.executorIo ?? []) {
    const end = completed.find((event) => event.stepId === io.stepId);
    const timing = end
      ? `${end.outcome ?? "ok"} in ${end.durationMs} ms, ${end.inputTokens ?? 0} prompt tokens (${end.cachedInputTokens ?? 0} cached)`
      : "did not finish";
    lines.push("", `── ${io.executor}${io.round && io.round !== "initial" ? ` (${io.round})` : ""} · step ${io.stepId} · ${timing}`);
    for (const message of io.messages) {
      lines.push(`  [${message.role}${message.toolCallId ? ` ${message.toolCallId}` : ""}]`, indent(message.content));
      for (const call of message.toolCalls ?? []) lines.push(`  [tool call ${call.id}] ${call.name}`, indent(call.arguments));
    }
    io.outputs.forEach((output, index) => lines.push(`  [reply ${index + 1}]`, indent(output)));
  }
  return lines.join("\n");
}

const indent = (text: string) => `    ${text.replaceAll("\n", "\n    ")}`;

runCommand(main);
