import { z } from "zod";
import type { JpyRates } from "./amounts";
import type { OrchestrationMode } from "./run";

/** Request rules by family: `reasoning` sends max_completion_tokens and reasoning_effort, no temperature; `gpt-4` max_completion_tokens and temperature; `compatible` max_tokens and temperature. */
export const ModelFamilySchema = z.enum(["reasoning", "gpt-4", "compatible"]);
export type ModelFamily = z.infer<typeof ModelFamilySchema>;

/** `lowest` is the least the model accepts (`none` from GPT-5.1, `minimal` on GPT-5, `low` on o-series), resolved once the model is known. */
export const ReasoningEffortSchema = z.enum(["lowest", "none", "minimal", "low", "medium", "high", "xhigh"]);
export type ReasoningEffort = z.infer<typeof ReasoningEffortSchema>;
export type SentEffort = Exclude<ReasoningEffort, "lowest">;

/** Efforts per model (Microsoft Learn, "Azure OpenAI reasoning models", 2026-07-29; the 400 `unsupported_value` names them too). */
const MODEL_RULES: readonly { name: RegExp; rules: { family: Exclude<ModelFamily, "compatible">; efforts: readonly SentEffort[] } }[] = [
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
export function rulesOfModel(model: string): (typeof MODEL_RULES)[number]["rules"] | undefined {
  const { name } = parseModelName(model);
  return MODEL_RULES.find((entry) => entry.name.test(name))?.rules;
}

/** Why `model` refuses `effort`, or undefined when it takes it, takes none, or is unknown. */
export function effortProblem(model: string, effort: ReasoningEffort): string | undefined {
  const rules = rulesOfModel(model);
  if (rules?.family !== "reasoning" || effort === "lowest" || rules.efforts.includes(effort)) return undefined;
  const hint = effort === "minimal" && rules.efforts.includes("none") ? " (from gpt-5.1 on the least effort is none)" : "";
  return `${parseModelName(model).name} does not take reasoning effort ${effort}${hint}; it takes lowest, ${rules.efforts.join(", ")}`;
}

/** The roles that call a model, each with its own profile (the rewriter and the Router are on the critical path). */
export const MODEL_ROLES = ["rewriter", "router", "specialist", "moderator", "evaluation"] as const;
export type ModelRole = (typeof MODEL_ROLES)[number];

/** A role's model: deployment or model name, the model behind it when configured (else the first response tells), family and effort. */
export interface ModelProfile {
  deployment: string;
  baseModel?: string;
  family?: ModelFamily;
  reasoningEffort: ReasoningEffort;
}

/** What a chat request carries of a profile; a prompt's own `model` replaces the deployment, and then its family is recognised from that name. */
export function modelOfProfile(profile: ModelProfile, promptModel?: string): Omit<ModelProfile, "deployment"> & { model: string } {
  if (promptModel !== undefined && promptModel !== profile.deployment)
    return { model: promptModel, reasoningEffort: profile.reasoningEffort };
  return {
    model: profile.deployment,
    reasoningEffort: profile.reasoningEffort,
    ...(profile.baseModel ? { baseModel: profile.baseModel } : {}),
    ...(profile.family ? { family: profile.family } : {}),
  };
}

export interface DeploymentTiming {
  model: string;
  /** The effort sent ("" when none was). */
  reasoningEffort: string;
  firstTextMs: number;
  /** Visible output tokens per second while the text streamed; undefined with fewer than two text chunks. */
  tokensPerSecond?: number;
  chunkTokens: number;
  outputTokens: number;
  reasoningTokens: number;
}

/** What the workflow is tuned by (config's `workflow` settings) and each role's model. */
export interface WorkflowSettings {
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
  storeExecutorIo: boolean;
  hitlAmountThreshold: number;
  hitlCategories: string[];
  jpyRates: JpyRates;
  models: Record<Exclude<ModelRole, "evaluation">, ModelProfile>;
}
