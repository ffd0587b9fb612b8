import type { Language, SpecialistDefinition } from "../domain";

/** Display names of the registered specialists, by id (from the specialist registry's front matter). */
export type DisplayNames = Readonly<Record<string, SpecialistDefinition["displayName"]>>;

export function displayNamesFrom(definitions: readonly Pick<SpecialistDefinition, "id" | "displayName">[]): DisplayNames {
  return Object.fromEntries(definitions.map((definition) => [definition.id, definition.displayName]));
}

export function displayName(names: DisplayNames, id: string, language: Language): string {
  return names[id]?.[language] ?? id;
}
