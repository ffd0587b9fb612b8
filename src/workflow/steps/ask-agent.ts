import type { z } from "zod";
import { modelOfProfile, type AgentInput } from "../../domain";
import type { RunContext } from "../run-context";
import { callStructured, type StructuredOutcome } from "../structured-call";
import { renderAgentMessages } from "../agent-message";

interface AgentCall<V extends z.ZodTypeAny> {
  /** The agent's prompt and model profile are its role's (a prompt's own `model` replaces the profile's deployment). */
  agentId: "rewriter" | "router" | "moderator";
  /** The system prompt text as sent, when the prompt's text is rendered or extended. */
  system?: string;
  timeoutMs: number;
  input: AgentInput;
  /** The wire schema (strict JSON schema for the model) and the validator applied to the reply. */
  output: { name: string; schema: z.ZodTypeAny };
  validator: V;
  /** The structured answer as far as it has arrived, while the model writes it. */
  onPartialOutput?: (partial: unknown) => void;
}

/** One agent's structured call, as one executor of the run (start/end events, usage, the step's model); resolves with any outcome. */
export async function askAgent<V extends z.ZodTypeAny>(
  context: RunContext,
  round: "initial" | "requery" | undefined,
  call: AgentCall<V>,
): Promise<StructuredOutcome<z.output<V>>> {
  const { prompts, settings } = context.deps;
  const prompt = prompts[call.agentId];
  return context.executor(call.agentId, round, (step) =>
    callStructured(
      step.model,
      {
        agentId: call.agentId,
        ...modelOfProfile(settings.models[call.agentId], prompt.model),
        messages: renderAgentMessages(call.system ?? prompt.text, call.input),
        temperature: prompt.temperature,
        maxTokens: prompt.maxTokens,
        timeoutMs: context.timeoutFor(call.timeoutMs),
        output: call.output,
        ...(call.onPartialOutput ? { onPartialOutput: call.onPartialOutput } : {}),
      },
      prompts.fragments.repair,
      call.validator,
    ),
  );
}
