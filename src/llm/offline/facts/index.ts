import type { SourceKind } from "../../../domain";
import type { ReadKind } from "../phrases";
import { benchmarkFacts, contractFacts, spendFacts, supplierFacts } from "./record-facts";
import type { Fact, FactContext } from "./fact";
import { policyFacts } from "./policy-facts";

export type { Fact } from "./fact";

const DERIVERS = [contractFacts, supplierFacts, spendFacts, benchmarkFacts, policyFacts];

/** Answering facts first, each group in the specialist's own tool order: a spend analyst leads with spend even beside a profile. */
export function deriveFacts(context: FactContext, toolOrder: readonly string[]): Fact[] {
  const rank = (name: string) => (toolOrder.includes(name) ? toolOrder.indexOf(name) : toolOrder.length);
  const observations = [...context.observations].sort((a, b) => rank(a.tool) - rank(b.tool));
  const seen = new Set<string>();
  // What could not be resolved or read leads: a figure or a list next to it must not read as the answer about that name or those records.
  const unresolved = [...resolutionFacts(context), ...failureFacts(context)];
  const facts = observations
    .flatMap((observation) => DERIVERS.flatMap((derive) => derive({ ...context, observations: [observation] })))
    .filter((fact) => !seen.has(fact.text) && seen.add(fact.text));
  return [...unresolved, ...facts.filter((f) => f.direct), ...facts.filter((f) => !f.direct)];
}

/** Each name once, whichever tools reported it. */
function resolutionFacts({ observations, phrases }: FactContext): Fact[] {
  const names = observations.flatMap((observation) => observation.resolution?.unresolved ?? []);
  const key = (name: (typeof names)[number]) => `${name.kind}:${name.text.toLowerCase()}`;
  return names
    .filter((name, i) => names.findIndex((other) => key(other) === key(name)) === i)
    .map((name) => ({
      text:
        name.outcome === "ambiguous"
          ? phrases.whichOne({ name: name.text, candidates: name.candidates })
          : phrases.notInData({ kind: name.kind, name: name.text, closest: name.candidates }),
      references: [],
      direct: true,
    }));
}

/** "searchContracts" reads contracts. */
const KIND_IN_NAME: readonly { kind: SourceKind; word: RegExp }[] = [
  { kind: "contract", word: /contract/i },
  { kind: "policy", word: /polic/i },
  { kind: "spend", word: /spend/i },
  { kind: "benchmark", word: /benchmark/i },
  { kind: "supplier", word: /supplier/i },
];

/**
 * Said first, as a model given a tool's error says it: else what another tool returned (a policy beside a failed contract search) would
 * read as the answer. The kind of record comes from the tool's name, as a model reads it.
 */
function failureFacts({ observations, phrases }: FactContext): Fact[] {
  const failed = observations.filter((o) => !o.ok).map((o) => o.tool);
  return failed.length === 0 ? [] : [{ text: phrases.couldNotRead(readKindsOf(failed)), references: [], direct: true }];
}

/** Each kind once. */
export function readKindsOf(toolNames: string[]): ReadKind[] {
  return [...new Set(toolNames.map((name) => KIND_IN_NAME.find(({ word }) => word.test(name))?.kind ?? "data"))];
}
