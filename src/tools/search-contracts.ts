import { z } from "zod";
import { toJpy, extractPercentages, type Currency } from "../domain/amounts";
import { optionalUrl, recordIdIndex, type ClauseKind, type Contract } from "../domain";
import type { QuotedContract } from "../domain/strings/tool-wording";
import { defineTool, nothingFound, unresolvedSupplier, type ToolContext } from "./define-tool";
import { formatMoney } from "./format";
import { addDays, daysBetween } from "./iso-date";
import { findMentionedSuppliers, resolveSupplierArgument } from "./entities/supplier-resolver";
import { contractText } from "./search-indexes";
import type { ContractSearchResult } from "./procurement-data";
import { bm25Index, clip } from "./text/bm25";
import { normalize } from "./text/words";

const MAX_CONTRACTS = 5;
const MAX_CLAUSES = 3;
const MAX_EVIDENCE = 10;

/** Words that ask about one kind of clause (English and Japanese). */
const CLAUSE_INTENTS: [ClauseKind, RegExp][] = [
  ["renewal", /renew|extend|extension|expir|notice|更新|延長|満了|通知/],
  ["price_adjustment", /price|pricing|increase|uplift|raise|cap\b|index|fee|cost|値上|価格|料金|改定|上限|単価|%|％/],
  ["termination", /terminat|cancel|exit|解約|解除|終了/],
  ["liability", /liabilit|indemn|damage|責任|損害|賠償/],
  ["payment", /payment|invoice|\bpay\b|支払|請求/],
  ["term", /\bterm\b|duration|start date|期間|開始/],
  ["other", /\bsla\b|uptime|availability|service level|delivery|warranty|quality|稼働|納期|品質|保証/],
];
const DEFAULT_CLAUSES: ClauseKind[] = ["renewal", "price_adjustment"];
const STATUS_ORDER: Record<Contract["status"], number> = { expiring: 0, active: 1, draft: 2, expired: 3 };

/** One supplier's contracts when one is given or named; else those the query names by id; otherwise by BM25 over every contract. */
export function createSearchContractsTool({ data, today }: ToolContext) {
  return defineTool({
    name: "searchContracts",
    description:
      "Search supplier contracts. Returns key terms (value, dates, auto-renewal, notice deadline, yearly price-increase cap) and the clause texts relevant to the query (renewal, price adjustment, termination, liability, payment, SLA).",
    parameters: z.object({
      query: z
        .string()
        .max(500)
        .describe(
          "What to look for in contracts, e.g. 'renewal price increase cap' or '解約 条件'; may be empty to list a supplier's contracts",
        ),
      supplier: z
        .string()
        .max(200)
        .nullable()
        .describe("Supplier name, alias or id (e.g. 'Acme', 'アクメ', '取引先A社', 'SUP-001'); null = all suppliers"),
    }),
    argumentKinds: { supplier: "suppliers" },
    relevance: { relevantWhen: [["supplierNamed"], ["contract"], ["category", "price"]] },
    async run({ query, supplier }, words) {
      const suppliers = await data.listSuppliers();
      const resolved = supplier !== null && supplier.trim() !== "" ? resolveSupplierArgument(suppliers, supplier) : undefined;
      if (resolved && !resolved.supplier) return unresolvedSupplier({ query, supplier, contracts: [] }, resolved);
      const mentioned = findMentionedSuppliers(suppliers, query);
      const one = resolved?.supplier ?? (mentioned.length === 1 ? mentioned[0] : undefined);
      const supplierName = one?.name ?? null;
      const { contracts, total, totalIsEstimate } = one
        ? withinSupplier(await data.listContracts({ supplierId: one.id }), query)
        : await namedOrSearched(query, data);
      if (contracts.length === 0) {
        return nothingFound(
          {
            query,
            supplier: supplierName,
            contracts: [],
            message: "No contract matches the query; try a supplier name or other words.",
          },
          words.noContract(clip(query, 60), supplierName),
        );
      }
      const kinds = clauseKinds(query);
      const asOf = today();
      const shown = contracts.slice(0, MAX_CONTRACTS).map((contract) => summarise(contract, kinds, asOf));
      return {
        data: {
          query,
          supplier: supplierName,
          totalMatches: total,
          ...(totalIsEstimate ? { totalMatchesIsEstimate: true } : {}),
          contracts: shown,
        },
        evidence: shown
          .flatMap((c, index) => {
            // The contract document's link goes with every item citing it (the model never sees it).
            const link = optionalUrl(contracts[index].url);
            return [
              { source: "contract", referenceId: c.id, quote: words.contractTerms(quotedContract(contracts[index])), ...link },
              ...c.clauses.map((clause) => ({
                source: "contract",
                referenceId: c.id,
                quote: words.clause(clause.kind, clip(clause.text, 240)),
                ...link,
              })),
            ];
          })
          .slice(0, MAX_EVIDENCE),
        digest: words.contractsDigest(total, totalIsEstimate, contracts.slice(0, 3).map(quotedContract)),
      };
    },
  });
}

