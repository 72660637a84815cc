// issue 22: the currency a person sees until they pick one: their browser's region's, read from
// the request's Accept-Language (RFC 9110, 12.5.4) here, so that the country table stays out of
// the web app's first download. "en-GB" gives GBP, "de-DE" EUR; a language without a region
// ("en") or no header gives the product's default, USD.
import { DEFAULT_CURRENCY, isSupportedCurrency } from "@life-admin/domain";
import countryToCurrency from "country-to-currency";

/** The longest header read: a browser sends a few dozen bytes; the rest is not a person's. */
const MAX_HEADER_LENGTH = 1000;

/** The language ranges of an Accept-Language header, most preferred first (q=0 dropped). */
function languageRanges(header: string): string[] {
  return header
    .slice(0, MAX_HEADER_LENGTH)
    .split(",")
    .map((item, index) => {
      const [range = "", ...params] = item.split(";").map((part) => part.trim());
      const q = params.find((param) => /^q=/i.test(param));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { range, weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter(({ range, weight }) => range !== "" && range !== "*" && weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map(({ range }) => range);
}

/** The region a language tag names ("en-GB" -> "GB"), or null ("en", or not a tag at all). */
function regionOf(tag: string): string | null {
  try {
    return new Intl.Locale(tag).region ?? null;
  } catch {
    return null;
  }
}

/** The currency of the first preferred language that names a region, else USD. */
export function currencyOfAcceptLanguage(header: string | undefined): string {
  if (header === undefined) return DEFAULT_CURRENCY;
  for (const range of languageRanges(header)) {
    const region = regionOf(range);
    if (region === null) continue;
    const currency: string | undefined = (countryToCurrency as Record<string, string>)[region];
    if (currency !== undefined && isSupportedCurrency(currency)) return currency;
  }
  return DEFAULT_CURRENCY;
}
