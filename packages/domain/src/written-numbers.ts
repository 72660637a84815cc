// A number as people write amounts: "84.20", "1,234.56", "1.234,56", "1 234,56", "12,50". One
// reading for the amounts found in a document (issue 21) and the cost a person types (issue 22):
// a German types "12,99" for twelve euros ninety-nine, which the browser's number field read as
// 1299 (it dropped the comma), so the cost is text read here.

/** Spaces that group thousands ("1 234,56"), the no-break ones Intl writes among them. */
const GROUP_SPACES = /[\s\u00a0\u202f]/g;

/**
 * The value of `written`, or null when it is not a number. The separators are "." and ",". The
 * last one followed by one, two or four and more digits is the decimal one; followed by three, it
 * groups thousands (amounts of money have no third decimal: "1,704" and "1.044" are thousands),
 * unless it is `decimalSign`, the writer's locale's, and the only one of its kind ("1,234" typed
 * in German is 1.234, which a cost then refuses, rather than a silent 1234). Every separator
 * before the decimal one groups exactly three digits. A "-" may come first.
 */
export function numberOf(written: string, decimalSign?: string): number | null {
  const compact = written.replace(GROUP_SPACES, "");
  const negative = compact.startsWith("-");
  const body = negative ? compact.slice(1) : compact;
  if (!/^\d*(?:[.,]\d+)*$/.test(body) || !/\d/.test(body)) return null;
  const separators = [...body.matchAll(/[.,]/g)];
  const last = separators.at(-1);
  let whole = body;
  let decimals = "";
  if (last !== undefined) {
    const after = body.slice(last.index + 1);
    const alone = separators.filter((separator) => separator[0] === last[0]).length === 1;
    if (after.length !== 3 || (alone && last[0] === decimalSign)) {
      whole = body.slice(0, last.index);
      decimals = after;
    }
  }
  const [first = "", ...groups] = whole.split(/[.,]/);
  if (groups.length > 0 && (first.length < 1 || first.length > 3)) return null;
  if (groups.some((group) => group.length !== 3)) return null;
  return Number(`${negative ? "-" : ""}${first}${groups.join("")}.${decimals}`);
}

/**
 * The sign `locale` writes before decimals: "," in de-DE, "." in en-US; "." where it is neither
 * (a person types digits on a Latin keyboard). `locale` undefined: the runtime's.
 */
export function decimalSignOf(locale?: string): "." | "," {
  const part = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === "decimal");
  return part?.value === "," ? "," : ".";
}
