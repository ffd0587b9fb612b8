import type { JpyRates } from "../domain/amounts";

/** Rates to JPY when FX_RATES_JPY names none: the corporate defaults. */
const DEFAULT_RATES: Readonly<Record<string, number>> = { JPY: 1, USD: 150, EUR: 160 };

/**
 * Reads "USD=150,EUR=160,GBP=190" into rates to JPY by currency code (JPY is 1; a currency left out
 * keeps its default); returns the problem as a string when a pair is not CODE=positive-rate.
 */
export function parseRatesToJpy(value: string): Record<string, number> | string {
  const rates = { ...DEFAULT_RATES };
  for (const pair of value
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean)) {
    const [code, rate, extra] = pair.split("=").map((part) => part.trim());
    if (!code || !/^[A-Za-z]{3}$/.test(code) || !(Number(rate) > 0) || extra !== undefined)
      return `'${pair}' is not CODE=rate with a three-letter currency code and a positive rate`;
    rates[code.toUpperCase()] = Number(rate);
  }
  rates.JPY = 1;
  return rates;
}

/** The rates of the currencies the amount reader recognises in text (yen, dollars, euros). */
export function amountReaderRates(rates: Readonly<Record<string, number>>): JpyRates {
  return { JPY: 1, USD: rates.USD ?? DEFAULT_RATES.USD, EUR: rates.EUR ?? DEFAULT_RATES.EUR };
}
