import { benchmarkFacts } from "./benchmark-facts";
import { contractFacts } from "./contract-facts";
import type { Fact, FactContext } from "./fact";
import { failureFacts } from "./failure-facts";
import { policyFacts } from "./policy-facts";
import { resolutionFacts } from "./resolution-facts";
import { spendFacts } from "./spend-facts";
import { supplierFacts } from "./supplier-facts";

export type { Fact, FactContext } from "./fact";

const DERIVERS = [contractFacts, supplierFacts, spendFacts, benchmarkFacts, policyFacts];

/**
 * Every fact the tool results support, answering facts first. Within each group, facts follow the specialist's own tool order (its front
 * matter lists its primary tool first), so a spend analyst leads with spend even when it also looked up the supplier's profile.
 */
export function deriveFacts(context: FactContext, toolOrder: readonly string[]): Fact[] {
  const rank = (name: string) => (toolOrder.includes(name) ? toolOrder.indexOf(name) : toolOrder.length);
  const observations = [...context.observations].sort((a, b) => rank(a.name) - rank(b.name));
  const seen = new Set<string>();
  // What could not be resolved or read leads: a figure or a list next to it must not read as the answer about that name or those records.
  const unresolved = [...resolutionFacts(context), ...failureFacts(context)];
  const facts = observations
    .flatMap((observation) => DERIVERS.flatMap((derive) => derive({ ...context, observations: [observation] })))
    .filter((fact) => !seen.has(fact.text) && seen.add(fact.text));
  return [...unresolved, ...facts.filter((f) => f.direct), ...facts.filter((f) => !f.direct)];
}
