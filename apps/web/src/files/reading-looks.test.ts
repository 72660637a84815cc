import { expect, it } from "vitest";
import { looksGivenUp } from "./reading-looks";

const FIRST_FAILED = new Date("2026-11-21T09:00:00Z");
const after = (ms: number) => new Date(FIRST_FAILED.getTime() + ms);

it("goes on looking through failures for two minutes, then gives up", () => {
  expect(looksGivenUp(FIRST_FAILED, after(0))).toBe(false);
  expect(looksGivenUp(FIRST_FAILED, after(119_999))).toBe(false);
  expect(looksGivenUp(FIRST_FAILED, after(120_000))).toBe(true);
});
