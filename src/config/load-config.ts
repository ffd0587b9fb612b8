import type { z } from "zod";
import { ConfigurationError, redactUrlsIn } from "../domain/errors";
import { effortProblem, type ModelProfile, type ModelRole } from "../domain/model-profile";
import { EnvSchema, SECRET_SETTINGS, amountReaderRates, parseRatesToJpy, type Env } from "./schema";

export type ModelProviderConfig = ReturnType<typeof resolveProvider>;

export type AppConfig = ReturnType<typeof loadConfig>;

/** Reads and validates the environment once; a ConfigurationError names the variable and what is expected. */
export function loadConfig(source: Record<string, string | undefined> = process.env) {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success)
    throw new ConfigurationError(`Invalid configuration: ${parsed.error.issues.map((issue) => describeIssue(issue, source)).join("; ")}`);
  const env = parsed.data;
  const provider = resolveProvider(env);
  return {
    env,
    provider,
    models: checkedEfforts(modelProfiles(env), provider),
    retry: {
      maxRetries: env.LLM_MAX_RETRIES,
      initialMs: env.LLM_RETRY_INITIAL_MS,
      maxMs: env.LLM_RETRY_MAX_MS,
      multiplier: env.LLM_RETRY_MULTIPLIER,
    },
    failover: {
      circuit: {
        failureRate: env.MODEL_CIRCUIT_FAILURE_RATE / 100,
        minimumRequests: env.MODEL_CIRCUIT_MIN_REQUESTS,
        windowMs: env.MODEL_CIRCUIT_WINDOW_MS,
        openMs: env.MODEL_CIRCUIT_OPEN_MS,
      },
      retryAfterBudgetMs: env.MODEL_RETRY_AFTER_BUDGET_MS,
    },
    workflow: {
      orchestration: env.ORCHESTRATION,
      groupChat: { rounds: env.GROUP_CHAT_ROUNDS, specialists: env.GROUP_CHAT_SPECIALISTS },
      maxHandoffs: env.HANDOFF_MAX,
      qscoreThreshold: env.QSCORE_THRESHOLD,
      maxSpecialists: env.MAX_SPECIALISTS,
      requerySpecialists: env.REQUERY_SPECIALISTS,
      timeouts: {
        routerMs: env.ROUTER_TIMEOUT_MS,
        specialistMs: env.SPECIALIST_TIMEOUT_MS,
        moderatorMs: env.MODERATOR_TIMEOUT_MS,
        moderatorWaitMs: env.MODERATOR_WAIT_MS,
        runBudgetMs: env.RUN_BUDGET_MS,
      },
      maxToolRounds: env.MAX_TOOL_ROUNDS,
      speculativeSpecialists: env.SPECULATIVE_SPECIALISTS,
      storeExecutorIo: env.STORE_EXECUTOR_IO,
      hitlAmountThreshold: env.HITL_AMOUNT_THRESHOLD,
      hitlCategories: env.HITL_CATEGORIES,
      jpyRates: amountReaderRates(parseRatesToJpy(env.FX_RATES_JPY) as Record<string, number>),
      promptsDir: env.PROMPTS_DIR,
    },
    approvals: {
      remindAfterMs: durationSetting("APPROVAL_REMIND_AFTER", env.APPROVAL_REMIND_AFTER),
      expireAfterMs: durationSetting("APPROVAL_EXPIRE_AFTER", env.APPROVAL_EXPIRE_AFTER),
    },
    operators: { dedupWindowMs: durationSetting("OPERATOR_NOTICE_DEDUP_WINDOW", env.OPERATOR_NOTICE_DEDUP_WINDOW) },
    memory: {
      ttlMs: durationSetting("CONVERSATION_MEMORY_TTL", env.CONVERSATION_MEMORY_TTL),
      budgetTokens: env.CONVERSATION_MEMORY_TOKENS,
    },
  };
}

/** `NAME="value": expected`; a secret's value is never shown, and URLs in a shown value are redacted. */
function describeIssue(issue: z.ZodIssue, source: Record<string, string | undefined>): string {
  const [name = "", ...inside] = issue.path.map(String);
  const value = SECRET_SETTINGS.has(name) ? " (value not shown)" : `=${JSON.stringify(redactUrlsIn(source[name] ?? ""))}`;
  const where = inside.length > 0 ? ` at ${redactUrlsIn(inside.join("."))}` : "";
  return `${name}${value}${where}: ${issue.message}`;
}

/** The GA models infra/main.bicep deploys, each deployment named after its model (docs/models.md): an unset role uses one and knows its model. */
const DEFAULT_MODELS = { ROUTER: "gpt-5.4-mini", REWRITER: "gpt-5.4-mini", SPECIALIST: "gpt-5.4-mini", MODERATOR: "gpt-5.4" } as const;

