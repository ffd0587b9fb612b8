import { CATEGORY_ARGUMENT_TERMS, CATEGORY_TERMS } from "../../domain/category-terms";
import { normalise } from "../text/search-text";

/** Every word that means `id` as a category argument: its id as words, its names, and the broader argument words. */
function argumentWordsOf(id: string): string[] {
  return [id.replace(/-/g, " "), ...(CATEGORY_TERMS[id] ?? []), ...(CATEGORY_ARGUMENT_TERMS[id] ?? [])].map(normalise);
}

/** Among the ids in the data, also by the Japanese name it gives them (`namesJa`); undefined when none fits. */
export function resolveCategory(
  text: string,
  known: readonly string[],
  namesJa: ReadonlyMap<string, string> = new Map(),
): string | undefined {
  const wanted = normalise(text).replace(/[_\s]+/g, " ");
  const exact = known.find((id) => id === wanted.replace(/ /g, "-") || id.replace(/-/g, " ") === wanted);
  if (exact) return exact;
  const candidates = known.flatMap((id) =>
    [...argumentWordsOf(id), ...[namesJa.get(id)].filter((name) => name !== undefined).map((name) => normalise(name))].map((word) => ({
      id,
      word,
    })),
  );
  const synonym = candidates.find(({ word }) => word === wanted);
  if (synonym) return synonym.id;
  return candidates.filter(({ word }) => wanted.includes(word)).sort((a, b) => b.word.length - a.word.length)[0]?.id;
}
