import type { Language } from "../language";
import { en } from "./en";
import { ja } from "./ja";
import type { CardLabels, PromptStarter, UserStrings } from "./shape";

export type * from "./shape";

/** The strings table: one module per supported language. */
const STRINGS: Readonly<Record<Language, UserStrings>> = { en, ja };

/** Every user-facing fixed text of a language. */
export function stringsFor(language: Language): UserStrings {
  return STRINGS[language];
}

/** The card labels of a language (the most used part of its strings). */
export function labelsFor(language: Language): CardLabels {
  return STRINGS[language].cards;
}

/** The example questions per language (also the Teams app's prompt starters). */
export const PROMPT_STARTERS: Readonly<Record<Language, readonly PromptStarter[]>> = {
  en: en.promptStarters,
  ja: ja.promptStarters,
};