// Ids in whatever format the data was imported with, found by lookup.
async function namedOrSearched(query: string, data: ToolContext["data"]): Promise<ContractSearchResult> {
  const ids = [...new Set((await data.contractIds()).in(query).map((named) => named.id))];
  const contracts = (await Promise.all(ids.map((id) => data.getContract(id)))).filter((contract) => contract !== undefined);
  return contracts.length > 0 ? { contracts, total: contracts.length, totalIsEstimate: false } : data.searchContracts(query);
}

/** Those the query names by id, else all of them ranked. */
function withinSupplier(contracts: Contract[], query: string): ContractSearchResult {
  const ids = recordIdIndex(contracts.map((contract) => contract.id));
  const named = new Set(ids.in(query).map((found) => found.id));
  const shown = named.size > 0 ? contracts.filter((contract) => named.has(contract.id)) : rankWithin(contracts, query);
  return { contracts: shown, total: shown.length, totalIsEstimate: false };
}

function summarise(contract: Contract, kinds: ClauseKind[], asOf: string) {
  return {
    id: contract.id,
    title: contract.title,
    supplierId: contract.supplierId,
    supplierName: contract.supplierName,
    category: contract.category,
    status: contract.status,
    annualValue: contract.annualValue,
    currency: contract.currency,
    annualValueJpy: toJpy(contract.annualValue, contract.currency as Currency),
    startDate: contract.startDate,
    endDate: contract.endDate,
    daysToEnd: daysBetween(asOf, contract.endDate),
    autoRenew: contract.autoRenew,
    noticeDays: contract.noticeDays,
    noticeDeadline: addDays(contract.endDate, -contract.noticeDays),
    priceCapPct: contract.priceCapPct,
    clauses: contract.clauses.filter((clause) => kinds.includes(clause.kind)).slice(0, MAX_CLAUSES),
  };
}

export function quotedContract(c: Contract): QuotedContract {
  return {
    ...c,
    annualValue: formatMoney(c.annualValue, c.currency),
    autoRenews: c.autoRenew,
    noticeDeadline: addDays(c.endDate, -c.noticeDays),
  };
}

/** Renewal and price by default. */
function clauseKinds(query: string): ClauseKind[] {
  const text = normalize(query);
  const asked = CLAUSE_INTENTS.filter(([, pattern]) => pattern.test(text)).map(([kind]) => kind);
  if (extractPercentages(query).length > 0 && !asked.includes("price_adjustment")) asked.unshift("price_adjustment");
  return asked.length > 0 ? asked : DEFAULT_CLAUSES;
}

/** Those matching the query first, then live before expired. */
function rankWithin(contracts: Contract[], query: string): Contract[] {
  const scores = new Map(
    bm25Index(contracts.map((contract) => contractText(contract)))
      .search(query)
      .hits.map((hit) => [contracts[hit.index].id, hit.score]),
  );
  return [...contracts].sort(
    (a, b) =>
      STATUS_ORDER[a.status] - STATUS_ORDER[b.status] || (scores.get(b.id) ?? 0) - (scores.get(a.id) ?? 0) || a.id.localeCompare(b.id),
  );
}
