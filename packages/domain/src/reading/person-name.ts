// The person's own name on a letter sent to them, and the address below it: what a letter whose
// letterhead is a logo (no text) shows first, and what must never be taken for its sender. Billers
// print an account holder's name their own way: "MR JOHN MILLER", "J. Miller", "Miller, John",
// "Dr J A Miller".
import {
  ABBREVIATED_STREET,
  POSTCODE,
  POSTCODE_BEFORE_TOWN,
  STREET_WORD,
} from "./address-lines.js";
import { type TextLine } from "./text-lines.js";

/** Titles before a name, left out when names are compared. */
const TITLES = new Set(["mr", "mrs", "ms", "miss", "mx", "dr", "prof", "sir", "dame", "rev"]);
/** How many lines below the name an address may take (street, district, town, postcode). */
const ADDRESS_LINES = 5;
/** A country's name alone on the line after the postcode. */
const COUNTRY =
  /^(?:united kingdom|uk|england|scotland|wales|northern ireland|ireland|usa|united states(?: of america)?|germany|deutschland|france|italy|italia|spain|espa[ñn]a|netherlands|belgium|austria|[öo]sterreich|switzerland|portugal)$/i;

function namesStreet(line: string): boolean {
  return STREET_WORD.test(line) || ABBREVIATED_STREET.test(line);
}

function isStreet(line: string): boolean {
  return /^\d/.test(line) || namesStreet(line);
}

/** "10115 Berlin" ends an address; "2847 Oak St" is its street. */
function endsAddress(line: string): boolean {
  return POSTCODE.test(line) || (POSTCODE_BEFORE_TOWN.test(line) && !namesStreet(line));
}

/** A name's words, lower case and without accents or titles: "Dr. José Núñez" -> jose, nunez. */
function nameWords(text: string): string[] {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter((word) => word !== "" && !TITLES.has(word));
}

/**
 * Whether the line is the person's name: their surname (their name's last word) in full, their
 * first name or its initial, no digit, and no other word than theirs or initials (a middle name
 * the account leaves out). "Miller" alone is not enough for "John Miller" (a firm may be called
 * that), nor "A. Miller" (another of the household).
 */
export function isPersonsName(line: string, personName: string): boolean {
  const [first, ...rest] = nameWords(personName);
  const surname = rest.at(-1) ?? first;
  if (first === undefined || surname === undefined || /\d/.test(line)) return false;
  const words = nameWords(line);
  const named = rest.length === 0 || words.includes(first) || words.includes(first.charAt(0));
  if (!named || !words.includes(surname)) return false;
  return words.every((word) => word.length === 1 || word === first || rest.includes(word));
}

/**
 * The lines below the name that are its address: up to the first postcode within ADDRESS_LINES
 * (and a country after it), so a town alone on its line is in; without a postcode, the street
 * lines that follow at once. Stopping at the first postcode leaves the sender's own address, if it
 * comes next, to the sender.
 */
function addressBelow(lines: readonly TextLine[], name: TextLine): TextLine[] {
  const below = lines.slice(name.index + 1, name.index + 1 + ADDRESS_LINES);
  const end = below.findIndex((line) => endsAddress(line.text));
  if (end === -1) {
    const street = below.findIndex((line) => !isStreet(line.text));
    return below.slice(0, street === -1 ? below.length : street);
  }
  const country = below[end + 1];
  return below.slice(0, country !== undefined && COUNTRY.test(country.text) ? end + 2 : end + 1);
}

/** The indexes of the lines that are the person's name, and of the addresses below them. */
export function personsLines(lines: readonly TextLine[], personName: string): Set<number> {
  const found = new Set<number>();
  for (const line of lines) {
    if (!isPersonsName(line.text, personName)) continue;
    found.add(line.index);
    for (const address of addressBelow(lines, line)) found.add(address.index);
  }
  return found;
}
