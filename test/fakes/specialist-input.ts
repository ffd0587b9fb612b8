import {
  FindingOutputSchema,
  detectLanguage,
  type RouterDecision,
  type SpecialistInput,
  type SpecialistDefinition,
} from "../../src/domain";
import type { ChatMessage, ChatRequest, ToolSpec } from "../../src/workflow/ports";
import { loadPromptLibrary } from "../../src/workflow/prompt-library";

const specialists = loadPromptLibrary().specialists;

/**
 * A specialist's definition (prompts/specialists) and its input as the specialist step writes it,
 * the Router having chosen it alone: for tests that drive one specialist conversation by hand.
 */
export function specialistInputFor(
  id: string,
  question: string,
  options: { evidenceNeed?: RouterDecision["evidenceNeed"] } & Partial<
    Pick<SpecialistInput, "round" | "critique" | "previous" | "peers">
  > = {},
): { definition: SpecialistDefinition; input: SpecialistInput } {
  const definition = specialists.find((s) => s.id === id);
  if (!definition) throw new Error(`no specialist '${id}' in prompts/specialists`);
  const { evidenceNeed = "high", round = "initial", ...shown } = options;
  const decision: RouterDecision = {
    selected: [id],
    debateMode: "independent",
    evidenceNeed,
    hitl: false,
    inScope: true,
    scopeReason: "procurement",
    reason: "",
    fallback: false,
  };
  const { displayName, description, keywords, tools } = definition;
  return {
    definition,
    input: {
      agent: "specialist",
      question,
      language: detectLanguage(question),
      specialist: { id, displayName, description, keywords, tools },
      decision,
      round,
      ...shown,
    },
  };
}

/** The request for a specialist's finding over the conversation so far, offering `tools` when given. */
export function findingRequest(id: string, messages: readonly ChatMessage[], tools?: ToolSpec[]): ChatRequest {
  return {
    agentId: id,
    model: "offline",
    messages: [...messages],
    temperature: 0,
    maxTokens: 900,
    timeoutMs: 5000,
    output: { name: "finding", schema: FindingOutputSchema },
    tools,
  };
}
