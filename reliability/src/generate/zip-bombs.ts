// Suite 15's DOCX zip bombs: documents that lie about their size or declare too much, entries
// that add up or overlap, many entries, bombs nested in zips, and XML that expands, calls out or
// nests deep; and a DOCX whose honest paragraphs outgrow a reading thread's heap.
import { deflatedZip, zipOf, type ZipEntrySpec } from "@life-admin/api/test-documents";
import {
  LYING_BOMB_MIB,
  MIB,
  TOO_COMPLEX,
  TOO_LONG,
  UNPACKS_TOO_MUCH,
  WORD_HEAD,
  WORD_TAIL,
  docxWithDocument,
  madeOnce,
  type FileKit,
  type Made,
} from "./file-kit.js";

export const ZIP_BOMBS = [
  "lying",
  "declares-4-GB",
  "declares-just-over",
  "entries-add-up",
  "overlapping-entries",
  "many-entries",
  "nested-zips",
  "heap",
  "entity-expansion",
  "external-entities",
  "deep-nesting",
] as const;
export type ZipBomb = (typeof ZIP_BOMBS)[number];

/** Zip entries of zeros, honest about their size: each about 1 kB per MiB once deflated. */
function zeros(name: string, bytes: number): ZipEntrySpec {
  return { name, data: Buffer.alloc(bytes) };
}

/**
 * A zip whose central directory lists the one local entry `copies` times under other names
 * (David Fifield's overlapping-files bomb): each honest about its size, so they add up.
 */
function overlappingZip(copies: number): Buffer {
  const single = deflatedZip(
    docxWithDocument(WORD_HEAD + WORD_TAIL, [zeros("word/media/kernel.bin", MIB)]),
  );
  // The kernel's local entry is the last one: the directory gets `copies` more entries pointing at it.
  const end = single.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const directoryAt = single.readUInt32LE(end + 16);
  const directory = single.subarray(directoryAt, end);
  const kernelEntryAt = directory.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
  const kernelEntry = directory.subarray(kernelEntryAt);
  const copiesOf = Array.from({ length: copies }, (_, i) => {
    const name = Buffer.from(`word/media/copy${String(i).padStart(5, "0")}.bin`);
    const entry = Buffer.alloc(46);
    kernelEntry.copy(entry, 0, 0, 46);
    entry.writeUInt16LE(name.length, 28);
    return Buffer.concat([entry, name]);
  });
  const newDirectory = Buffer.concat([directory, ...copiesOf]);
  const record = Buffer.from(single.subarray(end, end + 22));
  const entries = record.readUInt16LE(10) + copies;
  record.writeUInt16LE(entries, 8);
  record.writeUInt16LE(entries, 10);
  record.writeUInt32LE(newDirectory.length, 12);
  return Buffer.concat([single.subarray(0, directoryAt), newDirectory, record]);
}

