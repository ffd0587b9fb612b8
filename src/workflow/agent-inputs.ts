/**
 * The typed inputs each agent's prompt is rendered from. They travel with every ChatRequest as
 * `structuredInput`, so the offline engine (no language model) can reason over them directly.
 */
import type { ConversationEntities, Finding, Language, PreviousAnswer, RouterDecision } from "../domain";

/** A specialist as the Router sees it. */
export interface SpecialistSummary {
  id: string;
  displayName: { en: string; ja: string };
  description: string;
  keywords: string[];
}

/** A remembered turn as the rewriter sees it. */
export interface RememberedTurn {
  question: string;
  conclusion: string;
  entities: ConversationEntities;
}

/** Input of the rewriter (agentId `rewriter`): the new message and the conversation's memory, oldest first. */
export interface RewriterInput {
  agent: "rewriter";
  question: string;
  language: Language;
  turns: RememberedTurn[];
}

/** Input of the Router (agentId `router`). */
export interface RouterInput {
  agent: "router";
  question: string;
  language: Language;
  specialists: SpecialistSummary[];
  maxSpecialists: number;
  /** Specialists that already failed on this question (re-routing): not offered in `specialists`. */
  unavailable?: { specialist: string; error: string }[];
}

/** Which pass a specialist is in: the first opinion, the debate rebuttal, or the quality-gate re-ask. */
export type SpecialistRound = "initial" | "debate" | "requery";

/** Input of a specialist (agentId = the specialist id). */
export interface SpecialistInput {
  agent: "specialist";
  question: string;
  language: Language;
  specialist: SpecialistSummary & { tools: string[] };
  decision: RouterDecision;
  round: SpecialistRound;
  /** The Moderator's critique of what is missing (requery round). */
  critique?: string;
  /** The previous turn's question and conclusion, when this follow-up asks about that answer. */
  previousAnswer?: PreviousAnswer;
  /** Its own earlier finding (debate and requery rounds). */
  previous?: Finding;
  /** The other specialists' findings (debate round). */
  peers?: Finding[];
}

/** Input of the Moderator (agentId `moderator`). */
export interface ModeratorInput {
  agent: "moderator";
  question: string;
  language: Language;
  decision: RouterDecision;
  findings: Extract<Finding, { status: "ok" }>[];
  failures: { specialist: string; error: string }[];
  /** The previous turn's question and conclusion, when this follow-up asks about that answer. */
  previousAnswer?: PreviousAnswer;
  /** Each specialist's display name in the question's language, by id: how the answer names them. */
  specialistNames: Record<string, string>;
  /** Set on the second moderation after the quality gate sent the answer back. */
  previous?: { qscore: number; critique: string };
}

/** Any agent input. */
export type AgentInput = RewriterInput | RouterInput | SpecialistInput | ModeratorInput;

/**
 * The fields of each agent's input that are the same for every question (configuration and the
 * specialist registry). They are rendered before the run's data, inside the prefix the model's
 * prompt cache can reuse; every other field (including any added later) belongs to the run.
 */
export const REFERENCE_FIELDS: { readonly [A in AgentInput["agent"]]: readonly (keyof Extract<AgentInput, { agent: A }>)[] } = {
  rewriter: ["agent"],
  router: ["agent", "maxSpecialists", "specialists"],
  specialist: ["agent", "specialist"],
  moderator: ["agent"],
};
