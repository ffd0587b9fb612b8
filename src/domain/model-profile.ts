import { z } from "zod";
import type { JpyRates } from "./amounts";
import type { OrchestrationMode } from "./mode-state";

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
 * (`none` from GPT-5.1 on, `minimal` on GPT-5, `low` on the o-series), resolved once the model is known.
 */
export const ReasoningEffortSchema = z.enum(["lowest", "none", "minimal", "low", "medium", "high", "xhigh"]);
export type ReasoningEffort = z.infer<typeof ReasoningEffortSchema>;
/** An effort the service takes, `lowest` resolved. */
export type SentEffort = Exclude<ReasoningEffort, "lowest">;

/** What the service accepts from a known model: its request rules and, for reasoning models, its efforts, least first. */
export interface ModelRules {
  family: Exclude<ModelFamily, "compatible">;
  efforts: readonly SentEffort[];
}

/**
 * The efforts each model takes (Microsoft Learn, "Azure OpenAI reasoning models", 2026-07-29; the
 * service's 400 `unsupported_value` names them too): GPT-5 stops at `minimal`, GPT-5.1 takes `none`
 * instead, every model after gpt-5.1-codex-max also takes `xhigh`; the o-series takes low to high.
 */
const MODEL_RULES: readonly { name: RegExp; rules: ModelRules }[] = [
  { name: /^gpt-5(-mini|-nano)?$/, rules: { family: "reasoning", efforts: ["minimal", "low", "medium", "high"] } },
  { name: /^gpt-5\.1(-mini)?$/, rules: { family: "reasoning", efforts: ["none", "low", "medium", "high"] } },
  { name: /^gpt-5\.([2-9]|\d{2,})(-[a-z]+)?$/, rules: { family: "reasoning", efforts: ["none", "low", "medium", "high", "xhigh"] } },
  { name: /^o\d(-mini)?$/, rules: { family: "reasoning", efforts: ["low", "medium", "high"] } },
  { name: /^gpt-(4|35|3\.5)/, rules: { family: "gpt-4", efforts: [] } },
];

/** A model as Azure names it in a response (`gpt-5.4-2026-03-05`) or as configured (`gpt-5.4`, `gpt-5.4@2026-03-05`): name and version. */
export function parseModelName(model: string): { name: string; version?: string } {
  const match = /^(.*?)(?:[-@ ](\d{4}-\d{2}-\d{2}))?$/.exec(model.trim().replace(/^.*\//, "").toLowerCase());
  const name = match?.[1] ?? model;
  return match?.[2] ? { name, version: match[2] } : { name };
}

/** The rules of a model named by its model name (never by a deployment's), or undefined for a model we do not know. */
export function rulesOfModel(model: string): ModelRules | undefined {
  const { name } = parseModelName(model);
  return MODEL_RULES.find((entry) => entry.name.test(name))?.rules;
}

/** Why `model` refuses `effort`, in one line, or undefined when it takes it (or the model is unknown, or takes no effort). */
export function effortProblem(model: string, effort: ReasoningEffort): string | undefined {
  const rules = rulesOfModel(model);
  if (rules?.family !== "reasoning" || effort === "lowest" || rules.efforts.includes(effort)) return undefined;
  const hint = effort === "minimal" && rules.efforts.includes("none") ? " (from gpt-5.1 on the least effort is none)" : "";
  return `${parseModelName(model).name} does not take reasoning effort ${effort}${hint}; it takes lowest, ${rules.efforts.join(", ")}`;
}

/** The roles that call a model, each with its own profile (the rewriter and the Router are on the critical path). */
export const MODEL_ROLES = ["rewriter", "router", "specialist", "moderator", "evaluation"] as const;
export type ModelRole = (typeof MODEL_ROLES)[number];

/**
 * A role's model: the deployment (Azure) or model name, the model behind the deployment when the
 * configuration states it (otherwise the first response's `model` field tells), the family whose
 * request rules apply (absent: from the model), and the reasoning effort asked of a reasoning model.
 */
export interface ModelProfile {
  deployment: string;
  baseModel?: string;
  family?: ModelFamily;
  reasoningEffort: ReasoningEffort;
}

/** What a chat request carries of a profile; a prompt's own `model` replaces the deployment, and then its family is recognised from that name. */
export function modelOfProfile(
  profile: ModelProfile,
  promptModel?: string,
): { model: string; baseModel?: string; family?: ModelFamily; reasoningEffort: ReasoningEffort } {
  if (promptModel !== undefined && promptModel !== profile.deployment)
    return { model: promptModel, reasoningEffort: profile.reasoningEffort };
  return {
    model: profile.deployment,
    reasoningEffort: profile.reasoningEffort,
    ...(profile.baseModel ? { baseModel: profile.baseModel } : {}),
    ...(profile.family ? { family: profile.family } : {}),
  };
}

/**
 * How fast one streamed answer came from a deployment, for the simulator's calibration: time to first
 * text, output speed and how many tokens each text chunk carried (all per deployment and model).
 */
export interface DeploymentTiming {
  /** The model the response named (`gpt-5.4-2026-03-05`). */
  model: string;
  /** The effort sent ("" when none was). */
  reasoningEffort: string;
  firstTextMs: number;
  /** Visible output tokens per second while the text streamed; undefined with fewer than two text chunks. */
  tokensPerSecond?: number;
  /** Visible output tokens per text chunk. */
  chunkTokens: number;
  outputTokens: number;
  reasoningTokens: number;
}

/** How runs are orchestrated and judged: the workflow's tunables, all from configuration (src/config). */
export interface WorkflowTunables {
  /** The mode of a run that names none. */
  orchestration: OrchestrationMode;
  /** Group chat: rounds, and who speaks in which order (empty: every registered specialist). */
  groupChat: { rounds: number; specialists: string[] };
  /** Handoff: how many hand-overs a run may make before the speaker must answer. */
  maxHandoffs: number;
  qscoreThreshold: number;
  maxSpecialists: number;
  /** How many top-priority specialists the quality gate re-asks (1–2). */
  requerySpecialists: number;
  /** `moderatorWaitMs`: how long the Moderator waits for the other chosen specialists once one has answered. */
  timeouts: { routerMs: number; specialistMs: number; moderatorMs: number; moderatorWaitMs: number; runBudgetMs: number };
  maxToolRounds: number;
  /** Start the specialists the route guess names together with the Router; those it does not choose are cancelled. */
  speculativeSpecialists: boolean;
  /** Keep each executor's prompts, tool calls and replies in the run state (and so its transcript). */
  storeExecutorIo: boolean;
  hitlAmountThreshold: number;
  hitlCategories: string[];
  /** Rates to JPY for amounts the approval rule reads in other currencies. */
  jpyRates: JpyRates;
}

/** The tunables with the model deployment each agent role uses: what the workflow runs with. */
export interface WorkflowSettings extends WorkflowTunables {
  models: Record<Exclude<ModelRole, "evaluation">, ModelProfile>;
}
