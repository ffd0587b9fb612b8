import type { Language } from "../language";
import { en } from "./en";
import { ja } from "./ja";
import type { CardLabels, PromptStarter, UserStrings } from "./shape";

export type * from "./shape";

const STRINGS: Readonly<Record<Language, UserStrings>> = { en, ja };

export function stringsFor(language: Language): UserStrings {
  return STRINGS[language];
}

export function labelsFor(language: Language): CardLabels {
  return STRINGS[language].cards;
}

/** The example questions per language (also the Teams app's prompt starters). */
export const PROMPT_STARTERS: Readonly<Record<Language, readonly PromptStarter[]>> = {
  en: en.promptStarters,
  ja: ja.promptStarters,
};
