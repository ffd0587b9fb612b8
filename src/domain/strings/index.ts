import type { Language } from "../language";
import { en, type UserStrings } from "./en";
import { ja } from "./ja";

export type { DurationUnit, UserStrings } from "./en";
export type CardLabels = UserStrings["cards"];
export type SourceKind = keyof CardLabels["sourceNames"];
export type TextLabelKey = { [K in keyof CardLabels]: CardLabels[K] extends string ? K : never }[keyof CardLabels];

const STRINGS: Readonly<Record<Language, UserStrings>> = { en, ja };

export function stringsFor(language: Language): UserStrings {
  return STRINGS[language];
}

export function labelsFor(language: Language): CardLabels {
  return STRINGS[language].cards;
}
