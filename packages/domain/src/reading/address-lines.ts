// What an address's lines look like, in the conventions the rules read: the sender's rules
// (names.ts) pass over them, and the person's (person-name.ts) find where the person's own ends.

/** A UK postcode, or a US state and ZIP code: the end of an address. */
export const POSTCODE = /\b[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}\b|\b[A-Z]{2} \d{5}(?:-\d{4})?\b/;
/** A line that is a UK postcode alone: the last line of an address. */
export const UK_POSTCODE_LINE = /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/;
/** Most of the EU's: before the town ("10115 Berlin"), like a house number before its street. */
export const POSTCODE_BEFORE_TOWN = /^(?:[A-Z]{1,2}-)?\d{4,5} \p{L}/u;
/** A street's word. */
export const STREET_WORD =
  /\b(?:street|road|avenue|lane|drive|close|court|suite|apt|po box|strasse|rue|via)\b/i;
/** "Oak St", "Mill Rd,": an abbreviated street after its name ("St Aldhelm's" is a saint). */
export const ABBREVIATED_STREET = /\w \b(?:st|rd|ave|ln|dr)\b\.?(?:,|$)/i;
