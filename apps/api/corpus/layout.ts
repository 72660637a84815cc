// Lays a document's blocks out on pages, in points, as positioned runs of text. The PDF and image
// renderers draw the same runs, each measuring text with its own fonts.
import type { Block, CorpusDocument } from "./document-model.js";

export type TextStyle = "regular" | "bold";

export interface Run {
  text: string;
  x: number;
  /** The baseline, from the top of the page. */
  y: number;
  size: number;
  style: TextStyle;
}

export interface LaidOutPage {
  width: number;
  height: number;
  runs: Run[];
}

/** The width of `text` at `size` points in the renderer's font. */
export type Measure = (text: string, size: number, style: TextStyle) => number;

const A4 = { width: 595, height: 842, margin: 56 };
const RECEIPT = { width: 250, margin: 16 };
const CARD = { width: 420, margin: 24 };
const SIZES = { letterhead: 22, tagline: 10, heading: 13, normal: 10.5, small: 8 } as const;
const LINE = 1.4;

/**
 * The blocks of `document` as pages of runs. A receipt or a card is one page as long as its
 * content.
 */
export function layOut(document: CorpusDocument, measure: Measure): LaidOutPage[] {
  const receipt = document.page === "receipt";
  const sized = document.page === "receipt" || document.page === "card";
  const { width, margin } =
    document.page === "receipt" ? RECEIPT : document.page === "card" ? CARD : A4;
  const contentWidth = width - 2 * margin;
  const pages: LaidOutPage[] = [];
  let runs: Run[] = [];
  let y = margin;

  const newPage = () => {
    pages.push({ width, height: sized ? 0 : A4.height, runs });
    runs = [];
    y = margin;
  };
  const line = (size: number, draw: (baseline: number) => void) => {
    if (!sized && y + size * LINE > A4.height - margin) newPage();
    y += size * LINE;
    draw(y);
  };
  const wrapped = (
    text: string,
    size: number,
    style: TextStyle,
    x = margin,
    maxWidth = contentWidth,
  ) => {
    for (const paragraphLine of text.split("\n")) {
      for (const piece of wrap(paragraphLine, size, style, maxWidth, measure)) {
        line(size, (baseline) => runs.push({ text: piece, x, y: baseline, size, style }));
      }
    }
  };

  for (const block of document.blocks) {
    layBlock(block);
    y += SIZES.normal * 0.6;
  }
  pages.push({ width, height: sized ? y + margin : A4.height, runs });
  return pages;

  function layBlock(block: Block): void {
    switch (block.type) {
      case "letterhead":
        wrapped(block.text, receipt ? 16 : SIZES.letterhead, "bold");
        if (block.tagline !== undefined) wrapped(block.tagline, SIZES.tagline, "regular");
        y += SIZES.normal;
        return;
      case "heading":
        y += SIZES.normal * 0.4;
        wrapped(block.text, SIZES.heading, "bold");
        return;
      case "text":
        wrapped(block.text, SIZES[block.size ?? "normal"], "regular");
        return;
      case "fields": {
        const valueX = receipt ? margin : margin + 170;
        for (const [label, value] of block.rows) {
          line(SIZES.normal, (baseline) => {
            runs.push({
              text: label,
              x: margin,
              y: baseline,
              size: SIZES.normal,
              style: "regular",
            });
            const valueWidth = measure(value, SIZES.normal, "bold");
            // On a receipt the value sits at the right edge, as tills print it.
            const x = receipt ? width - margin - valueWidth : valueX;
            runs.push({ text: value, x, y: baseline, size: SIZES.normal, style: "bold" });
          });
        }
        return;
      }
      case "table": {
        const columns = block.head.length;
        const firstWidth = columns === 1 ? contentWidth : contentWidth * (columns > 2 ? 0.45 : 0.7);
        const otherWidth = columns === 1 ? 0 : (contentWidth - firstWidth) / (columns - 1);
        // Column 0 is left-aligned; the others (amounts) right-aligned at their column's end.
        const row = (cells: readonly string[], style: TextStyle) => {
          line(SIZES.normal, (baseline) => {
            cells.forEach((cell, index) => {
              if (cell === "") return;
              const x =
                index === 0
                  ? margin
                  : margin + firstWidth + otherWidth * index - measure(cell, SIZES.normal, style);
              runs.push({ text: cell, x, y: baseline, size: SIZES.normal, style });
            });
          });
        };
        row(block.head, "bold");
        for (const cells of block.rows) row(cells, "regular");
        return;
      }
      case "gap":
        y += SIZES.normal;
        return;
      case "page-break":
        newPage();
        return;
      default: {
        const unknown: never = block;
        throw new Error(`Unknown block ${JSON.stringify(unknown)}`);
      }
    }
  }
}

/** Greedy word wrap: as many words on a line as fit in `maxWidth`. */
function wrap(text: string, size: number, style: TextStyle, maxWidth: number, measure: Measure) {
  const lines: string[] = [];
  let current = "";
  for (const word of text.split(" ")) {
    const candidate = current === "" ? word : `${current} ${word}`;
    if (current !== "" && measure(candidate, size, style) > maxWidth) {
      lines.push(current);
      current = word;
    } else {
      current = candidate;
    }
  }
  lines.push(current);
  return lines;
}
