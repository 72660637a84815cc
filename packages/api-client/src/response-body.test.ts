// spec 7: JSON when the content type says JSON, otherwise text.
import { describe, expect, it } from "vitest";
import { isJsonContentType, readBody, readJson } from "./response-body.js";

describe("isJsonContentType", () => {
  it.each([
    "application/json",
    "application/json; charset=utf-8",
    "Application/JSON",
    "application/problem+json",
    "application/vnd.api+json",
  ])("takes %s for JSON", (type) => {
    expect(isJsonContentType(type)).toBe(true);
  });

  it.each([
    null,
    "",
    "text/plain",
    "text/html; charset=utf-8",
    "application/jsonp",
    "text/json-seq",
  ])("does not take %j for JSON", (type) => {
    expect(isJsonContentType(type)).toBe(false);
  });
});

describe("readBody", () => {
  const withType = (body: string | null, type: string) =>
    new Response(body, { headers: { "Content-Type": type } });

  it("parses a JSON body", async () => {
    await expect(readBody(withType('{"detail":"x"}', "application/json"))).resolves.toEqual({
      detail: "x",
    });
  });

  it("reads a text body as text, even when it is valid JSON", async () => {
    await expect(readBody(withType('{"detail":"x"}', "text/plain"))).resolves.toBe(
      '{"detail":"x"}',
    );
  });

  it("keeps a JSON-typed body that does not parse as its text", async () => {
    await expect(readBody(withType("<html>Bad gateway</html>", "application/json"))).resolves.toBe(
      "<html>Bad gateway</html>",
    );
  });

  it("reads an empty JSON-typed body as undefined", async () => {
    await expect(readBody(withType(null, "application/json"))).resolves.toBeUndefined();
  });

  it("leaves the response readable for whoever reads it next", async () => {
    const response = withType("[1,2]", "application/json");
    await readBody(response);
    await expect(response.json()).resolves.toEqual([1, 2]);
  });
});

describe("readJson", () => {
  // As bytes: a string body would be given "text/plain;charset=UTF-8" when no type is set.
  const withType = (body: string | null, type: string | null) =>
    new Response(body === null ? null : new TextEncoder().encode(body), {
      headers: type === null ? {} : { "Content-Type": type },
    });

  it("parses a JSON body, and takes an empty one for no value", async () => {
    await expect(readJson(withType("[1]", "application/json"))).resolves.toEqual({ value: [1] });
    await expect(readJson(withType(null, "application/json"))).resolves.toEqual({
      value: undefined,
    });
  });

  it.each([
    ["<html>Sign in</html>", "text/html; charset=utf-8", "text/html, not JSON"],
    ["[1]", null, "no content type, not JSON"],
    ['[{"id":1', "application/json", "JSON that does not parse"],
  ])("keeps %j typed %j as its text, saying why it is not JSON", async (text, type, notJson) => {
    await expect(readJson(withType(text, type))).resolves.toEqual({ text, notJson });
  });
});