export function zipBomb(kit: FileKit, bomb: ZipBomb, depth: number, which: number): Made {
  const label = `zip bomb: ${bomb}`;
  const docx = (
    entries: ZipEntrySpec[],
    reading?: "unreadable",
    reasons?: readonly string[],
  ): Made => ({
    label,
    bytes: deflatedZip(entries),
    expected: {
      statuses: [201],
      kind: "docx",
      ...(reading ? { reading } : {}),
      ...(reasons ? { reasons } : {}),
    },
  });
  // "a" is a word; each next entity is ten of the one before: &j; is 10^9 words.
  const laughs = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"].map((name, i, names) =>
    i === 0
      ? `<!ENTITY a "laugh">`
      : `<!ENTITY ${name} "${`&${names[i - 1] ?? "a"};`.repeat(10)}">`,
  );
  switch (bomb) {
    case "lying": {
      const mib = LYING_BOMB_MIB[which % LYING_BOMB_MIB.length] ?? 16;
      return {
        label: `${label} (${mib} MiB said to be 1 kB)`,
        bytes: kit.lyingBombs.get(mib) ?? Buffer.alloc(0),
        expected: {
          statuses: [201],
          kind: "docx",
          reading: "unreadable",
          reasons: [UNPACKS_TOO_MUCH],
        },
      };
    }
    case "declares-4-GB":
      return docx(
        docxWithDocument(WORD_HEAD + WORD_TAIL).map((part) =>
          part.name === "word/document.xml" ? { ...part, declaredSize: 4_000_000_000 } : part,
        ),
        "unreadable",
        [UNPACKS_TOO_MUCH],
      );
    case "declares-just-over":
      return docx(
        docxWithDocument(WORD_HEAD + WORD_TAIL).map((part) =>
          part.name === "word/document.xml" ? { ...part, declaredSize: 100 * MIB + 1 } : part,
        ),
        "unreadable",
        [UNPACKS_TOO_MUCH],
      );
    case "entries-add-up": {
      const entries = [101, 150, 200][which % 3] ?? 101;
      return {
        label: `${label} (${entries} entries of 1 MiB)`,
        bytes: madeOnce(kit, `entries-add-up ${entries}`, () =>
          deflatedZip(
            docxWithDocument(
              WORD_HEAD + WORD_TAIL,
              Array.from({ length: entries }, (_, i) => zeros(`word/media/image${i}.bin`, MIB)),
            ),
          ),
        ),
        expected: {
          statuses: [201],
          kind: "docx",
          reading: "unreadable",
          reasons: [UNPACKS_TOO_MUCH],
        },
      };
    }
    case "overlapping-entries": {
      // With the kernel itself and the document's parts, 99 copies or more declare over 100 MiB.
      const copies = [20, 60, 98, 99, 150][which % 5] ?? 20;
      return {
        label: `${label} (${copies} MiB from 1)`,
        bytes: madeOnce(kit, `overlapping ${copies}`, () => overlappingZip(copies)),
        expected:
          copies >= 99
            ? { statuses: [201], kind: "docx", reading: "unreadable", reasons: [UNPACKS_TOO_MUCH] }
            : { statuses: [201], kind: "docx" },
      };
    }
    case "many-entries": {
      // Up to 12,000 small entries: about 1.5 MB, under the suite's 2 MiB limit.
      const entries = [100, 3_000, 12_000][which % 3] ?? 100;
      return {
        label: `${label} (${entries})`,
        bytes: madeOnce(kit, `many entries ${entries}`, () =>
          deflatedZip(
            docxWithDocument(
              WORD_HEAD + "<w:p><w:r><w:t>Many parts</w:t></w:r></w:p>" + WORD_TAIL,
              Array.from({ length: entries }, (_, i) => ({
                name: `customXml/item${i}.xml`,
                data: Buffer.from("<a/>"),
              })),
            ),
          ),
        ),
        expected: { statuses: [201], kind: "docx" },
      };
    }
    case "nested-zips": {
      // A lying bomb inside a zip inside a zip, as an embedded object: a reader that opened
      // embeddings would meet it; the DOCX itself is honest.
      const inner = kit.lyingBombs.get(LYING_BOMB_MIB[0]) ?? Buffer.alloc(0);
      const middle = zipOf({ "inner.docx": inner, "inner-again.zip": inner });
      const outer = zipOf({ "middle.zip": middle });
      return docx(
        docxWithDocument(WORD_HEAD + "<w:p><w:r><w:t>See attached</w:t></w:r></w:p>" + WORD_TAIL, [
          { name: "word/embeddings/oleObject1.bin", data: outer },
        ]),
      );
    }
    case "heap":
      return {
        label: `${label} (60 MiB of paragraphs, honest)`,
        bytes: kit.heapBomb,
        expected: {
          statuses: [201],
          kind: "docx",
          reading: "unreadable",
          reasons: [TOO_COMPLEX, TOO_LONG],
        },
      };
    case "entity-expansion":
      return docx(
        docxWithDocument(
          `<?xml version="1.0"?><!DOCTYPE w:document [${laughs.join("")}]>${WORD_HEAD}<w:p><w:r><w:t>&j;</w:t></w:r></w:p>${WORD_TAIL}`,
        ),
      );
    case "external-entities":
      return docx(
        docxWithDocument(
          `<?xml version="1.0"?><!DOCTYPE w:document [<!ENTITY home SYSTEM "${kit.home}/xxe"><!ENTITY passwd SYSTEM "file:///etc/passwd">]>${WORD_HEAD}<w:p><w:r><w:t>&home;&passwd;</w:t></w:r></w:p>${WORD_TAIL}`,
        ),
      );
    case "deep-nesting":
      return docx(
        docxWithDocument(WORD_HEAD + "<w:p>".repeat(depth) + "</w:p>".repeat(depth) + WORD_TAIL),
      );
    default: {
      const unexpected: never = bomb;
      return unexpected;
    }
  }
}
