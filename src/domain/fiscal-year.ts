/** Fiscal years are named by the calendar year they start in (FY2025 = 2025-04-01 … 2026-03-31, 2025年度); every function takes the start month. */

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** The months a fiscal year runs, for people and the model: "April–March"; with a January start, "January–December". */
export function fiscalYearSpan(startMonth = 4): string {
  return `${MONTHS[startMonth - 1]}–${MONTHS[(startMonth + 10) % 12]}`;
}

/** The fiscal year of an ISO date ("2026-02-10" → "FY2025"). */
export function fiscalYearOf(isoDate: string, startMonth = 4): string {
  const year = Number(isoDate.slice(0, 4));
  const month = Number(isoDate.slice(5, 7));
  return `FY${month >= startMonth ? year : year - 1}`;
}

export function fiscalYearOfDate(date: Date, startMonth = 4): string {
  return fiscalYearOf(date.toISOString().slice(0, 10), startMonth);
}

/** The fiscal quarter of an ISO date ("2026-02-10" → "FY2025-Q4"; with a January start, "FY2026-Q1"). */
export function fiscalQuarterOf(isoDate: string, startMonth = 4): string {
  return `${fiscalYearOf(isoDate, startMonth)}-Q${Math.floor(fiscalMonthIndex(Number(isoDate.slice(5, 7)), startMonth) / 3) + 1}`;
}

export function fiscalMonthIndex(month: number, startMonth = 4): number {
  return (month - startMonth + 12) % 12;
}

/** First and last ISO dates of a fiscal year ("FY2025" → 2025-04-01 … 2026-03-31; January start: 2025-01-01 … 2025-12-31). */
export function fiscalYearRange(fiscalYear: string, startMonth = 4): { from: string; to: string } {
  const start = Number(fiscalYear.slice(2));
  const end = new Date(Date.UTC(start + 1, startMonth - 1, 0));
  return { from: `${start}-${String(startMonth).padStart(2, "0")}-01`, to: end.toISOString().slice(0, 10) };
}

/** "FY2025", "fy25", "2025", "2025年度", "令和7年度" → "FY2025"; undefined when the text is not a fiscal year. */
export function parseFiscalYear(text: string): string | undefined {
  const normalised = text.normalize("NFKC").trim().toUpperCase();
  const reiwa = /^令和(\d{1,2})年度?$/.exec(normalised);
  if (reiwa) return `FY${2018 + Number(reiwa[1])}`;
  const match = /^(?:FY\s?)?(\d{4}|\d{2})(?:年度)?$/.exec(normalised);
  if (!match) return undefined;
  if (match[1].length === 2 && !normalised.startsWith("FY")) return undefined;
  return `FY${match[1].length === 2 ? 2000 + Number(match[1]) : Number(match[1])}`;
}

/** A fiscal year as an answer in `language` writes it: "FY2025" in English, 「2025年度」 in Japanese; other text unchanged. */
export function fiscalYearIn(text: string, language: "en" | "ja"): string {
  // Not inside an id ("SPEND-ACME-FY2025").
  return language === "ja" ? text.replace(/(?<![\w-])FY(\d{4})(?![\w-])/g, "$1年度") : text;
}
