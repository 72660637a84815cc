import { describe, expect, it } from "vitest";
import { IdSchema } from "./id.js";

describe("IdSchema", () => {
  it.each([1, 2, 1_000_000])("accepts the database id %i", (id) => {
    expect(IdSchema.parse(id)).toBe(id);
  });

  it.each([0, -1, 1.5, Number.NaN, "1"])("rejects %j", (id) => {
    expect(IdSchema.safeParse(id).success).toBe(false);
  });
});
