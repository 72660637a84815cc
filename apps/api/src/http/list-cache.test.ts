import { describe, expect, it } from "vitest";
import { createListCache } from "./list-cache.js";

const bytes = (n: number, fill = 1) => new Uint8Array(n).fill(fill);

describe("createListCache", () => {
  it("answers only for the revision an answer was kept for", () => {
    const cache = createListCache({ maxBytes: 1000 });
    cache.set("7 tasks", 3, bytes(10));
    expect(cache.get("7 tasks", 3)).toEqual(bytes(10));
    expect(cache.get("7 tasks", 4)).toBeUndefined();
    expect(cache.get("7 tasks", 2)).toBeUndefined();
    expect(cache.get("8 tasks", 3)).toBeUndefined();
  });

  it("does not let an older revision's answer replace a newer one's", () => {
    const cache = createListCache({ maxBytes: 1000 });
    cache.set("7 tasks", 5, bytes(10, 5));
    cache.set("7 tasks", 4, bytes(10, 4));
    expect(cache.get("7 tasks", 5)).toEqual(bytes(10, 5));
    cache.set("7 tasks", 6, bytes(10, 6));
    expect(cache.get("7 tasks", 6)).toEqual(bytes(10, 6));
    expect(cache.get("7 tasks", 5)).toBeUndefined();
  });

  it("keeps at most maxBytes, dropping the least recently used first", () => {
    const cache = createListCache({ maxBytes: 1000 });
    for (let user = 1; user <= 10; user += 1) cache.set(`${user} tasks`, 1, bytes(90));
    expect(cache.bytes).toBeLessThanOrEqual(1000);
    cache.get("1 tasks", 1); // used: now the most recent
    cache.set("11 tasks", 1, bytes(90));
    cache.set("12 tasks", 1, bytes(90));
    expect(cache.bytes).toBeLessThanOrEqual(1000);
    expect(cache.get("1 tasks", 1)).toBeDefined();
    expect(cache.get("2 tasks", 1)).toBeUndefined();
    expect(cache.get("12 tasks", 1)).toBeDefined();
  });

  it("does not keep an answer larger than a tenth of the cache", () => {
    const cache = createListCache({ maxBytes: 1000 });
    cache.set("7 tasks", 1, bytes(200));
    expect(cache.get("7 tasks", 1)).toBeUndefined();
    expect(cache.bytes).toBe(0);
  });
});
