import path from "node:path";
import { z } from "zod";
import { describeZodError } from "../../domain/errors";
import { loadCatalogue, loadPolicyDocuments, sampleDataDirectory } from "../../tools/sample-data";
import { characterGrams, contentStems, hasCjk, normalize } from "../../tools/text/words";
import routingExamples from "./routing-examples.json";
import type { SpecialistSummary } from "../../domain";

/*
 * A TF-IDF classifier (nearest centroid and nearest examples) over character n-grams and words, learned from each specialist's declaration,
 * the sample policies it answers from and templated questions (`routing-examples.json`); one added by a prompt file alone from its
 * declaration.
 */

const RoutingExamplesSchema = z.object({
  /** Sample policy document key → the specialist that answers from it. */
  policies: z.record(z.string().min(1)),
  /** Question templates by specialist; `{supplier}` and `{category}` are filled from the sample data. */
  questions: z.record(z.array(z.string().min(1)).min(1)),
  /** Other departments' questions and small talk: what a procurement question is learned against. */
  outOfScope: z.array(z.string().min(1)).min(1),
});

/** The label of the out-of-scope examples; no specialist id has spaces. */
const OUT_OF_SCOPE = "out of scope";

/** "Not covered: tariffs." / "対象外：関税。": a Router model reads it as "do not choose me for these". */
export const EXCLUSION_CLAUSE = /(?:not covered|対象外)\s*[:：]([^.。]*)[.。]?/gi;

/** A training example, or a specialist's own declaration. */
interface Labelled {
  id: string;
  text: string;
}

type Vector = Map<string, number>;

let corpus: Labelled[] | undefined;

/** Policy sections, filled templates and out-of-scope questions: they do not depend on the Router's input. */
function examplesCorpus(): Labelled[] {
  if (corpus) return corpus;
  const parsed = RoutingExamplesSchema.safeParse(routingExamples);
  if (!parsed.success) throw new Error(`routing-examples.json: ${describeZodError(parsed.error)}`);
  const directory = sampleDataDirectory();
  const policies = loadPolicyDocuments(path.join(directory, "policies")).flatMap((document) => {
    const id = parsed.data.policies[document.policyKey];
    return id ? document.sections.map((section) => ({ id, text: `${section.heading} ${section.text}` })) : [];
  });
  const { suppliers, categories } = loadCatalogue(directory);
  const fill = (template: string, n: number): string => {
    const [supplier, category] = [suppliers[n], categories[n % categories.length]];
    const japanese = hasCjk(template);
    return template
      .replaceAll("{supplier}", (japanese && supplier.aliases.find(hasCjk)) || supplier.name)
      .replaceAll("{category}", japanese ? category.nameJa : category.id.replaceAll("-", " "));
  };
  // Every template is filled with every supplier, so names are spread evenly over the specialists and
  // stand for none of them.
  const questions = Object.entries(parsed.data.questions).flatMap(([id, templates]) =>
    templates.flatMap((template) => suppliers.map((_, n) => ({ id, text: fill(template, n) }))),
  );
  corpus = [...policies, ...questions, ...parsed.data.outOfScope.map((text) => ({ id: OUT_OF_SCOPE, text }))];
  return corpus;
}

/** Runs of kanji or of katakana: Japanese words where the script changes, as no space marks them. */
const SCRIPT_RUN = /[\u3400-\u4dbf\u4e00-\u9fff々]+|[\u30a0-\u30ff\uff66-\uff9f]+/g;
/** How many nearest examples of a specialist speak for it beside its centroid. */
const NEAREST = 3;

/**
 * Character n-grams meet word forms and compounds ("risk", "risky"); whole words and Japanese script runs (「取引先」, 「ゴルフ」) add
 * the weight of an exact word.
 */
function features(text: string): string[] {
  const words = contentStems(text).map((word) => `w:${word}`);
  const runs = (normalize(text).match(SCRIPT_RUN) ?? []).map((run) => `j:${run}`);
  return [...characterGrams(text), ...words, ...runs];
}

function termCounts(text: string): Vector {
  const counts: Vector = new Map();
  for (const gram of features(text)) counts.set(gram, (counts.get(gram) ?? 0) + 1);
  return counts;
}

