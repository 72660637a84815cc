// zod/mini has no messages of its own; the app loads English ones before anything parses.
import { FrequencySchema } from "@life-admin/domain";
import { describe, expect, it } from "vitest";
import "./zod-locale";

describe("zod's messages in the app", () => {
  it("are English for a rule the domain does not word itself", () => {
    const result = FrequencySchema.safeParse("Hourly");
    expect(result.error?.issues[0]?.message).toBe(
      'Invalid option: expected one of "Daily"|"Weekly"|"Monthly"|"Yearly"',
    );
  });
});
