import { z } from "zod";
import { EvalApiKeysSchema, EvalModelEntriesSchema } from "./eval-models";
import { ORCHESTRATION_MODES } from "../domain/run";
import { ModelFamilySchema, ReasoningEffortSchema } from "../domain/model-profile";
import { MODEL_CALL_RETRY, MODEL_FAILOVER } from "../resilience/policies";
import type { JpyRates } from "../domain/amounts";

const positiveInt = z.coerce.number().int().positive();
const nonNegativeNumber = z.coerce.number().min(0);
/** A TCP port, `defaultPort` when unset or empty; 0 asks the system for any free one. */
const port = (defaultPort: number) =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z.coerce.number().int().min(0).max(65535).default(defaultPort),
  );
const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === "" ? undefined : value.trim()));
const modelFamily = optionalString.pipe(ModelFamilySchema.optional());
const boolean = z.enum(["true", "false", "1", "0", "yes", "no"]).transform((value) => value === "true" || value === "1" || value === "yes");
const idList = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? "")
      .split(",")
      .map((item) => item.trim())
      .filter(Boolean),
  );
/** An endpoint: http or https only (an ftp: or file: URL is never a model, store or queue). */
const httpUrl = (message: string) =>
  z.string().refine((value) => URL.canParse(value) && ["http:", "https:"].includes(new URL(value).protocol), { message });
const optionalHttpUrl = optionalString.pipe(httpUrl("must be an http(s) URL").optional());
const urlList = idList
  .pipe(z.array(httpUrl("each comma-separated entry must be an http(s) URL")))
  .transform((urls) => (urls.length > 0 ? urls : undefined));

/**
 * Settings whose values are secrets, or may hold one by mistake (a key pasted into an endpoint list): a configuration error names them and
 * what is expected, never their value.
 */
export const SECRET_SETTINGS: ReadonlySet<string> = new Set([
  "AZURE_OPENAI_API_KEY",
  "OPENAI_API_KEY",
  "BOT_PASSWORD",
  "COSMOS_KEY",
  "RUN_QUEUE_CONNECTION_STRING",
  "APPLICATIONINSIGHTS_CONNECTION_STRING",
  "EVAL_MODEL",
  "EVAL_MODELS",
  "EVAL_API_KEYS",
]);

