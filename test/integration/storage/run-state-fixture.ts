import { RUN_SCHEMA_VERSION, type RunState, type WorkflowEvent } from "../../../src/domain";

const at = (second: number) => new Date(Date.UTC(2026, 10, 21, 9, 0, second)).toISOString();

function completed(executor: string, second: number, extra: Partial<WorkflowEvent> = {}): WorkflowEvent[] {
  return [
    { type: "executor_started", runId: "run-1", at: at(second - 1), executor, phase: extra.phase },
    {
      type: "executor_completed",
      runId: "run-1",
      at: at(second),
      executor,
      durationMs: 1000,
      outcome: "ok",
      inputTokens: 100,
      outputTokens: 20,
      model: "gpt-4o",
      ...extra,
    },
  ];
}

/** A finished run: router → contract + spend → moderator (sent back once) → spend requery → moderator. */
export function finishedRun(overrides: Partial<RunState> = {}): RunState {
  return {
    schemaVersion: RUN_SCHEMA_VERSION,
    runId: "run-1",
    question: "Can we renew the Acme SaaS contract at +8%?",
    language: "en",
    requester: { userId: "29:user-1", aadObjectId: "aad-1", conversationId: "a:conv-1", tenantId: "tenant-1" },
    status: "answered",
    phase: "done",
    attempts: 1,
    modeState: { mode: "selective" },
    startedAt: at(0),
    updatedAt: at(9),
    endedAt: at(9),
    offline: false,
    decision: {
      selected: ["contract", "spend"],
      debateMode: "independent",
      evidenceNeed: "high",
      hitl: false,
      inScope: true,
      scopeReason: "procurement",
      reason: "renewal price question needs the contract cap and spend history",
      fallback: false,
    },
    findings: [
      {
        specialist: "contract",
        status: "ok",
        summary: "CTR-0012 caps yearly increases at 5%",
        details: "Clause 7.2",
        evidence: [{ source: "contract", referenceId: "CTR-0012", quote: "increase shall not exceed 5%" }],
        confidence: 0.9,
        toolCalls: [
          {
            name: "searchContracts",
            arguments: { query: "Acme renewal", supplier: "SUP-001" },
            ok: true,
            resultDigest: "2 contracts: CTR-0012, CTR-0040",
            durationMs: 12,
          },
        ],
      },
      {
        specialist: "spend",
        status: "ok",
        summary: "FY2025 spend with SUP-001 was ¥48M",
        details: "",
        evidence: [],
        confidence: 0.8,
        toolCalls: [
          {
            name: "querySpend",
            arguments: { supplierId: "SUP-001", fiscalYear: "FY2025" },
            ok: true,
            resultDigest: "144 transactions, ¥48,000,000",
            durationMs: 30,
          },
          { name: "getPriceBenchmarks", arguments: { category: "saas" }, ok: true, resultDigest: "saas median ¥2,100", durationMs: 5 },
        ],
      },
    ],
    answer: {
      conclusion: "Not at +8%: the contract caps increases at 5%.",
      rationale: [{ point: "Cap of 5% in clause 7.2", citations: ["CTR-0012"] }],
      findings: [{ specialist: "contract", summary: "cap 5%" }],
      nextActions: ["Negotiate at ≤5%"],
      qscore: 86,
      hitl: false,
      hitlReason: "",
      critique: "benchmark evidence is thin",
    },
    quality: { initialScore: 72, finalScore: 86, retried: true },
    usage: { inputTokens: 600, outputTokens: 120 },
    events: [
      ...completed("router", 1, { phase: "route", model: "gpt-4o-mini" }),
      ...completed("contract", 3, { phase: "investigate", round: "initial" }),
      ...completed("spend", 4, { phase: "investigate", round: "initial" }),
      ...completed("moderator", 6, { phase: "moderate" }),
      ...completed("spend", 7, { phase: "reinvestigate", round: "requery" }),
      ...completed("moderator", 9, { phase: "moderate" }),
      { type: "run_completed", runId: "run-1", at: at(9) },
    ],
    ...overrides,
  };
}
