import { z } from "zod";

/**
 * The request rules a model family follows on the Chat Completions wire:
 * - `reasoning` (GPT-5 family, o-series): `max_completion_tokens`, `reasoning_effort`, and no
 *   `temperature`/`top_p` (the service refuses any value but the default);
 * - `gpt-4` (GPT-4o, GPT-4.1, …): `max_completion_tokens` and `temperature`;
 * - `compatible` (other OpenAI-compatible servers: Ollama, vLLM, LM Studio): `max_tokens` and
 *   `temperature`, the fields every such server reads.
 */
export const ModelFamilySchema = z.enum(["reasoning", "gpt-4", "compatible"]);
export type ModelFamily = z.infer<typeof ModelFamilySchema>;

/**
 * How long a reasoning model thinks before it answers. `lowest` is the least the model accepts
 * (`none` from GPT-5.1 on, `minimal` on GPT-5, `low` on the o-series), resolved from its name.
 */
export const ReasoningEffortSchema = z.enum(["lowest", "none", "minimal", "low", "medium", "high"]);
export type ReasoningEffort = z.infer<typeof ReasoningEffortSchema>;

/** The roles that call a model, each with its own profile (the rewriter and the Router are on the critical path). */
export const MODEL_ROLES = ["rewriter", "router", "specialist", "moderator", "evaluation"] as const;
export type ModelRole = (typeof MODEL_ROLES)[number];

/**
 * A role's model: the deployment (Azure) or model name, the family whose request rules apply (absent:
 * recognised from the name), and the reasoning effort asked of a reasoning model.
 */
export interface ModelProfile {
  deployment: string;
  family?: ModelFamily;
  reasoningEffort: ReasoningEffort;
}

/** What a chat request carries of a profile; a prompt's own `model` replaces the deployment, and then its family is recognised from that name. */
export function modelOfProfile(
  profile: ModelProfile,
  promptModel?: string,
): { model: string; family?: ModelFamily; reasoningEffort: ReasoningEffort } {
  if (promptModel !== undefined && promptModel !== profile.deployment)
    return { model: promptModel, reasoningEffort: profile.reasoningEffort };
  return { model: profile.deployment, reasoningEffort: profile.reasoningEffort, ...(profile.family ? { family: profile.family } : {}) };
}
