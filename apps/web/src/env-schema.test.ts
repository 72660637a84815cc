// decisions D1: the API base URL is validated configuration with a local default.
import { describe, expect, it } from "vitest";
import { DEFAULT_API_BASE_URL, parseEnv } from "./env-schema";

describe("parseEnv", () => {
  it("defaults to the local API", () => {
    expect(parseEnv({})).toEqual({
      apiBaseUrl: DEFAULT_API_BASE_URL,
      apiOrigin: "http://127.0.0.1:8000",
    });
  });

  it("treats an empty value as unset", () => {
    expect(parseEnv({ VITE_API_BASE_URL: "" }).apiBaseUrl).toBe(DEFAULT_API_BASE_URL);
  });

  it("takes an https address with a path, without its trailing slash", () => {
    expect(parseEnv({ VITE_API_BASE_URL: "https://api.example.com/life/" })).toEqual({
      apiBaseUrl: "https://api.example.com/life",
      apiOrigin: "https://api.example.com",
    });
  });

  it("ignores Vite's own keys", () => {
    expect(parseEnv({ MODE: "production", DEV: false, BASE_URL: "/" }).apiBaseUrl).toBe(
      DEFAULT_API_BASE_URL,
    );
  });

  it.each(["not a url", "ftp://files.example.com", "javascript:alert(1)"])(
    "refuses %s, naming the variable",
    (value) => {
      expect(() => parseEnv({ VITE_API_BASE_URL: value })).toThrow(
        /Invalid web app configuration:\n {2}VITE_API_BASE_URL: must be an http:\/\/ or https:\/\/ address/,
      );
    },
  );
});
