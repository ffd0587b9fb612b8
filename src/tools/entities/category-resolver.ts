import { CATEGORY_ARGUMENT_TERMS, CATEGORY_TERMS } from "../../domain/category-terms";
import { normalize } from "../text/words";

/** Among the ids in the data, also by the Japanese name it gives them (`namesJa`); undefined when none fits. */
export function resolveCategory(text: string, known: readonly string[], namesJa: ReadonlyMap<string, string> = new Map()) {
  const wanted = normalize(text)
    .trim()
    .replace(/[_\s]+/g, " ");
  const exact = known.find((id) => id === wanted.replace(/ /g, "-") || id.replace(/-/g, " ") === wanted);
  if (exact) return exact;
  // Every word that means a category as an argument: its id as words, its names, the broader argument words, its Japanese name.
  const candidates = known.flatMap((id) =>
    [id.replace(/-/g, " "), ...(CATEGORY_TERMS[id] ?? []), ...(CATEGORY_ARGUMENT_TERMS[id] ?? []), ...[namesJa.get(id) ?? []].flat()].map(
      (word) => ({ id, word: normalize(word).trim() }),
    ),
  );
  const synonym = candidates.find(({ word }) => word === wanted);
  if (synonym) return synonym.id;
  return candidates.filter(({ word }) => wanted.includes(word)).sort((a, b) => b.word.length - a.word.length)[0]?.id;
}
