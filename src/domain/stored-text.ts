import { z } from "zod";

/**
 * How long stored text may be, by kind: the import refuses a longer cell as a row issue, and every
 * reader cuts a longer value it finds (a data set imported before these limits, a record written
 * around the import), so no name of megabytes reaches a tool, a prompt, a card or a log.
 */
export const STORED_TEXT_LIMITS = {
  /** Identifiers and codes: ids, supplier and contract references, currencies, policy keys. */
  idChars: 128,
  /** Names and titles: supplier names and aliases, contract and policy titles, categories, units. */
  nameChars: 300,
  /** Document paths and links. */
  pathChars: 2_048,
  /** Any other cell: free text, numbers and dates before parsing. */
  textChars: 4_000,
} as const;

/** `text` as a reader keeps it: at most `max` characters, a longer one cut with "…" as its last. */
export function cutText(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** A stored string as read, cut by `cutText`. */
export function boundedText(max: number) {
  return z.string().transform((text) => cutText(text, max));
}

/** A stored name or title as read (`STORED_TEXT_LIMITS.nameChars`). */
export const StoredNameSchema = boundedText(STORED_TEXT_LIMITS.nameChars);