/** Every setting, by environment variable (each documented in docs/configuration.md); `loadConfig` alone reads `process.env`. */
export const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),

  LLM_PROVIDER: z.enum(["offline", "azure-openai", "openai-compatible"]).optional(),
  AZURE_OPENAI_ENDPOINT: urlList,
  AZURE_OPENAI_API_KEY: optionalString,
  AZURE_OPENAI_API_VERSION: optionalString,
  OPENAI_BASE_URL: urlList,
  OPENAI_API_KEY: optionalString,
  // Each role's model profile (docs/models.md); unset deployments are the ones infra/main.bicep creates, named after their model.
  ROUTER_MODEL: optionalString,
  ROUTER_BASE_MODEL: optionalString,
  ROUTER_MODEL_FAMILY: modelFamily,
  ROUTER_REASONING_EFFORT: ReasoningEffortSchema.default("lowest"),
  REWRITER_MODEL: optionalString,
  REWRITER_BASE_MODEL: optionalString,
  REWRITER_MODEL_FAMILY: modelFamily,
  REWRITER_REASONING_EFFORT: ReasoningEffortSchema.default("lowest"),
  SPECIALIST_MODEL: optionalString,
  SPECIALIST_BASE_MODEL: optionalString,
  SPECIALIST_MODEL_FAMILY: modelFamily,
  SPECIALIST_REASONING_EFFORT: ReasoningEffortSchema.default("lowest"),
  MODERATOR_MODEL: optionalString,
  MODERATOR_BASE_MODEL: optionalString,
  MODERATOR_MODEL_FAMILY: modelFamily,
  MODERATOR_REASONING_EFFORT: ReasoningEffortSchema.default("lowest"),
  EVAL_MODEL_FAMILY: modelFamily,
  EVAL_REASONING_EFFORT: ReasoningEffortSchema.default("medium"),
  LLM_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(MODEL_CALL_RETRY.maxRetries),
  LLM_RETRY_INITIAL_MS: positiveInt.default(MODEL_CALL_RETRY.initialMs),
  LLM_RETRY_MAX_MS: positiveInt.default(MODEL_CALL_RETRY.maxMs),
  LLM_RETRY_MULTIPLIER: z.coerce.number().min(1).default(MODEL_CALL_RETRY.multiplier),
  MODEL_CIRCUIT_FAILURE_RATE: z.coerce
    .number()
    .min(1)
    .max(100)
    .default(MODEL_FAILOVER.circuit.failureRate * 100),
  MODEL_CIRCUIT_MIN_REQUESTS: positiveInt.default(MODEL_FAILOVER.circuit.minimumRequests),
  MODEL_CIRCUIT_WINDOW_MS: positiveInt.default(MODEL_FAILOVER.circuit.windowMs),
  MODEL_CIRCUIT_OPEN_MS: positiveInt.default(MODEL_FAILOVER.circuit.openMs),
  MODEL_RETRY_AFTER_BUDGET_MS: z.coerce.number().int().min(0).default(MODEL_FAILOVER.retryAfterBudgetMs),

  ORCHESTRATION: z.enum(ORCHESTRATION_MODES).default("selective"),
  GROUP_CHAT_ROUNDS: z.coerce.number().int().min(1).max(4).default(1),
  GROUP_CHAT_SPECIALISTS: idList,
  HANDOFF_MAX: z.coerce.number().int().min(0).max(10).default(4),
  QSCORE_THRESHOLD: z.coerce.number().min(0).max(100).default(80),
  MAX_SPECIALISTS: z.coerce.number().int().min(1).max(6).default(3),
  REQUERY_SPECIALISTS: z.coerce.number().int().min(1).max(3).default(2),
  ROUTER_TIMEOUT_MS: positiveInt.default(15000),
  SPECIALIST_TIMEOUT_MS: positiveInt.default(30000),
  MODERATOR_TIMEOUT_MS: positiveInt.default(45000),
  MODERATOR_WAIT_MS: positiveInt.default(8000),
  RUN_BUDGET_MS: positiveInt.default(120000),
  MAX_TOOL_ROUNDS: z.coerce.number().int().min(0).max(8).default(3),
  SPECULATIVE_SPECIALISTS: boolean.default("true"),
  HITL_AMOUNT_THRESHOLD: nonNegativeNumber.default(10_000_000),
  HITL_CATEGORIES: idList,
  FX_RATES_JPY: z
    .string()
    .default("USD=150,EUR=160")
    .superRefine((value, ctx) => {
      const rates = parseRatesToJpy(value);
      if (typeof rates === "string") ctx.addIssue({ code: "custom", message: rates });
    }),
  PROMPTS_DIR: optionalString,

  PORT: port(3978),
  HOST: optionalString,
  ALLOW_UNAUTHENTICATED: boolean.default("false"),
  BOT_ID: optionalString,
  BOT_PASSWORD: optionalString,
  BOT_TYPE: z.enum(["MultiTenant", "SingleTenant", "UserAssignedMsi"]).default("SingleTenant"),
  BOT_TENANT_ID: optionalString,
  MAX_QUESTION_CHARS: positiveInt.default(4000),
  CONTRACT_SENSITIVITY_LABEL: optionalString.pipe(z.string().max(64).optional()),

  // Local development (`npm run dev`): the two Agents Playgrounds (0 = any free port)
  PLAYGROUND_PORT: port(56150),
  PLAYGROUND_APPROVER_PORT: port(56151),

  COSMOS_ENDPOINT: optionalHttpUrl,
  COSMOS_KEY: optionalString,
  COSMOS_DATABASE: z.string().min(1).default("procura"),
  TRANSCRIPT_TTL_DAYS: positiveInt.default(90),
  CONVERSATION_MEMORY_TTL: z.string().default("8h"),
  CONVERSATION_MEMORY_TOKENS: positiveInt.default(1500),
  STORE_EXECUTOR_IO: boolean.default("true"),

  RUN_QUEUE_URL: optionalHttpUrl,
  RUN_QUEUE_CONNECTION_STRING: optionalString,
  /** 3–55 lowercase letters, digits and single hyphens: the started queue adds `-started` (63 at most). */
  RUN_QUEUE_NAME: z
    .string()
    .regex(
      /^[a-z0-9](?!.*--)[a-z0-9-]{1,53}[a-z0-9]$/,
      "3–55 lowercase letters, digits or single hyphens, starting and ending with a letter or digit",
    )
    .default("procura-runs"),
  RUN_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
  RUN_LEASE_SECONDS: z.coerce.number().int().min(5).max(600).default(30),
  RUN_MAX_DELIVERIES: z.coerce.number().int().min(1).max(100).default(5),
  // Fair share between users: one person's flood of questions cannot starve another's.
  USER_MAX_IN_FLIGHT: z.coerce.number().int().min(1).max(1000).default(5),
  USER_MAX_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(20),
  RUN_WORKER_USER_SHARE: z.coerce.number().int().min(1).max(64).optional(),
  PROCURA_DATA_DIR: z.string().min(1).default(".procura/data"),
  PROCURA_DEBUG: boolean.default("false"),
  FISCAL_YEAR_START_MONTH: z.coerce.number().int().min(1).max(12).default(4),

  RENEWAL_ALERT_DAYS: z.coerce.number().int().min(0).max(3660).default(60),
  RENEWAL_SCHEDULE: z.string().min(1).default("0 0 7 * * *"),
  RENEWALS_CHANNEL_ID: optionalString,
  RENEWALS_SERVICE_URL: optionalHttpUrl,
  RENEWALS_LANGUAGE: z.enum(["en", "ja"]).default("en"),

  APPROVER_TEAM_ID: optionalString,
  APPROVER_CHANNEL_ID: optionalString,
  APPROVER_TENANT_ID: optionalString,
  APPROVER_AAD_IDS: idList,
  APPROVER_ADMIN_AAD_IDS: idList,
  APPROVAL_REMIND_AFTER: z.string().default("4h"),
  APPROVAL_EXPIRE_AFTER: z.string().default("72h"),
  /** Segregation of duties: the requester may not approve, edit or reject their own request. */
  APPROVAL_SEGREGATION_OF_DUTIES: boolean.default("true"),
  APPROVAL_SCHEDULER: z.enum(["bot", "function", "off"]).default("bot"),
  APPROVAL_SCHEDULE: z.string().default("0 */5 * * * *"),
  OPERATOR_CHANNEL_ID: optionalString,
  OPERATOR_SERVICE_URL: optionalHttpUrl,
  OPERATOR_NOTICE_QUESTION_WORDS: z.coerce.number().int().min(0).max(50).default(0),
  OPERATOR_NOTICES_PER_HOUR: positiveInt.default(20),
  OPERATOR_NOTICE_DEDUP_WINDOW: z.string().default("10m"),
  OPERATOR_TRANSACTION_URL: optionalString,

  APPLICATIONINSIGHTS_CONNECTION_STRING: optionalString,
  CLOUD_ROLE_NAME: z.string().default("procura-bot"),

  EVAL_SCHEDULE: z.string().default("0 0 * * * *"),
  EVAL_MODEL: optionalString.transform((value) => (value === undefined ? [] : [value])).pipe(EvalModelEntriesSchema),
  EVAL_MODELS: idList.pipe(EvalModelEntriesSchema),
  EVAL_API_KEYS: EvalApiKeysSchema,
  EVAL_BATCH_SIZE: positiveInt.default(50),
  EVAL_CONCURRENCY: positiveInt.default(4),
  GOLDEN_SET_DIR: z.string().min(1).default("test/fixtures/golden"),
  CANARY_SCHEDULE: z.string().min(1).default("0 0 5 * * *"),
});

