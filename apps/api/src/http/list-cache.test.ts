import { gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it, vi } from "vitest";
import type { AppEnv } from "../app-env.js";
import { GZIP_FROM_BYTES, answerList, createListCache, listAnswer } from "./list-cache.js";

/** An answer of `n` bytes of JSON (and, when given, `gzip` bytes of gzip), each byte `fill`. */
const bytes = (n: number, fill = 1, gzip = 0) => ({
  json: new Uint8Array(n).fill(fill),
  gzip: gzip === 0 ? null : new Uint8Array(gzip).fill(fill),
});

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

  it("forgets every answer of a deleted user, and only theirs", () => {
    const cache = createListCache({ maxBytes: 1000 });
    cache.set("7 tasks", 1, bytes(10));
    cache.set("7 subscriptions frequency=Monthly", 1, bytes(10));
    cache.set("7 calendar 2026-11-27", 1, bytes(10));
    cache.set("70 tasks", 1, bytes(10));
    cache.forgetUser(7);
    expect(cache.get("7 tasks", 1)).toBeUndefined();
    expect(cache.get("7 subscriptions frequency=Monthly", 1)).toBeUndefined();
    expect(cache.get("7 calendar 2026-11-27", 1)).toBeUndefined();
    expect(cache.get("70 tasks", 1)).toEqual(bytes(10));
    expect(cache.bytes).toBe(10 + "70 tasks".length);
  });

  it("does not keep an answer larger than a tenth of the cache, its gzip counted", () => {
    const cache = createListCache({ maxBytes: 1000 });
    cache.set("7 tasks", 1, bytes(200));
    expect(cache.get("7 tasks", 1)).toBeUndefined();
    cache.set("7 tasks", 1, bytes(60, 1, 40));
    expect(cache.get("7 tasks", 1)).toBeUndefined();
    expect(cache.bytes).toBe(0);
    cache.set("7 tasks", 1, bytes(50, 1, 40));
    expect(cache.bytes).toBe(50 + 40 + "7 tasks".length);
  });
});

describe("listAnswer", () => {
  it("keeps the JSON's UTF-8 bytes, and the same gzipped from GZIP_FROM_BYTES on", async () => {
    const text = JSON.stringify([{ title: "Renew passport · für Zoë" }]).padEnd(GZIP_FROM_BYTES);
    const answer = await listAnswer(text);
    expect(new TextDecoder().decode(answer.json)).toBe(text);
    expect(answer.gzip).not.toBeNull();
    expect(gunzipSync(answer.gzip ?? new Uint8Array()).toString("utf8")).toBe(text);
    expect(answer.gzip?.byteLength).toBeLessThan(answer.json.byteLength);
  });

  it("does not gzip a shorter answer", async () => {
    const answer = await listAnswer("[]".padEnd(GZIP_FROM_BYTES - 1));
    expect(answer.gzip).toBeNull();
    expect((await listAnswer("[]")).gzip).toBeNull();
  });
});

describe("answerList", () => {
  const app = (load: () => Promise<string>) => {
    const cache = createListCache({ maxBytes: 2 ** 20 });
    const routes = new Hono<AppEnv>();
    routes.get("/list", (c) => {
      c.set("user", { id: 7, listsRevision: 3 } as AppEnv["Variables"]["user"]);
      return answerList(c, cache, "tasks", load);
    });
    return routes;
  };

  it("reads a list once for all who ask for it while it is read, and once only", async () => {
    let reads = 0;
    let finish: (text: string) => void = () => undefined;
    const routes = app(() => {
      reads += 1;
      return new Promise<string>((resolve) => {
        finish = resolve;
      });
    });
    const asking = Array.from({ length: 6 }, () => Promise.resolve(routes.request("/list")));
    await vi.waitFor(() => {
      expect(reads).toBe(1);
    });
    finish('[{"id":1}]');
    const answers = await Promise.all(asking);
    expect(await Promise.all(answers.map((answer) => answer.text()))).toEqual(
      answers.map(() => '[{"id":1}]'),
    );
    expect(await (await routes.request("/list")).text()).toBe('[{"id":1}]');
    expect(reads).toBe(1);
  });

  it("lets the next request read again when a read fails", async () => {
    let reads = 0;
    const routes = app(() => {
      reads += 1;
      return reads === 1
        ? Promise.reject(new Error("the database went away"))
        : Promise.resolve("[]");
    });
    routes.onError((_, c) => c.text("Internal Server Error", 500));
    expect((await routes.request("/list")).status).toBe(500);
    expect(await (await routes.request("/list")).text()).toBe("[]");
  });
});
