import { describe, expect, it } from "vitest";
import { AccountDeletionSchema, confirmsAccountEmail } from "./account-deletion.js";

describe("confirmsAccountEmail", () => {
  it("accepts the account's email as typed, with spaces around it or in another case", () => {
    expect(confirmsAccountEmail("ada@example.com", "ada@example.com")).toBe(true);
    expect(confirmsAccountEmail("  ada@example.com\t", "ada@example.com")).toBe(true);
    expect(confirmsAccountEmail("Ada@Example.COM", "ada@example.com")).toBe(true);
    expect(confirmsAccountEmail("ada@example.com", "Ada@Example.com")).toBe(true);
  });

  it("refuses another address, a part of it, and nothing typed", () => {
    expect(confirmsAccountEmail("ada@example.org", "ada@example.com")).toBe(false);
    expect(confirmsAccountEmail("ada@example.co", "ada@example.com")).toBe(false);
    expect(confirmsAccountEmail("ada", "ada@example.com")).toBe(false);
    expect(confirmsAccountEmail("a da@example.com", "ada@example.com")).toBe(false);
    expect(confirmsAccountEmail("", "ada@example.com")).toBe(false);
    expect(confirmsAccountEmail("   ", "   ")).toBe(false);
  });

  it("reads a composed and a decomposed accent as the same letter", () => {
    expect(confirmsAccountEmail("ze\u0301@example.com", "z\u00e9@example.com")).toBe(true);
  });
});

describe("AccountDeletionSchema", () => {
  it("takes a body with confirm as text, and nothing else as it", () => {
    expect(AccountDeletionSchema.safeParse({ confirm: "ada@example.com" }).success).toBe(true);
    expect(AccountDeletionSchema.safeParse({}).success).toBe(false);
    expect(AccountDeletionSchema.safeParse({ confirm: 1 }).success).toBe(false);
    expect(AccountDeletionSchema.safeParse({ confirm: null }).success).toBe(false);
  });
});
