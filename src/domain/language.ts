import { z } from "zod";

export const LanguageSchema = z.enum(["en", "ja"]);
export type Language = z.infer<typeof LanguageSchema>;

const JAPANESE_SCRIPT = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff66-\uff9f]/g;

/** Japanese when a meaningful share of the letters are kana/kanji ("Acme の契約" counts), English otherwise. */
export function detectLanguage(text: string): Language {
  const japanese = text.match(JAPANESE_SCRIPT)?.length ?? 0;
  if (japanese === 0) return "en";
  if (isEnglishSentenceAroundNames(text)) return "en";
  const latin = text.match(/[A-Za-z]/g)?.length ?? 0;
  return japanese * 3 >= latin ? "ja" : "en";
}

/** The language for a reply to something that has no text of its own (a click, an install): the client's locale. */
export function localeLanguage(locale: string | undefined): Language {
  return locale?.toLowerCase().startsWith("ja") ? "ja" : "en";
}

/** "What is the risk rating of 株式会社山田製作所?": 3+ English words, no Japanese punctuation, every Japanese run a name (grammar ends in kana). */
function isEnglishSentenceAroundNames(text: string): boolean {
  const englishWords = text.match(/[A-Za-z]{2,}/g)?.length ?? 0;
  if (englishWords < 3 || /[？。、「」]/.test(text)) return false;
  return (text.match(JAPANESE_SCRIPT_RUN) ?? []).every((run) => !/[\u3040-\u309f]$/.test(run));
}

const JAPANESE_SCRIPT_RUN = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff66-\uff9f]+/g;
