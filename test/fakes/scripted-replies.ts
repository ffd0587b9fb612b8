/**
 * The replies tests script for the Router, a specialist and the Moderator, typed by the domain's
 * own output schemas: one renewal question ("Can we renew the Acme SaaS contract at +8%?") whose
 * contract caps increases at 5%. Each test overrides only what it is about.
 */
import type { FindingOutput, ModeratorAnswer, RouterOutput, WrittenEvidence } from "../../src/domain";
import type { ChatRequest } from "../../src/workflow/ports";

/** The question these replies answer. */
export const RENEWAL_QUESTION = "Can we renew the Acme SaaS contract at +8%?";

/** A Router decision that selects `selected`, most important first: in scope, independent, no approval signal. */
export function routerReply(selected: string[], extra: Partial<RouterOutput> = {}): RouterOutput {
  return {
    selected,
    debateMode: "independent",
    evidenceNeed: "high",
    hitl: false,
    inScope: true,
    scopeReason: "procurement",
    reason: "contract question",
    ...extra,
  };
}

/** A specialist finding that cites the contract's 5% cap. */
export function findingReply(summary: string, extra: Partial<FindingOutput> & Record<string, unknown> = {}): FindingOutput {
  return {
    summary,
    details: "",
    ...quoting({ source: "contract", referenceId: "CTR-0001", quote: "cap 5%" }),
    confidence: 0.8,
    ...extra,
  };
}

/**
 * A finding's citations of records no scripted tool returned, each written out by its reference id
 * (as a model may still write one instead of the record's handle), with its quote (extra keys such
 * as a `url` stay in the reply, as a model might write them, and are never read).
 */
export function quoting(...items: (WrittenEvidence & Record<string, unknown>)[]): Pick<FindingOutput, "evidence" | "quotes"> {
  return {
    evidence: items.map((item) => item.referenceId),
    quotes: items.map(({ referenceId, ...quoted }) => ({ ref: referenceId, ...quoted })),
  };
}

/** The Moderator's answer: not at +8%, counter at +3%; it passes the quality gate unless `qscore` says otherwise. */
export function moderatorReply(extra: Partial<ModeratorAnswer> = {}): ModeratorAnswer {
  // In the schema's order, as a model writes it (`hitl` and `qscore` first: the conclusion streams only after them).
  return {
    hitl: false,
    qscore: 88,
    conclusion: "Not at +8%.",
    hitlReason: "",
    rationale: [{ point: "Cap is 5%", citations: ["CTR-0001"] }],
    findings: [{ specialist: "contract", summary: "cap 5%" }],
    nextActions: ["Counter at +3%"],
    critique: "",
    ...extra,
  };
}

/** A model request from the contract specialist asking the renewal question; `overrides` sets the rest. */
export function chatRequest(overrides: Partial<ChatRequest> = {}): ChatRequest {
  return {
    agentId: "contract",
    model: "gpt-4o",
    messages: [{ role: "user", content: RENEWAL_QUESTION }],
    temperature: 0.2,
    maxTokens: 800,
    timeoutMs: 5000,
    ...overrides,
  };
}

/** Collects every partial conclusion a streamed Moderator answer hands over, in order. */
export function conclusionCollector(): { conclusions: string[]; onPartialOutput: (partial: unknown) => void } {
  const conclusions: string[] = [];
  return {
    conclusions,
    onPartialOutput: (partial) => {
      const conclusion = (partial as { conclusion?: unknown }).conclusion;
      if (typeof conclusion === "string") conclusions.push(conclusion);
    },
  };
}
