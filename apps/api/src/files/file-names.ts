// decisions D14: the name a file is kept and downloaded under. The browser's name is the person's
// own and is kept, cleaned of what could mislead or break a header: a path, control characters,
// bidirectional overrides ("bill\u202Efdp.exe" shows as "billexe.pdf"), unpaired surrogates. Its
// ending must say what the bytes are, or the bytes' own is added ("scan.html" holding a PNG is kept
// as "scan.html.png"), so that no download is saved under a name that opens it as something else.
import type { DocumentType } from "./document-types.js";

const MAX_NAME_LENGTH = 200;
const FALLBACK_NAME = "document";

// C0 and C1 controls, bidirectional embeddings, overrides and isolates, and lone surrogates.
const UNWANTED = /[\p{Cc}\u202a-\u202e\u2066-\u2069]|\p{Surrogate}/gu;

function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot <= 0 ? "" : name.slice(dot + 1).toLowerCase();
}

/** The name to keep for a file sent as `sent` whose bytes are of `type`. */
export function storedFileName(sent: string, type: DocumentType): string {
  const base = sent.split(/[/\\]/).pop() ?? "";
  let name = base.replace(UNWANTED, "").normalize("NFC").trim();
  if (name === "" || /^\.+$/.test(name)) name = FALLBACK_NAME;
  if (!type.extensions.includes(extensionOf(name))) name = `${name}.${type.extensions[0]}`;
  if (name.length <= MAX_NAME_LENGTH) return name;
  // Too long: shortened before its ending, which stays, by whole characters as a person sees them.
  const ending = `.${extensionOf(name)}`;
  const room = MAX_NAME_LENGTH - ending.length;
  const before = name.slice(0, -ending.length);
  let kept = "";
  for (const { segment } of new Intl.Segmenter().segment(before)) {
    if (kept.length + segment.length > room) break;
    kept += segment;
  }
  // One character as a person sees it longer than the room (a long emoji chain or a letter under
  // many accents): cut inside it, by code points, rather than keep only the ending (".pdf", a
  // hidden file that the import's name check refuses).
  if (kept === "") kept = codePointsWithin(before, room);
  return `${kept}${ending}`;
}

/** The longest start of `text` within `room` UTF-16 units that splits no code point. */
function codePointsWithin(text: string, room: number): string {
  let kept = "";
  for (const codePoint of text) {
    if (kept.length + codePoint.length > room) break;
    kept += codePoint;
  }
  return kept;
}

/**
 * `Content-Disposition: attachment` with the name: RFC 6266's `filename*` in UTF-8 for browsers,
 * and a plain ASCII `filename` for any client that reads only that.
 */
export function attachmentDisposition(name: string): string {
  const ascii = name
    .normalize("NFKD")
    .replace(/[^\x20-\x7e]/g, "")
    .replace(/["\\]/g, "_")
    .trim();
  // Nothing left before the ending (a name in another script): "document.pdf".
  const plain = ascii === "" || ascii.startsWith(".") ? `${FALLBACK_NAME}${ascii}` : ascii;
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${plain}"; filename*=UTF-8''${encoded}`;
}
