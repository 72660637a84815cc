// A corpus document as a Word document (docx): headings, paragraphs, tab-aligned fields and real
// tables, as an office suite would save them. DOC files are made from these by LibreOffice.
import {
  Document,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TabStopType,
  TextRun,
  WidthType,
} from "docx";
import type { Block, CorpusDocument } from "./document-model.js";

// typescript-eslint takes docx's `bold` run option for String.prototype.bold (deprecated); the
// option spread from a plain object is the same run property without the false alarm.
const BOLD = { bold: true };
const REGULAR = { bold: false };

// Half-points, as Word counts font sizes.
const SIZE = { letterhead: 40, tagline: 20, heading: 26, normal: 21, small: 16 } as const;

export async function renderDocx(document: CorpusDocument): Promise<Uint8Array> {
  const children: (Paragraph | Table)[] = [];
  let breakBefore = false;
  for (const block of document.blocks) {
    if (block.type === "page-break") {
      breakBefore = true;
      continue;
    }
    const made = blockContent(block);
    const first = made[0];
    if (breakBefore && first instanceof Paragraph) {
      // A page break of its own, before the block, as Word writes Ctrl+Enter.
      children.push(new Paragraph({ pageBreakBefore: true, children: [] }));
    }
    breakBefore = false;
    children.push(...made);
  }
  const doc = new Document({
    creator: "Life Admin corpus generator",
    title: document.id,
    styles: { default: { document: { run: { font: "Arial", size: SIZE.normal } } } },
    sections: [{ children }],
  });
  return new Uint8Array(await Packer.toBuffer(doc));
}

function blockContent(block: Exclude<Block, { type: "page-break" }>): (Paragraph | Table)[] {
  switch (block.type) {
    case "letterhead":
      return [
        new Paragraph({
          children: [new TextRun({ text: block.text, ...BOLD, size: SIZE.letterhead })],
        }),
        ...(block.tagline === undefined
          ? []
          : [
              new Paragraph({
                children: [new TextRun({ text: block.tagline, size: SIZE.tagline })],
              }),
            ]),
        new Paragraph({ children: [] }),
      ];
    case "heading":
      return [
        new Paragraph({
          spacing: { before: 200 },
          children: [new TextRun({ text: block.text, ...BOLD, size: SIZE.heading })],
        }),
      ];
    case "text":
      return block.text.split("\n").map(
        (line) =>
          new Paragraph({
            children: [new TextRun({ text: line, size: SIZE[block.size ?? "normal"] })],
          }),
      );
    case "fields":
      return block.rows.map(
        ([label, value]) =>
          new Paragraph({
            tabStops: [{ type: TabStopType.LEFT, position: 3400 }],
            children: [new TextRun({ text: label }), new TextRun({ text: `\t${value}`, ...BOLD })],
          }),
      );
    case "table":
      return [
        new Table({
          width: { size: 100, type: WidthType.PERCENTAGE },
          rows: [block.head, ...block.rows].map(
            (cells, index) =>
              new TableRow({
                children: cells.map(
                  (cell) =>
                    new TableCell({
                      children: [
                        new Paragraph({
                          children: [
                            new TextRun({ text: cell, ...(index === 0 ? BOLD : REGULAR) }),
                          ],
                        }),
                      ],
                    }),
                ),
              }),
          ),
        }),
        new Paragraph({ children: [] }),
      ];
    case "gap":
      return [new Paragraph({ children: [] })];
    default: {
      const unknown: never = block;
      throw new Error(`Unknown block ${JSON.stringify(unknown)}`);
    }
  }
}
