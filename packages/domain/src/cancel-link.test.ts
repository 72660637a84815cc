import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CANCEL_LINK_MESSAGE, CancelLinkSchema, isHttpUrl, safeLink } from "./cancel-link.js";
import { CANCEL_LINK_MAX_LENGTH } from "./limits.js";
import { issueMessages } from "./test-support.js";

/** An https link of exactly `length` characters. */
function linkOfLength(length: number): string {
  const start = "https://example.com/";
  return start + "a".repeat(length - start.length);
}

const GOOD_LINKS = [
  "https://example.com/cancel",
  "http://example.com",
  "HTTPS://EXAMPLE.COM/Account",
  "Http://example.com/",
  "https://sub.example.co.uk/account/cancel?plan=basic#top",
  "http://127.0.0.1:8080/cancel",
  "https://例え.jp/解約",
  linkOfLength(CANCEL_LINK_MAX_LENGTH),
];

const BAD_LINKS: [string, string][] = [
  ["javascript:alert(1)", "a script"],
  ["JaVaScRiPt:alert(1)", "a script in mixed case"],
  ["java\tscript:alert(1)", "a script with a tab that URL parsers drop"],
  ["\u0001https://example.com", "a leading control character"],
  ["https://example.com/\u0000", "a NUL character"],
  ["https://example.com/\u0085", "a C1 control character"],
  ["data:text/html,<script>alert(1)</script>", "a data: URL"],
  ["vbscript:msgbox(1)", "a vbscript: URL"],
  ["ftp://example.com/file", "another scheme"],
  ["mailto:billing@example.com", "an e-mail address"],
  ["//example.com/cancel", "a scheme-relative link"],
  ["/account/cancel", "a path on our own site"],
  ["cancel", "a relative path"],
  ["example.com/cancel", "a host without a scheme"],
  ["https:example.com", "a scheme without slashes"],
  ["http:/example.com", "a scheme with one slash"],
  ["http://", "http:// without a host"],
  ["https://", "https:// without a host"],
  ["https://exa mple.com", "a space in the host"],
  ["https://example.com/a b", "a space in the path"],
  ["https://example.com/\nx", "a line break inside"],
  ["https://example.com/a\u00a0b", "a no-break space inside"],
  ["", "an empty string"],
  [linkOfLength(CANCEL_LINK_MAX_LENGTH + 1), "one character over the limit"],
];

describe("isHttpUrl", () => {
  it.each(GOOD_LINKS)("accepts the absolute web address %s", (link) => {
    expect(isHttpUrl(link)).toBe(true);
  });

  it.each(BAD_LINKS)("refuses %j (%s)", (link) => {
    expect(isHttpUrl(link)).toBe(false);
  });

  it("refuses surrounding whitespace: only the schema trims", () => {
    expect(isHttpUrl(" https://example.com ")).toBe(false);
  });
});

describe("safeLink", () => {
  it.each(GOOD_LINKS)("returns the good link %s unchanged", (link) => {
    expect(safeLink(link)).toBe(link);
  });

  it.each(BAD_LINKS)("returns null for %j (%s)", (link) => {
    expect(safeLink(link)).toBeNull();
  });

  it("returns null when there is no link", () => {
    expect(safeLink(null)).toBeNull();
    expect(safeLink(undefined)).toBeNull();
  });

  it("never returns anything but an http(s) address with a host and no hidden characters", () => {
    const prefixes = fc.constantFrom(
      "https://",
      "http://",
      "HTTPS://",
      "javascript:",
      "//",
      "data:",
      "",
      "\u0001https://",
    );
    // The characters that decide: hosts, paths, schemes, whitespace and control characters.
    const rest = fc
      .array(
        fc.constantFrom(
          "a",
          "b",
          ".",
          "-",
          "/",
          ":",
          "?",
          "#",
          "@",
          "%",
          "\\",
          "é",
          " ",
          "\t",
          "\n",
          "\u0000",
          "\u0085",
          "\u00a0",
        ),
        { maxLength: 16 },
      )
      .map((chars) => chars.join(""));
    let accepted = 0;
    fc.assert(
      fc.property(prefixes, rest, (prefix, tail) => {
        const link = safeLink(prefix + tail);
        if (link === null) return;
        accepted += 1;
        const url = new URL(link);
        expect(["http:", "https:"]).toContain(url.protocol);
        expect(url.hostname).not.toBe("");
        // eslint-disable-next-line no-control-regex -- the characters a link must not hide
        expect(link).not.toMatch(/[\s\u0000-\u001F\u007F-\u009F]/u);
      }),
      { numRuns: 500 },
    );
    expect(accepted).toBeGreaterThan(0);
  });
});

describe("CancelLinkSchema", () => {
  it("accepts an absolute http or https address", () => {
    expect(CancelLinkSchema.parse("https://example.com/cancel")).toBe("https://example.com/cancel");
    expect(CancelLinkSchema.parse("HTTP://EXAMPLE.COM")).toBe("HTTP://EXAMPLE.COM");
  });

  it("trims surrounding whitespace and returns the trimmed link", () => {
    expect(CancelLinkSchema.parse("  https://example.com/cancel \n")).toBe(
      "https://example.com/cancel",
    );
  });

  it("accepts a link of exactly the maximum length, even with whitespace around it", () => {
    const link = linkOfLength(CANCEL_LINK_MAX_LENGTH);
    expect(CancelLinkSchema.parse(` ${link} `)).toBe(link);
  });

  it("rejects a link one character over the maximum length, saying so first", () => {
    expect(issueMessages(CancelLinkSchema, linkOfLength(CANCEL_LINK_MAX_LENGTH + 1))[0]).toBe(
      `Cancel link must be at most ${CANCEL_LINK_MAX_LENGTH} characters`,
    );
  });

  it.each(BAD_LINKS.filter(([link]) => link.length <= CANCEL_LINK_MAX_LENGTH))(
    "rejects %j (%s) with the cancel link message",
    (link) => {
      expect(issueMessages(CancelLinkSchema, link)).toEqual([CANCEL_LINK_MESSAGE]);
    },
  );

  it("rejects a value that is not text with the cancel link message", () => {
    expect(issueMessages(CancelLinkSchema, 42)).toEqual([CANCEL_LINK_MESSAGE]);
  });

  it("tells the user what a good link looks like", () => {
    expect(CANCEL_LINK_MESSAGE).toBe(
      "Cancel link must be a full web address starting with http:// or https://",
    );
  });
});
