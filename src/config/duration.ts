/** Parses "90s", "15m", "4h", "3d" or a plain number of milliseconds into milliseconds. */
const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

export function parseDuration(text: string): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?\s*$/.exec(text);
  if (!match) return undefined;
  const unit = UNIT_MS[(match[2] ?? "ms") as keyof typeof UNIT_MS];
  return Math.round(Number(match[1]) * unit);
}
