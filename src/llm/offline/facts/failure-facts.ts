import type { SourceKind } from "../../../domain";
import type { ReadKind } from "../phrases";
import type { Fact, FactContext } from "./fact";

/** The kinds of record a tool can read, as its name says them ("searchContracts" reads contracts). */
const KIND_IN_NAME: readonly { kind: SourceKind; word: RegExp }[] = [
  { kind: "contract", word: /contract/i },
  { kind: "policy", word: /polic/i },
  { kind: "spend", word: /spend/i },
  { kind: "benchmark", word: /benchmark/i },
  { kind: "supplier", word: /supplier/i },
];

/**
 * What the tools could not read, said plainly and first, as a model given a tool's error says it: one rule for every tool. Without it, what
 * another tool returned (a policy beside a failed contract search) would read as the answer to the question. The kind of record comes from
 * the tool's name, as a model reads it; a tool whose name names none is "the data".
 */
export function failureFacts({ observations, phrases }: FactContext): Fact[] {
  const failed = observations.filter((o) => !o.ok);
  if (failed.length === 0) return [];
  return [{ text: phrases.couldNotRead(readKindsOf(failed.map((o) => o.name))), references: [], direct: true }];
}

/** What the named tools read, each kind once. */
export function readKindsOf(toolNames: string[]): ReadKind[] {
  return [...new Set(toolNames.map((name) => KIND_IN_NAME.find(({ word }) => word.test(name))?.kind ?? "data"))];
}
