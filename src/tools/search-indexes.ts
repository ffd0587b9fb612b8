import { extractAmounts } from "../domain/amounts";
import type { Contract, PolicyDocument, Supplier } from "../domain";
import type { Lazy } from "./lazy";
import { bm25Index, type StoredBm25Index } from "./text/bm25";

/** Hits scoring below this share of the best one are noise (they share only words like "contract"). */
const RELEVANCE_CUT = 0.35;
/** A cross-supplier contract search returns at most this many contracts (the tool shows five). */
const MAX_CONTRACT_HITS = 25;
/** A policy search returns at most this many sections (the tool shows five). */
const MAX_POLICY_HITS = 25;
/** When a question names an amount, sections that state several amounts (threshold tables) weigh this much more. */
const THRESHOLD_BOOST = 1.6;

/** Title, parties (with the supplier's aliases), category, status, clauses. */
export function contractText(contract: Contract, aliases: readonly string[] = []): string {
  return [
    contract.title,
    contract.supplierName,
    ...aliases,
    contract.category,
    contract.status,
    ...contract.clauses.map((clause) => clause.text),
  ].join("\n");
}

/** `stored` must be the index stored for exactly these contracts. */
export function indexContracts(contracts: readonly Contract[], suppliers: readonly Supplier[], stored?: StoredBm25Index) {
  const aliases = new Map(suppliers.map((s) => [s.id, s.aliases]));
  const index = bm25Index(stored ?? contracts.map((contract) => contractText(contract, aliases.get(contract.supplierId))));
  return {
    store: () => index.store(),
    search(query: string) {
      const { hits, total, totalIsEstimate } = index.search(query, { limit: MAX_CONTRACT_HITS, minShareOfBest: RELEVANCE_CUT });
      return { contracts: hits.map((hit) => contracts[hit.index]), total, totalIsEstimate };
    },
  };
}

export type StoredPolicyIndexes = Record<"en" | "ja" | "all", StoredBm25Index>;

/** Each read when a search of its kind first needs it: a policy question never pays for parsing the contract index, ten times its size. */
export interface StoredSearchIndexes {
  contracts: Lazy<StoredBm25Index | undefined>;
  policies: Lazy<StoredPolicyIndexes | undefined>;
}

/** `stored` must be the indexes stored for exactly these policies. */
export function indexPolicies(policies: readonly PolicyDocument[], stored?: StoredPolicyIndexes) {
  // How many money amounts each section states (sections stating several are threshold tables).
  const entries = policies.flatMap((policy) =>
    policy.sections.map((section) => ({ policy, section, amountsStated: extractAmounts(section.text).length })),
  );
  const build = (key: keyof StoredPolicyIndexes) => {
    const subset = key === "all" ? entries : entries.filter((entry) => entry.policy.language === key);
    const texts = () => subset.map(({ policy, section }) => `${policy.title}\n${section.heading}\n${section.heading}\n${section.text}`);
    return { index: bm25Index(stored?.[key] ?? texts()), entries: subset };
  };
  const byLanguage = { all: build("all"), en: build("en"), ja: build("ja") };
  return {
    store: (): StoredPolicyIndexes => ({
      all: byLanguage.all.index.store(),
      en: byLanguage.en.index.store(),
      ja: byLanguage.ja.index.store(),
    }),
    /** `favourThresholds` when the question names an amount. */
    search(query: string, language?: "en" | "ja", options: { favourThresholds?: boolean } = {}) {
      const { index, entries: shown } = byLanguage[language ?? "all"];
      const weight = options.favourThresholds ? (at: number) => (shown[at].amountsStated >= 2 ? THRESHOLD_BOOST : 1) : undefined;
      const { hits, total, totalIsEstimate } = index.search(query, { limit: MAX_POLICY_HITS, weight });
      return { sections: hits.map((hit) => ({ ...shown[hit.index], score: hit.score })), total, totalIsEstimate };
    },
  };
}
