import type { SpecialistInput } from "../../domain";
import type { ToolSpec } from "../../workflow/ports";
import type { QuestionEntities, SpendGrouping } from "./question-entities";
import { fiscalYearRange } from "../../domain/fiscal-year";
import { AMOUNT_QUERY_EXPANSION, QUERY_EXPANSIONS } from "./lexicon";
import { containsPhrase } from "./text";
import { fillArguments, parameterNames, type ArgumentValues } from "./tool-arguments";

/** A tool call the engine decided to make. */
export interface PlannedCall {
  name: string;
  args: Record<string, unknown>;
}

/** What planning reads of a specialist's input: the question, its language, the specialist's keywords. */
export type PlanningInput = Pick<SpecialistInput, "question" | "language"> & {
  specialist: Pick<SpecialistInput["specialist"], "keywords">;
};

/** Most calls of one tool per turn (e.g. one supplier profile per named supplier). */
const MAX_CALLS_PER_TOOL = 3;

type Relevance = (entities: QuestionEntities) => boolean;
const categoryKnown = (e: QuestionEntities) => e.categories.length > 0 || e.suppliers.length > 0;
/** A supplier is named, known or not (an unknown one is still looked up, so the tools can say it is unknown). */
const supplierNamed = (e: QuestionEntities) => e.suppliers.length > 0 || e.unresolvedSuppliers.length > 0;

/**
 * When each known data tool makes sense for a question. A tool not listed here (a new specialist's
 * tool) is called when its parameters can be filled and nothing more specific was chosen.
 */
const RELEVANCE: Record<string, Relevance> = {
  searchPolicies: (e) => e.topics.has("policy") || e.topics.has("contract") || e.amounts.length > 0 || e.percentages.length > 0,
  searchContracts: (e) => supplierNamed(e) || e.topics.has("contract") || (e.categories.length > 0 && e.topics.has("price")),
  querySpend: (e) => e.topics.has("spend") || e.trend || e.fiscalYears.length > 0 || supplierNamed(e) || e.categories.length > 0,
  getSupplierProfile: supplierNamed,
  listSuppliers: (e) => categoryKnown(e) && (e.suppliers.length === 0 || e.topics.has("alternatives")),
  getPriceBenchmarks: (e) => categoryKnown(e) && (e.topics.has("price") || e.percentages.length > 0),
};

/**
 * Chooses the tool calls for a specialist's first turn: the offered tools that make sense for the
 * question, with arguments extracted from it. `broaden` (the quality gate's re-ask) also calls every
 * other fillable tool and widens filters; calls identical to `avoid` (made before) are dropped.
 */
export function planToolCalls(
  input: PlanningInput,
  tools: ToolSpec[],
  entities: QuestionEntities,
  options: { broaden: boolean; avoid: PlannedCall[]; fiscalYearStartMonth: number },
): PlannedCall[] {
  const values = argumentValues(input, entities, options);
  const made = new Set(options.avoid.map(callKey));
  const plan = (tool: ToolSpec): PlannedCall[] => {
    const takesSupplier = parameterNames(tool.parameters).some((p) => p === "name" || p === "supplier");
    // A named supplier implies its category only for tools that cannot take the supplier itself.
    const base = takesSupplier && entities.categories.length === 0 ? { ...values, category: null } : values;
    const variants =
      takesSupplier && entities.suppliers.length > 1
        ? entities.suppliers.slice(0, MAX_CALLS_PER_TOOL).map((s) => ({ ...base, name: s.name, supplier: s.name }))
        : [base];
    return variants.flatMap((v) => {
      const args = fillArguments(tool.parameters, v);
      return args ? [{ name: tool.name, args }] : [];
    });
  };
  const relevant = tools.filter((tool) => RELEVANCE[tool.name]?.(entities) ?? false);
  let chosen = relevant.flatMap(plan);
  if (chosen.length === 0 || options.broaden) {
    const others = tools.filter((tool) => !relevant.includes(tool));
    const searches = others.filter((tool) => parameterNames(tool.parameters).includes("query"));
    const extra = (options.broaden ? others : searches.length > 0 ? searches : others.filter((t) => !(t.name in RELEVANCE))).flatMap(plan);
    chosen = [...chosen, ...extra];
  }
  return chosen.filter((call) => !made.has(callKey(call)));
}

/** A stable identity for a call: name plus arguments. */
export function callKey(call: PlannedCall): string {
  return `${call.name}:${JSON.stringify(
    Object.keys(call.args)
      .sort()
      .map((k) => [k, call.args[k]]),
  )}`;
}

function argumentValues(
  input: PlanningInput,
  entities: QuestionEntities,
  { broaden, fiscalYearStartMonth }: { broaden: boolean; fiscalYearStartMonth: number },
): ArgumentValues {
  const supplier = entities.suppliers[0];
  const supplierName = supplier?.name ?? entities.unresolvedSuppliers[0] ?? null;
  const years = entities.fiscalYears;
  const singleYear = !broaden && !entities.trend && years.length === 1 ? years[0] : null;
  const range =
    !broaden && !entities.trend && years.length > 1
      ? {
          from: fiscalYearRange(years[0], fiscalYearStartMonth).from,
          to: fiscalYearRange(years[years.length - 1], fiscalYearStartMonth).to,
        }
      : null;
  const groupBy: SpendGrouping = broaden
    ? "fiscalYear"
    : (entities.groupBy ?? (supplierName ? "fiscalYear" : entities.categories.length > 0 ? "supplier" : "category"));
  const query = [
    input.question,
    ...expansionsFor(input.question, entities),
    ...(broaden ? input.specialist.keywords.slice(0, 6) : []),
  ].join(" ");
  return {
    query: query.slice(0, 300),
    language: input.language,
    supplier: supplierName,
    name: supplierName,
    category: entities.categories[0] ?? supplier?.category ?? null,
    region: entities.region,
    fiscalYear: singleYear,
    from: range?.from ?? null,
    to: range?.to ?? null,
    groupBy,
    costCenter: null,
  };
}

/** Search words implied by the question (see QUERY_EXPANSIONS). */
function expansionsFor(question: string, entities: QuestionEntities): string[] {
  const added = QUERY_EXPANSIONS.filter((e) => e.triggers.some((t) => containsPhrase(question, t))).map((e) => e.add);
  return entities.amounts.length > 0 ? [...added, AMOUNT_QUERY_EXPANSION] : added;
}
