import { z } from "zod";

/** Languages the bot answers in; card labels exist for each. */
export const LanguageSchema = z.enum(["en", "ja"]);
export type Language = z.infer<typeof LanguageSchema>;

const JAPANESE_SCRIPT = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff66-\uff9f]/g;

/**
 * The language of a question: Japanese when a meaningful share of its letters are kana/kanji
 * (mixed questions such as "Acme の契約" count as Japanese), English otherwise.
 */
export function detectLanguage(text: string): Language {
  const japanese = text.match(JAPANESE_SCRIPT)?.length ?? 0;
  if (japanese === 0) return "en";
  const latin = text.match(/[A-Za-z]/g)?.length ?? 0;
  return japanese * 3 >= latin ? "ja" : "en";
}

/** The language for a reply to something that has no text of its own (a click, an install): the client's locale. */
export function localeLanguage(locale: string | undefined): Language {
  return locale?.toLowerCase().startsWith("ja") ? "ja" : "en";
}
