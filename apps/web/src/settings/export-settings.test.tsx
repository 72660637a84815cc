// issue 22: Settings' "Your data": the ZIP downloaded with the session's token and saved under the
// API's name; busy while it comes; a failure says why and the button works again.
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeApi, json } from "../test/fake-api";
import { renderApp } from "../test/render-app";
import { storeSession, tokenSet } from "../test/tokens";

const user = userEvent.setup();
const ZIP_NAME = "life-admin-export-2026-11-21.zip";

function zipAnswer(): Response {
  return new Response(new Uint8Array([0x50, 0x4b, 0x05, 0x06]), {
    status: 200,
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${ZIP_NAME}"`,
    },
  });
}

/** What saveFile hands the browser: each Blob, and the name its link downloads it as. */
function savedFiles() {
  const saved: { blob: Blob; name: string }[] = [];
  const blobs: Blob[] = [];
  vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
    blobs.push(blob as Blob);
    return `blob:export-${String(blobs.length)}`;
  });
  vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const blob = blobs.at(-1);
    if (blob !== undefined) saved.push({ blob, name: this.download });
  });
  return saved;
}

beforeEach(() => {
  storeSession(tokenSet("signed-in"));
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function yourData(api = fakeApi()) {
  renderApp("/settings", { api });
  return { api, section: within(await screen.findByRole("region", { name: "Your data" })) };
}

describe("Settings' export (issue 22)", () => {
  it("downloads the ZIP with the session's token and saves it under the API's name", async () => {
    const saved = savedFiles();
    const api = fakeApi();
    const held = api.holdNext("GET", "/users/me/export");
    const { section } = await yourData(api);
    await user.click(section.getByRole("button", { name: "Download all my data" }));
    expect(
      await section.findByRole("button", { name: "Preparing your download..." }),
    ).toHaveAttribute("aria-disabled", "true");
    held.release(zipAnswer());
    expect(await section.findByText(`Saved ${ZIP_NAME}.`)).toBeVisible();
    expect(saved.map(({ name }) => name)).toEqual([ZIP_NAME]);
    expect(new Uint8Array(await (saved[0]?.blob ?? new Blob()).arrayBuffer())).toEqual(
      new Uint8Array([0x50, 0x4b, 0x05, 0x06]),
    );
    const [call] = api.callsTo("GET", "/users/me/export");
    expect(call?.authorization).toMatch(/^Bearer /);
    expect(section.getByRole("button", { name: "Download all my data" })).not.toHaveAttribute(
      "aria-disabled",
    );
  });

  it("says why a download failed, saves nothing, and downloads on the next press", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const saved = savedFiles();
    const api = fakeApi();
    api.answerNext("GET", "/users/me/export", () =>
      json({ detail: "The database cannot be reached" }, 503),
    );
    const { section } = await yourData(api);
    await user.click(section.getByRole("button", { name: "Download all my data" }));
    expect(await section.findByRole("alert")).toHaveTextContent(
      "Your data could not be downloaded: The database cannot be reached",
    );
    expect(saved).toEqual([]);

    api.answerNext("GET", "/users/me/export", zipAnswer);
    await user.click(section.getByRole("button", { name: "Download all my data" }));
    expect(await section.findByText(`Saved ${ZIP_NAME}.`)).toBeVisible();
    expect(section.queryByRole("alert")).toBeNull();
    expect(saved.map(({ name }) => name)).toEqual([ZIP_NAME]);
  });
});
