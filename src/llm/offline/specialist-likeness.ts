import path from "node:path";
import { z } from "zod";
import { describeZodError } from "../../domain/zod-issues";
import { loadPolicyDocuments, sampleDataDirectory } from "../../tools/sample-data";
import { loadCatalogue } from "../../tools/sample-data/catalogue";
import { characterGrams, hasCjk } from "./text";
import routingExamples from "./routing-examples.json";

/**
 * Which specialist a question is like, learned rather than listed: a TF-IDF nearest-centroid classifier
 * over character n-grams (Latin trigrams, Japanese bigrams, so Japanese needs no tokenizer). Each
 * specialist's centroid is learned from its own declaration, the sample policy documents it answers
 * from, and example questions generated from templates over the sample data's names
 * (`routing-examples.json`). A specialist with no examples (one added by a prompt file alone) is
 * learned from its declaration.
 */

const RoutingExamplesSchema = z.object({
  /** Sample policy document key → the specialist that answers from it. */
  policies: z.record(z.string().min(1)),
  /** Question templates by specialist; `{supplier}` and `{category}` are filled from the sample data. */
  questions: z.record(z.array(z.string().min(1)).min(1)),
});

/** A specialist's declaration as the Router reads it: what it covers, in its own words. */
export interface Declaration {
  id: string;
  text: string;
}

interface Example {
  label: string;
  text: string;
}

type Vector = Map<string, number>;

let corpus: Example[] | undefined;

/** The examples that do not depend on the Router's input: policy sections and filled templates. */
function examplesCorpus(): Example[] {
  if (corpus) return corpus;
  const parsed = RoutingExamplesSchema.safeParse(routingExamples);
  if (!parsed.success) throw new Error(`routing-examples.json: ${describeZodError(parsed.error)}`);
  const directory = sampleDataDirectory();
  const policies = loadPolicyDocuments(path.join(directory, "policies")).flatMap((document) => {
    const label = parsed.data.policies[document.policyKey];
    return label ? document.sections.map((section) => ({ label, text: `${section.heading} ${section.text}` })) : [];
  });
  const { suppliers, categories } = loadCatalogue(directory);
  const fill = (template: string, n: number): string => {
    const supplier = suppliers[n % suppliers.length];
    const category = categories[n % categories.length];
    const japanese = hasCjk(template);
    return template
      .replaceAll("{supplier}", (japanese && supplier.aliases.find(hasCjk)) || supplier.name)
      .replaceAll("{category}", japanese ? category.nameJa : category.id.replaceAll("-", " "));
  };
  // Every template is filled with every supplier, so names are spread evenly over the specialists and
  // stand for none of them.
  const questions = Object.entries(parsed.data.questions).flatMap(([label, templates]) =>
    templates.flatMap((template) => suppliers.map((_, n) => ({ label, text: fill(template, n) }))),
  );
  corpus = [...policies, ...questions];
  return corpus;
}

function termCounts(text: string): Vector {
  const counts: Vector = new Map();
  for (const gram of characterGrams(text)) counts.set(gram, (counts.get(gram) ?? 0) + 1);
  return counts;
}

function normalised(vector: Vector): Vector {
  const norm = Math.sqrt([...vector.values()].reduce((sum, x) => sum + x * x, 0));
  return norm === 0 ? vector : new Map([...vector].map(([key, x]) => [key, x / norm]));
}

function dot(a: Vector, b: Vector): number {
  let sum = 0;
  for (const [key, x] of a) sum += x * (b.get(key) ?? 0);
  return sum;
}

/** A trained classifier: the TF-IDF weighting and one centroid per declared specialist. */
interface Model {
  weigh: (counts: Vector) => Vector;
  centroids: Vector[];
}

function train(declarations: Declaration[]): Model {
  const ids = new Set(declarations.map((d) => d.id));
  const examples = [...examplesCorpus().filter((e) => ids.has(e.label)), ...declarations.map((d) => ({ label: d.id, text: d.text }))];
  const counted = examples.map((e) => ({ label: e.label, counts: termCounts(e.text) }));
  const documentFrequency = new Map<string, number>();
  for (const { counts } of counted) for (const gram of counts.keys()) documentFrequency.set(gram, (documentFrequency.get(gram) ?? 0) + 1);
  const idf = (gram: string) => Math.log((1 + counted.length) / (1 + (documentFrequency.get(gram) ?? 0)));
  // Sublinear term frequency: a long policy section repeating a word is not more about it.
  const weigh = (counts: Vector) => normalised(new Map([...counts].map(([gram, n]) => [gram, (1 + Math.log(n)) * idf(gram)])));
  const centroids = declarations.map(({ id }) => {
    const sum: Vector = new Map();
    for (const { counts } of counted.filter((e) => e.label === id))
      for (const [gram, x] of weigh(counts)) sum.set(gram, (sum.get(gram) ?? 0) + x);
    return normalised(sum);
  });
  return { weigh, centroids };
}

let trained: { key: string; model: Model } | undefined;

/**
 * The cosine of the question to each declared specialist's centroid (0..1), in declaration order.
 * The model is trained once per set of declarations.
 */
export function specialistLikeness(question: string, declarations: Declaration[]): number[] {
  const key = JSON.stringify(declarations);
  if (trained?.key !== key) trained = { key, model: train(declarations) };
  const { weigh, centroids } = trained.model;
  const asked = weigh(termCounts(question));
  return centroids.map((centroid) => dot(asked, centroid));
}
