// issue 22, decisions D7's later step: every amount the product shows (the form's prefix, lists,
// cards, totals, the calendar feed) is written one way, by Intl.NumberFormat in the person's own
// currency, which ends the spec's "£" form / "$" lists mismatch. Formatters are costly to build
// and a list formats one amount a row: each locale and currency's is made once.
import * as z from "zod/mini";

/** The currency of a person whose browser says no region ("en") and who has not picked one. */
export const DEFAULT_CURRENCY = "USD";

const formatters = new Map<string, Intl.NumberFormat>();

function moneyFormatter(currency: string, locale: string | undefined): Intl.NumberFormat {
  const key = `${locale ?? ""} ${currency}`;
  let formatter = formatters.get(key);
  if (formatter === undefined) {
    formatter = new Intl.NumberFormat(locale, { style: "currency", currency });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * An amount in `currency` (ISO 4217) as `locale` writes it: "$9.99", "£12.00", "¥1,235",
 * "9,99 €" (de-DE), with the currency's own number of decimals.
 */
export function formatMoney(amount: number, currency: string, locale?: string): string {
  return moneyFormatter(currency, locale).format(amount);
}

/**
 * How many decimals an amount in `currency` has, as formatMoney writes it: 0 for JPY, 2 for USD,
 * 3 for KWD; 2 for a well-formed code the runtime does not know. The same in every locale.
 */
export function currencyDecimals(currency: string): number {
  return moneyFormatter(currency, undefined).resolvedOptions().maximumFractionDigits ?? 2;
}

/** The sign `locale` writes before or after an amount in `currency`: "£", "€", "CA$", "CHF". */
export function currencySymbol(currency: string, locale?: string): string {
  const part = moneyFormatter(currency, locale)
    .formatToParts(0)
    .find((p) => p.type === "currency");
  return part?.value ?? currency;
}

/** True for an ISO 4217 code this runtime formats by name ("EUR"), not one it merely accepts. */
export function isSupportedCurrency(code: string): boolean {
  return Intl.supportedValuesOf("currency").includes(code);
}

/** An ISO 4217 currency code ("GBP"): the user's own, for every amount the product shows. */
export const UserCurrencySchema = /* @__PURE__ */ z
  .string({ error: "Currency must be text" })
  .check(
    /* @__PURE__ */ z.regex(/^[A-Z]{3}$/, {
      error: "Use an ISO 4217 currency code like GBP",
      abort: true,
    }),
  );