function modelProfiles(env: Env): Record<ModelRole, ModelProfile> {
  // `deployed` names the settings of the deployment a role uses: a rewriter without one of its own uses the Router's, family included,
  // and the evaluation model the Moderator's.
  const profile = (
    deployed: keyof typeof DEFAULT_MODELS,
    family: ModelProfile["family"],
    reasoningEffort: ModelProfile["reasoningEffort"],
  ): ModelProfile => {
    const deployment = env[`${deployed}_MODEL`];
    const baseModel = env[`${deployed}_BASE_MODEL`] ?? (deployment === undefined ? DEFAULT_MODELS[deployed] : undefined);
    return {
      deployment: deployment ?? DEFAULT_MODELS[deployed],
      reasoningEffort,
      ...(baseModel ? { baseModel } : {}),
      ...(family ? { family } : {}),
    };
  };
  const rewriter = env.REWRITER_MODEL === undefined ? "ROUTER" : "REWRITER";
  return {
    rewriter: profile(
      rewriter,
      env.REWRITER_MODEL_FAMILY ?? (rewriter === "ROUTER" ? env.ROUTER_MODEL_FAMILY : undefined),
      env.REWRITER_REASONING_EFFORT,
    ),
    router: profile("ROUTER", env.ROUTER_MODEL_FAMILY, env.ROUTER_REASONING_EFFORT),
    specialist: profile("SPECIALIST", env.SPECIALIST_MODEL_FAMILY, env.SPECIALIST_REASONING_EFFORT),
    moderator: profile("MODERATOR", env.MODERATOR_MODEL_FAMILY, env.MODERATOR_REASONING_EFFORT),
    evaluation: profile("MODERATOR", env.EVAL_MODEL_FAMILY ?? env.MODERATOR_MODEL_FAMILY, env.EVAL_REASONING_EFFORT),
  };
}

/** Efforts checked where the model is known before the first call (a stated base model, a compatible server's name; Azure deployment names say nothing). */
function checkedEfforts(profiles: Record<ModelRole, ModelProfile>, provider: ModelProviderConfig): Record<ModelRole, ModelProfile> {
  const problems = Object.entries(profiles).flatMap(([role, profile]) => {
    const model = profile.baseModel ?? (provider.kind === "openai-compatible" ? profile.deployment : undefined);
    const problem = model === undefined ? undefined : effortProblem(model, profile.reasoningEffort);
    const setting = `${role === "evaluation" ? "EVAL" : role.toUpperCase()}_REASONING_EFFORT`;
    return problem ? [`${setting}="${profile.reasoningEffort}": ${problem}`] : [];
  });
  if (problems.length > 0) throw new ConfigurationError(`Invalid configuration: ${problems.join("; ")}`);
  return profiles;
}

const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

function durationSetting(name: string, value: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?\s*$/.exec(value);
  const ms = match ? Math.round(Number(match[1]) * UNIT_MS[(match[2] ?? "ms") as keyof typeof UNIT_MS]) : 0;
  if (ms <= 0)
    throw new ConfigurationError(`Invalid configuration: ${name}=${JSON.stringify(value)}: expected a duration such as 90s, 15m, 4h or 3d`);
  return ms;
}

function resolveProvider(env: Env) {
  const provider = env.LLM_PROVIDER ?? (env.AZURE_OPENAI_ENDPOINT ? "azure-openai" : env.OPENAI_BASE_URL ? "openai-compatible" : "offline");
  switch (provider) {
    case "offline":
      return {
        kind: "offline" as const,
        reason:
          env.LLM_PROVIDER === "offline"
            ? "LLM_PROVIDER=offline"
            : "no model endpoint configured (set AZURE_OPENAI_ENDPOINT or OPENAI_BASE_URL)",
      };
    case "azure-openai":
      if (!env.AZURE_OPENAI_ENDPOINT)
        throw new ConfigurationError(
          "Invalid configuration: AZURE_OPENAI_ENDPOINT is required when LLM_PROVIDER=azure-openai (e.g. https://my-resource.openai.azure.com)",
        );
      return {
        kind: "azure-openai" as const,
        endpoints: env.AZURE_OPENAI_ENDPOINT,
        apiKey: env.AZURE_OPENAI_API_KEY,
        apiVersion: env.AZURE_OPENAI_API_VERSION,
      };
    case "openai-compatible":
      if (!env.OPENAI_BASE_URL)
        throw new ConfigurationError(
          "Invalid configuration: OPENAI_BASE_URL is required when LLM_PROVIDER=openai-compatible (e.g. http://localhost:11434/v1)",
        );
      return { kind: "openai-compatible" as const, baseUrls: env.OPENAI_BASE_URL, apiKey: env.OPENAI_API_KEY };
  }
}

/** Whether PROCURA_DEBUG asks for failures in full; read alone, so a failure to load the rest of the configuration is reported too. */
export function debugRequested(source: Record<string, string | undefined> = process.env): boolean {
  return EnvSchema.shape.PROCURA_DEBUG.safeParse(source.PROCURA_DEBUG).data ?? false;
}
