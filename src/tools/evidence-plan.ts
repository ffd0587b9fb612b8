import { z } from "zod";
import type { JpyRates } from "../domain/amounts";
import type { QuestionCue, SpecialistInput } from "../domain";
import type { Clock, EvidencePlanner, PlannedToolCall, ToolSpec } from "../workflow/ports";
import { extractQuestionEntities, type QuestionEntities } from "./question/question-entities";
import type { SpendGroupBy } from "./spend-breakdown";
import { fiscalYearRange } from "../domain/fiscal-year";
import { AMOUNT_QUERY_EXPANSION, QUERY_EXPANSIONS } from "./question/lexicon";
import { containsPhrase, usesKeyword } from "./text/words";
import type { QuestionVocabulary } from "./question/vocabulary";

export type PlanningInput = Pick<SpecialistInput, "question" | "language"> & {
  specialist: Pick<SpecialistInput["specialist"], "keywords">;
};

/** Most calls of one tool per turn (e.g. one supplier profile per named supplier). */
const MAX_CALLS_PER_TOOL = 3;

const CUE_HOLDS: Record<QuestionCue, (e: QuestionEntities) => boolean> = {
  // A supplier named but unknown is still looked up, so the tools can say it is unknown.
  supplierNamed: (e) => e.suppliers.length > 0 || e.unresolvedSuppliers.length > 0,
  supplierKnown: (e) => e.suppliers.length > 0,
  noSupplierKnown: (e) => e.suppliers.length === 0,
  category: (e) => e.categories.length > 0,
  fiscalYear: (e) => e.fiscalYears.length > 0,
  trend: (e) => e.trend,
  amount: (e) => e.amounts.length > 0,
  percentage: (e) => e.percentages.length > 0,
  policy: (e) => e.topics.has("policy"),
  contract: (e) => e.topics.has("contract"),
  spend: (e) => e.topics.has("spend"),
  price: (e) => e.topics.has("price"),
  alternatives: (e) => e.topics.has("alternatives"),
};

function isRelevant(tool: ToolSpec, entities: QuestionEntities): boolean {
  return tool.relevance?.relevantWhen.some((cues) => cues.every((cue) => CUE_HOLDS[cue](entities))) ?? false;
}

/** `broaden` (the quality gate's re-ask) also calls every other fillable tool and widens filters; calls made before are dropped. */
export function planToolCalls(
  input: PlanningInput,
  tools: ToolSpec[],
  entities: QuestionEntities,
  options: { broaden: boolean; avoid: PlannedToolCall[]; fiscalYearStartMonth: number },
): PlannedToolCall[] {
  const values = argumentValues(input, entities, options);
  const made = new Set(options.avoid.map(callKey));
  const plan = (tool: ToolSpec): PlannedToolCall[] => {
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
  const relevant = tools.filter((tool) => isRelevant(tool, entities));
  let chosen = relevant.flatMap(plan);
  // A question about names the data does not have is answered about those names only: a list of
  // every supplier or policy would read as an answer about them.
  const onlyUnknownNames = entities.suppliers.length === 0 && entities.unresolvedSuppliers.length > 0;
  if ((chosen.length === 0 || options.broaden) && !onlyUnknownNames) {
    const others = tools.filter((tool) => !relevant.includes(tool));
    const searches = others.filter((tool) => parameterNames(tool.parameters).includes("query"));
    const extra = (options.broaden ? others : searches.length > 0 ? searches : others.filter((t) => !t.relevance)).flatMap(plan);
    chosen = [...chosen, ...extra];
  }
  // Asked again, the calls about the suppliers named are made again: they are the subject of the answer.
  return chosen.filter((call) => call.args.supplier || call.args.name || !made.has(callKey(call)));
}

function callKey(call: PlannedToolCall): string {
  return `${call.name}:${JSON.stringify(Object.entries(call.args).sort(([a], [b]) => (a < b ? -1 : 1)))}`;
}

function argumentValues(
  input: PlanningInput,
  entities: QuestionEntities,
  { broaden, fiscalYearStartMonth }: { broaden: boolean; fiscalYearStartMonth: number },
): ArgumentValues {
  const supplier = entities.suppliers[0];
  const supplierName = supplier?.name ?? entities.unresolvedSuppliers[0] ?? null;
  const years = entities.fiscalYears;
  // A period the question names bounds every answer, broadened or not: a figure over other years is a wrong figure.
  const singleYear = !entities.trend && years.length === 1 ? years[0] : null;
  const range =
    !entities.trend && years.length > 1
      ? {
          from: fiscalYearRange(years[0], fiscalYearStartMonth).from,
          to: fiscalYearRange(years[years.length - 1], fiscalYearStartMonth).to,
        }
      : null;
  const groupBy: SpendGroupBy = broaden
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

function expansionsFor(question: string, entities: QuestionEntities): string[] {
  const added = QUERY_EXPANSIONS.filter((e) => e.triggers.some((t) => containsPhrase(question, t))).map((e) => e.add);
  return entities.amounts.length > 0 ? [...added, AMOUNT_QUERY_EXPANSION] : added;
}

type ArgumentValues = Partial<Record<string, string | number | null>>;

// Undefined when a required parameter cannot be filled or the result fails the tool's schema: a plan never holds arguments it would reject.
function fillArguments(parameters: z.ZodTypeAny, values: ArgumentValues): Record<string, unknown> | undefined {
  const shape = objectShape(parameters);
  if (!shape) return undefined;
  const args: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(shape)) {
    const value = values[name];
    if (value !== undefined && value !== null && field.safeParse(value).success) args[name] = value;
    else if (field.safeParse(null).success) args[name] = null;
    else if (!field.safeParse(undefined).success) return undefined;
  }
  return parameters.safeParse(args).success ? args : undefined;
}

function parameterNames(parameters: z.ZodTypeAny): string[] {
  return Object.keys(objectShape(parameters) ?? {});
}

function objectShape(schema: z.ZodTypeAny): Record<string, z.ZodTypeAny> | undefined {
  if (schema instanceof z.ZodObject) return schema.shape as Record<string, z.ZodTypeAny>;
  if (schema instanceof z.ZodEffects) return objectShape(schema.innerType() as z.ZodTypeAny);
  return undefined;
}

/** The calls a question implies and the specialists it calls for, before any model is asked. */
export function createEvidencePlanner(options: { vocabulary: QuestionVocabulary; clock: Clock; jpyRates?: JpyRates }): EvidencePlanner {
  const entitiesOf = async (text: string) => {
    await options.vocabulary.contractIds.ready();
    return extractQuestionEntities(text, options.vocabulary, options.clock.now(), options.jpyRates);
  };
  return {
    plan: async (question, specialist, tools) => {
      if (tools.length === 0) return [];
      return planToolCalls({ question: question.text, language: question.language, specialist }, tools, await entitiesOf(question.text), {
        broaden: false,
        avoid: [],
        fiscalYearStartMonth: options.vocabulary.fiscalYearStartMonth,
      });
    },
    guess: async (question, specialists) => {
      const entities = await entitiesOf(question.text);
      return specialists
        .map((specialist, index) => ({
          id: specialist.id,
          index,
          called: specialist.tools.some((tool) => isRelevant(tool, entities)),
          // A tool many specialists declare (policy search) says little about who is meant; their own keywords say who.
          used: specialist.keywords.filter((keyword) => usesKeyword(question.text, keyword)).length,
        }))
        .filter((s) => s.called && s.used > 0)
        .sort((a, b) => b.used - a.used || a.index - b.index)
        .map((s) => s.id);
    },
  };
}
