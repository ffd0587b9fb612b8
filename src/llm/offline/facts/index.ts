import { benchmarkFacts } from "./benchmark-facts";
import { contractFacts } from "./contract-facts";
import type { Fact, FactContext } from "./fact";
import { policyFacts } from "./policy-facts";
import { spendFacts } from "./spend-facts";
import { supplierFacts } from "./supplier-facts";

export type { Fact, FactContext } from "./fact";

/** Every fact the tool results support, answering facts first (stable order otherwise). */
export function deriveFacts(context: FactContext): Fact[] {
  const facts = [contractFacts, supplierFacts, spendFacts, benchmarkFacts, policyFacts].flatMap((derive) => derive(context));
  return [...facts.filter((f) => f.direct), ...facts.filter((f) => !f.direct)];
}
