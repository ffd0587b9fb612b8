import type { Fact, FactContext } from "./fact";

/**
 * What the tools could not resolve, said first and plainly: "No supplier named Globex is in the data." or, when several suppliers fit,
 * which ones to choose from. Each name once, whichever tools reported it.
 */
export function resolutionFacts({ observations, phrases }: FactContext): Fact[] {
  const seen = new Set<string>();
  return observations.flatMap((observation) =>
    (observation.resolution?.unresolved ?? []).flatMap((name): Fact[] => {
      const key = `${name.kind}:${name.text.toLowerCase()}`;
      if (seen.has(key)) return [];
      seen.add(key);
      const text =
        name.outcome === "ambiguous"
          ? phrases.whichOne({ name: name.text, candidates: name.candidates })
          : phrases.notInData({ kind: name.kind, name: name.text, closest: name.candidates });
      return [{ text, references: [], direct: true }];
    }),
  );
}
