import type { JpyRates } from "../domain/amounts";

/**
 * Reads "USD=150,EUR=160" into rates to JPY (a currency left out keeps the corporate default);
 * returns the problem as a string when a pair is not CODE=positive-rate with a known code.
 */
export function parseJpyRates(value: string): JpyRates | string {
  const rates = { JPY: 1, USD: 150, EUR: 160 };
  for (const pair of value.split(",").map((item) => item.trim()).filter(Boolean)) {
    const [code, rate, extra] = pair.split("=").map((part) => part.trim());
    if ((code !== "USD" && code !== "EUR") || !(Number(rate) > 0) || extra !== undefined)
      return `'${pair}' is not CODE=rate with CODE one of USD, EUR and a positive rate`;
    rates[code] = Number(rate);
  }
  return rates;
}
