import { createHash } from "node:crypto";

const MAX_ID_LENGTH = 255;

/**
 * A Cosmos-safe document id for any key: the characters Cosmos forbids in ids (`/ \ ? #`) and the
 * escape character `*` become `*XX` hex; a result over 255 characters is shortened and suffixed
 * with a hash of the key so distinct keys stay distinct.
 */
export function cosmosId(key: string): string {
  const escaped = key.replace(/[/\\?#*]/g, (char) => `*${char.charCodeAt(0).toString(16).padStart(2, "0")}`);
  if (escaped.length <= MAX_ID_LENGTH) return escaped;
  const hash = createHash("sha256").update(key).digest("hex");
  return `${escaped.slice(0, MAX_ID_LENGTH - hash.length - 1)}~${hash}`;
}
