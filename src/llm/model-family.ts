/**
 * Which request rules a model follows, recognised from its name when no override says, and the
 * sampling fields of a Chat Completions body under those rules (Azure OpenAI and OpenAI refuse
 * `max_tokens` and any `temperature` but 1 on reasoning models with a 400).
 */
import type { ModelFamily, ReasoningEffort } from "../domain";

/** GPT-5 family (gpt-5, gpt-5-mini, gpt-5.1, gpt-5.4-mini, …) and the o-series (o1, o3-mini, o4-mini, …). */
const REASONING_NAME = /^(gpt-5|o\d)(\b|[.-]|$)/i;
/** GPT-4o, GPT-4.1, GPT-4, GPT-3.5 (Azure spells it gpt-35). */
const GPT4_NAME = /^gpt-(4|35|3\.5)/i;
/** GPT-5 minor versions from 5.1 on accept `none`; GPT-5 itself stops at `minimal`. */
const GPT5_POINT_RELEASE = /^gpt-5\.\d/i;

/**
 * The family of a model or deployment name. A name that says nothing is `gpt-4` on Azure (whose
 * deployments all take `max_completion_tokens`) and `compatible` elsewhere (local servers read
 * `max_tokens`); name a deployment after its model, or set the role's *_MODEL_FAMILY.
 */
export function recogniseFamily(model: string, provider: "azure-openai" | "openai-compatible"): ModelFamily {
  const name = model.trim().replace(/^.*\//, "");
  if (REASONING_NAME.test(name)) return "reasoning";
  if (GPT4_NAME.test(name)) return "gpt-4";
  return provider === "azure-openai" ? "gpt-4" : "compatible";
}

/** The effort value sent: `lowest` resolved for the model (none on GPT-5.1+, minimal on GPT-5, low on the o-series). */
export function resolveEffort(effort: ReasoningEffort, model: string): Exclude<ReasoningEffort, "lowest"> {
  if (effort !== "lowest") return effort;
  const name = model.trim().replace(/^.*\//, "");
  if (GPT5_POINT_RELEASE.test(name)) return "none";
  if (/^gpt-5/i.test(name)) return "minimal";
  return "low";
}

/** The sampling and budget fields of a request body under a family's rules. */
export function samplingFields(
  family: ModelFamily,
  request: { model: string; temperature: number; maxTokens: number; reasoningEffort?: ReasoningEffort },
): { temperature?: number; max_tokens?: number; max_completion_tokens?: number; reasoning_effort?: string } {
  switch (family) {
    case "reasoning":
      return {
        max_completion_tokens: request.maxTokens,
        ...(request.reasoningEffort ? { reasoning_effort: resolveEffort(request.reasoningEffort, request.model) } : {}),
      };
    case "gpt-4":
      return { temperature: request.temperature, max_completion_tokens: request.maxTokens };
    case "compatible":
      return { temperature: request.temperature, max_tokens: request.maxTokens };
  }
}
