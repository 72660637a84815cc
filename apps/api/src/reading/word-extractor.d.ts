// word-extractor 1.0 ships no types: the part of its API that read-doc.ts uses.
declare module "word-extractor" {
  interface TextOptions {
    /** Default true: typographic quotes become ASCII ones. */
    filterUnicode?: boolean;
  }
  class WordDocument {
    getBody(options?: TextOptions): string;
    getFootnotes(options?: TextOptions): string;
    getEndnotes(options?: TextOptions): string;
    getHeaders(options?: TextOptions & { includeFooters?: boolean }): string;
    getFooters(options?: TextOptions): string;
    getAnnotations(options?: TextOptions): string;
    getTextboxes(
      options?: TextOptions & { includeHeadersAndFooters?: boolean; includeBody?: boolean },
    ): string;
  }
  export default class WordExtractor {
    extract(source: string | Buffer): Promise<WordDocument>;
  }
}
