import { extractAmounts } from "../domain/amounts";
import type { Contract, PolicyDocument, Supplier } from "../domain";
import type { ContractSearchResult, PolicySectionHit } from "./procurement-data";
import { Bm25Index } from "./text/bm25";

/** Hits scoring below this share of the best one are noise (they share only words like "contract"). */
const RELEVANCE_CUT = 0.35;
/** A cross-supplier contract search returns at most this many contracts (the tool shows five). */
const MAX_CONTRACT_HITS = 25;

/** What a contract is found by: title, parties (with the supplier's aliases), category, status, clauses. */
export function contractText(contract: Contract, aliases: readonly string[] = []): string {
  return [contract.title, contract.supplierName, ...aliases, contract.category, contract.status, ...contract.clauses.map((clause) => clause.text)].join("\n");
}

/** A BM25 index over every contract, built once per data set and searched on every call. */
export class ContractIndex {
  private readonly index: Bm25Index;

  constructor(private readonly contracts: readonly Contract[], suppliers: readonly Supplier[]) {
    const aliases = new Map(suppliers.map((s) => [s.id, s.aliases]));
    this.index = new Bm25Index(contracts.map((contract) => contractText(contract, aliases.get(contract.supplierId))));
  }

  /** Contracts matching the query, best first, without the weak tail. */
  search(query: string): ContractSearchResult {
    const hits = this.index.search(query);
    const cut = (hits[0]?.score ?? 0) * RELEVANCE_CUT;
    const relevant = hits.filter((hit) => hit.score >= cut);
    return { contracts: relevant.slice(0, MAX_CONTRACT_HITS).map((hit) => this.contracts[hit.index]), total: relevant.length };
  }
}

/** A BM25 index over every policy section, one per language and one over both, built once. */
export class PolicyIndex {
  private readonly byLanguage = new Map<"en" | "ja" | "all", { index: Bm25Index; entries: Omit<PolicySectionHit, "score">[] }>();

  constructor(policies: readonly PolicyDocument[]) {
    const entries = policies.flatMap((policy) => policy.sections.map((section) => ({ policy, section, amountsStated: extractAmounts(section.text).length })));
    const build = (subset: typeof entries) => ({
      index: new Bm25Index(subset.map(({ policy, section }) => `${policy.title}\n${section.heading}\n${section.heading}\n${section.text}`)),
      entries: subset,
    });
    this.byLanguage.set("all", build(entries));
    for (const language of ["en", "ja"] as const) this.byLanguage.set(language, build(entries.filter((entry) => entry.policy.language === language)));
  }

  /** Sections matching the query, best first. */
  search(query: string, language?: "en" | "ja"): PolicySectionHit[] {
    const { index, entries } = this.byLanguage.get(language ?? "all")!;
    return index.search(query).map((hit) => ({ ...entries[hit.index], score: hit.score }));
  }
}
