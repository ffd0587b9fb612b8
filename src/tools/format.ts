import { toSen } from "../domain/amounts";

/** "¥12,345,678": a total kept to the sen, rounded to whole yen here and only here. */
export function formatJpy(value: number): string {
  return `¥${Math.round(toSen(value)).toLocaleString("en-US")}`;
}

/** "¥1.23B", "¥972.9M", "¥45.6K": short enough for a one-line digest. */
export function formatJpyShort(value: number): string {
  const abs = Math.abs(value);
  const [divisor, unit] = abs >= 1e9 ? [1e9, "B"] : abs >= 1e6 ? [1e6, "M"] : abs >= 1e3 ? [1e3, "K"] : [1, ""];
  return `${value < 0 ? "-" : ""}¥${(abs / divisor).toFixed(divisor === 1 ? 0 : 1)}${unit}`;
}

/** An amount in its currency: "USD 320,000", "¥2,100", or "22%" for benchmark percentages. */
export function formatMoney(value: number, currency: string): string {
  if (currency === "JPY") return formatJpy(value);
  if (currency === "PCT") return `${value}%`;
  return `${currency} ${value.toLocaleString("en-US", { maximumFractionDigits: 2 })}`;
}

/** "+12.5%" / "-3.0%". */
export function formatChange(pct: number): string {
  return `${pct >= 0 ? "+" : ""}${pct.toFixed(1)}%`;
}

/** A count with its noun in the right number: "1 incident", "2 incidents", "1,204 transactions". */
export function countOf(count: number, noun: string, plural = `${noun}s`): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? noun : plural}`;
}

/** What an answer shows for a figure the data does not have: a dash, never a 0 that reads as measured. */
export const NO_FIGURE = "—";

/** A figure with its unit, or the dash when the data has none: "98.5%", "—". */
export function figureOrDash(value: number | null, unit = ""): string {
  return value === null ? NO_FIGURE : `${value}${unit}`;
}

export function round1(value: number): number {
  return Math.round(value * 10) / 10;
}