export type Env = z.infer<typeof EnvSchema>;

const DEFAULT_RATES: Readonly<Record<string, number>> = { JPY: 1, USD: 150, EUR: 160 };

/**
 * Reads "USD=150,EUR=160,GBP=190" into rates to JPY by currency code (JPY is 1; a currency left out keeps its default); returns the problem
 * as a string when a pair is not CODE=positive-rate.
 */
export function parseRatesToJpy(value: string): Record<string, number> | string {
  const rates = { ...DEFAULT_RATES };
  for (const pair of value
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean)) {
    const [code, rate, extra] = pair.split("=").map((part) => part.trim());
    if (!code || !/^[A-Za-z]{3}$/.test(code) || !(Number(rate) > 0) || extra !== undefined)
      return `'${pair}' is not CODE=rate with a three-letter currency code and a positive rate`;
    rates[code.toUpperCase()] = Number(rate);
  }
  rates.JPY = 1;
  return rates;
}

/** The rates of the currencies the amount reader recognises in text (yen, dollars, euros). */
export function amountReaderRates(rates: Readonly<Record<string, number>>): JpyRates {
  return { JPY: 1, USD: rates.USD ?? DEFAULT_RATES.USD, EUR: rates.EUR ?? DEFAULT_RATES.EUR };
}