function normalised(vector: Vector): Vector {
  const norm = Math.sqrt([...vector.values()].reduce((sum, x) => sum + x * x, 0));
  return norm === 0 ? vector : new Map([...vector].map(([key, x]) => [key, x / norm]));
}

function cosine(a: Vector, b: Vector): number {
  return [...a].reduce((sum, [gram, x]) => sum + x * (b.get(gram) ?? 0), 0);
}

/**
 * Per specialist, the mean of the question's cosine to its centroid and to its NEAREST closest examples: the centroid reads the whole
 * topic, the nearest examples a phrasing the centroid averages away.
 */
function train(declarations: Labelled[]): (question: string) => number[] {
  const ids = new Set([...declarations.map((d) => d.id), OUT_OF_SCOPE]);
  const counted = [...examplesCorpus().filter((e) => ids.has(e.id)), ...declarations].map((e) => ({
    id: e.id,
    counts: termCounts(e.text),
  }));
  const documentFrequency = new Map<string, number>();
  for (const { counts } of counted) for (const gram of counts.keys()) documentFrequency.set(gram, (documentFrequency.get(gram) ?? 0) + 1);
  const idf = (gram: string) => Math.log((1 + counted.length) / (1 + (documentFrequency.get(gram) ?? 0)));
  // Sublinear term frequency: a long policy section repeating a word is not more about it.
  const weigh = (counts: Vector) => normalised(new Map([...counts].map(([gram, n]) => [gram, (1 + Math.log(n)) * idf(gram)])));
  const examples = [...ids].map((id) => counted.filter((e) => e.id === id).map((e) => weigh(e.counts)));
  const centroids = examples.map((own) => {
    const sum: Vector = new Map();
    for (const example of own) for (const [gram, x] of example) sum.set(gram, (sum.get(gram) ?? 0) + x);
    return normalised(sum);
  });
  // Each gram's examples and weights, so a question's cosine to every example reads only the grams it has.
  const postings = examples.map((own) => {
    const index = new Map<string, [number, number][]>();
    own.forEach((example, n) => {
      for (const [gram, x] of example) {
        const list = index.get(gram) ?? [];
        list.push([n, x]);
        index.set(gram, list);
      }
    });
    return index;
  });
  return (question) => {
    const asked = weigh(termCounts(question));
    return examples.map((own, i) => {
      const cosines = new Float64Array(own.length);
      for (const [gram, x] of asked) for (const [n, y] of postings[i].get(gram) ?? []) cosines[n] += x * y;
      const nearest = cosines.sort().reverse().slice(0, NEAREST);
      return (cosine(asked, centroids[i]) + nearest.reduce((sum, x) => sum + x, 0) / nearest.length) / 2;
    });
  };
}

let trained: { key: string; cosines: (question: string) => number[]; last?: { question: string; likeness: Likeness } } | undefined;

export interface Likeness {
  /** Per specialist, relative to the likeliest (1 for it): which specialists a question is like, not how much it holds. */
  relative: number[];
  /** Whether the likeliest specialist is nearer than the out-of-scope questions are. */
  procurement: boolean;
}

/** Trained once per set of declarations (a specialist's description without its exclusion clause, and its keywords). */
export function specialistLikeness(question: string, specialists: readonly SpecialistSummary[]): Likeness {
  const declarations = specialists.map((s) => ({
    id: s.id,
    text: [s.description.replace(EXCLUSION_CLAUSE, " "), ...s.keywords].join(" "),
  }));
  const key = JSON.stringify(declarations);
  if (trained?.key !== key) trained = { key, cosines: train(declarations) };
  // The scope check and the Router ask about the same question in turn.
  if (trained.last?.question === question) return trained.last.likeness;
  const cosines = trained.cosines(question);
  const outOfScope = cosines.pop() ?? 0;
  const best = Math.max(0, ...cosines);
  const likeness = { relative: cosines.map((cosine) => (best > 0 ? cosine / best : 0)), procurement: best > outOfScope };
  trained.last = { question, likeness };
  return likeness;
}
