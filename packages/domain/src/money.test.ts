import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { currencyDecimals, currencySymbol, formatMoney, isSupportedCurrency } from "./money.js";

const CURRENCIES = Intl.supportedValuesOf("currency");
const LOCALES = ["en-US", "en-GB", "de-DE", "fr-FR", "ja-JP", "ar-EG", "hi-IN"];

/** The number a written amount says, in a locale of Latin digits ("1.234,50 €" in de-DE: 1234.5). */
function numberIn(text: string, locale: string): number {
  const decimal =
    new Intl.NumberFormat(locale).formatToParts(0.5).find((p) => p.type === "decimal")?.value ??
    ".";
  const [whole = "", fraction = ""] = text.split(decimal);
  return Number(`${whole.replace(/\D/g, "")}.${fraction.replace(/\D/g, "")}`);
}

describe("formatMoney", () => {
  it("writes an amount in the person's currency as their locale does", () => {
    expect(formatMoney(15.49, "USD", "en-US")).toBe("$15.49");
    expect(formatMoney(12, "GBP", "en-GB")).toBe("£12.00");
    expect(formatMoney(0.1 + 0.2, "USD", "en-US")).toBe("$0.30");
    expect(formatMoney(9.99, "EUR", "de-DE")).toBe("9,99\u00a0€");
    expect(formatMoney(1234.5, "JPY", "en-US")).toBe("¥1,235");
  });

  it("writes every amount with the currency's own decimals and the number it was given", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CURRENCIES),
        fc.constantFrom("en-US", "en-GB", "de-DE", "fr-FR"),
        fc.integer({ min: 0, max: 100_000_000 }),
        (currency, locale, cents) => {
          const amount = cents / 100;
          const text = formatMoney(amount, currency, locale);
          const decimals =
            new Intl.NumberFormat(locale, { style: "currency", currency }).resolvedOptions()
              .maximumFractionDigits ?? 2;
          // Without the currency's sign first: some signs hold the decimal point ("Cg." for XCG).
          const written = numberIn(text.replace(currencySymbol(currency, locale), ""), locale);
          expect(Math.abs(written - amount)).toBeLessThanOrEqual(0.5 * 10 ** -decimals + 1e-9);
          expect(text).toContain(currencySymbol(currency, locale));
        },
      ),
    );
  });

  it("gives the same text as a formatter made for the call (the cache changes nothing)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CURRENCIES),
        fc.constantFrom(...LOCALES),
        fc.double({ min: 0, max: 1_000_000, noNaN: true }),
        (currency, locale, amount) => {
          const fresh = new Intl.NumberFormat(locale, { style: "currency", currency });
          expect(formatMoney(amount, currency, locale)).toBe(fresh.format(amount));
        },
      ),
    );
  });
});

describe("currencySymbol", () => {
  it("gives the form's prefix for a currency, as the locale writes it", () => {
    expect(currencySymbol("GBP", "en-GB")).toBe("£");
    expect(currencySymbol("USD", "en-US")).toBe("$");
    expect(currencySymbol("EUR", "de-DE")).toBe("€");
    expect(currencySymbol("JPY", "en-US")).toBe("¥");
    expect(currencySymbol("CAD", "en-US")).toBe("CA$");
  });

  it("is never empty for a currency the runtime knows", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CURRENCIES),
        fc.constantFrom(...LOCALES),
        (currency, locale) => {
          expect(currencySymbol(currency, locale).trim()).not.toBe("");
        },
      ),
    );
  });
});

describe("isSupportedCurrency", () => {
  it("takes the ISO 4217 codes the runtime knows and nothing else", () => {
    expect(isSupportedCurrency("EUR")).toBe(true);
    expect(isSupportedCurrency("JPY")).toBe(true);
    expect(isSupportedCurrency("eur")).toBe(false);
    expect(isSupportedCurrency("ABC")).toBe(false);
    expect(isSupportedCurrency("")).toBe(false);
  });
});

describe("currencyDecimals", () => {
  it.each([
    ["JPY", 0],
    ["KRW", 0],
    ["USD", 2],
    ["EUR", 2],
    ["KWD", 3],
    ["BHD", 3],
  ])("gives %s's own number of decimals: %i", (currency, decimals) => {
    expect(currencyDecimals(currency)).toBe(decimals);
  });

  it("gives two decimals for a well-formed code the runtime does not know", () => {
    expect(currencyDecimals("ABC")).toBe(2);
  });

  it("gives as many decimals as formatMoney writes, in every currency", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CURRENCIES),
        fc.constantFrom("en-US", "en-GB", "de-DE", "fr-FR"),
        (currency, locale) => {
          // Without the currency's sign first: some signs hold the decimal point ("Cg." for XCG).
          const written = formatMoney(1, currency, locale).replace(
            currencySymbol(currency, locale),
            "",
          );
          const decimal =
            new Intl.NumberFormat(locale).formatToParts(0.5).find((p) => p.type === "decimal")
              ?.value ?? ".";
          const fraction = written.split(decimal)[1] ?? "";
          expect(fraction.replace(/\D/g, "")).toHaveLength(currencyDecimals(currency));
        },
      ),
    );
  });
});
