// issue 19: one task's .ics download as the web app saves it, against a fake API injected as fetch.
import { describe, expect, it } from "vitest";
import { calendarCalls } from "./calendar-calls.js";
import { tokenSet } from "./test-support/fake-fetch.js";
import { harness } from "./test-support/harness.js";

const ICS = "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n";

function icsAnswer(disposition: string | null) {
  const headers: Record<string, string> = { "Content-Type": "text/calendar; charset=utf-8" };
  if (disposition !== null) headers["Content-Disposition"] = disposition;
  return new Response(ICS, { status: 200, headers });
}

describe("taskIcs", () => {
  it("names the file as the API names it in UTF-8, not by its ASCII stand-in", async () => {
    const disposition = `attachment; filename="document.ics"; filename*=UTF-8''${encodeURIComponent("年金の手続き.ics")}`;
    const { client } = harness(() => icsAnswer(disposition), tokenSet("session"));
    expect(await calendarCalls(client).taskIcs(7)).toEqual({
      fileName: "年金の手続き.ics",
      text: ICS,
    });
  });

  it("reads a plain file name, and answers task.ics when the API names none", async () => {
    const named = harness(() => icsAnswer('attachment; filename="pay-rent.ics"'), tokenSet("a"));
    expect((await calendarCalls(named.client).taskIcs(7)).fileName).toBe("pay-rent.ics");
    const unnamed = harness(() => icsAnswer(null), tokenSet("b"));
    expect((await calendarCalls(unnamed.client).taskIcs(7)).fileName).toBe("task.ics");
  });
});
