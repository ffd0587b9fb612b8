import type { Language, SpecialistDefinition } from "../domain";

/** Display names of the registered specialists, by id (from the specialist registry's front matter). */
export type DisplayNames = Readonly<Record<string, SpecialistDefinition["displayName"]>>;

/** The display-name table for a list of registered specialists. */
export function displayNamesFrom(definitions: readonly Pick<SpecialistDefinition, "id" | "displayName">[]): DisplayNames {
  return Object.fromEntries(definitions.map((definition) => [definition.id, definition.displayName]));
}

/** A specialist's display name in a language; its id when the registry does not know it. */
export function displayName(names: DisplayNames, id: string, language: Language): string {
  return names[id]?.[language] ?? id;
}
