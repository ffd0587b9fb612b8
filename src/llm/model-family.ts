/*
 * Azure OpenAI and OpenAI refuse `max_tokens` and any `temperature` but 1 on reasoning models with a 400. The effort sent depends only on
 * the model known to be behind the deployment, never on the deployment's name.
 */
import { rulesOfModel, type ModelFamily, type ReasoningEffort } from "../domain";

/**
 * A name that says nothing is `gpt-4` on Azure (whose deployments all take `max_completion_tokens`) and `compatible` elsewhere (local
 * servers read `max_tokens`); set the role's *_BASE_MODEL or *_MODEL_FAMILY.
 */
export function recogniseFamily(model: string, provider: "azure-openai" | "openai-compatible"): ModelFamily {
  return rulesOfModel(model)?.family ?? (provider === "azure-openai" ? "gpt-4" : "compatible");
}

/**
 * The effort sent, if any: `lowest` is the least the known model takes; while the model is unknown it is left to the service's default
 * (none from GPT-5.1 on).
 */
export function samplingFields(
  family: ModelFamily,
  request: { knownModel?: string; temperature: number; maxTokens: number; reasoningEffort?: ReasoningEffort },
): { temperature?: number; max_tokens?: number; max_completion_tokens?: number; reasoning_effort?: string } {
  switch (family) {
    case "reasoning": {
      const { reasoningEffort: wanted, knownModel } = request;
      const effort = wanted === "lowest" ? knownModel && rulesOfModel(knownModel)?.efforts[0] : wanted;
      return { max_completion_tokens: request.maxTokens, ...(effort ? { reasoning_effort: effort } : {}) };
    }
    case "gpt-4":
      return { temperature: request.temperature, max_completion_tokens: request.maxTokens };
    case "compatible":
      return { temperature: request.temperature, max_tokens: request.maxTokens };
  }
}
