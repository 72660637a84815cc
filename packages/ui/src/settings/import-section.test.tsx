// issue 22: Settings' "Import from a Life Admin export": the ZIP chosen, the busy state while it
// goes, a refusal's banner and what was added.
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { axeViolations } from "../test/axe";
import { IMPORT_BUSY_TEXT, IMPORT_HEADING, IMPORT_LABEL, ImportSection } from "./import-section";

const zip = new File([new Uint8Array([0x50, 0x4b, 0x05, 0x06])], "life-admin-export.zip", {
  type: "application/zip",
});

describe("ImportSection", () => {
  it("says what an import does and hands over the ZIP chosen", async () => {
    const onImport = vi.fn();
    render(<ImportSection onImport={onImport} />);
    expect(screen.getByRole("heading", { name: IMPORT_HEADING })).toBeInTheDocument();
    const input = screen.getByLabelText(IMPORT_LABEL);
    expect(input).toHaveAttribute("accept", ".zip,application/zip");
    expect(input).toHaveAccessibleDescription(/nothing is added twice/);
    await userEvent.upload(input, zip);
    expect(onImport).toHaveBeenCalledWith(zip);
    expect(await axeViolations()).toEqual([]);
  });

  it("writes its quotes and apostrophes as the rest of the app does", () => {
    render(<ImportSection onImport={vi.fn()} />);
    expect(screen.getByLabelText(IMPORT_LABEL)).toHaveAccessibleDescription(
      /the ZIP that “Download all my data” gave you: .* Your name and email stay this account's\.$/,
    );
  });

  it("shows how much is sent, and takes no other ZIP meanwhile", () => {
    render(<ImportSection onImport={vi.fn()} progress={0.4} status="Added 1 task." />);
    expect(screen.getByRole("progressbar", { name: IMPORT_BUSY_TEXT })).toHaveAttribute(
      "value",
      "0.4",
    );
    expect(screen.getByLabelText(IMPORT_LABEL)).toBeDisabled();
    expect(screen.getByRole("status")).toHaveTextContent(IMPORT_BUSY_TEXT);
  });

  it("says why an import was refused, and what the last one added", () => {
    const { rerender } = render(
      <ImportSection onImport={vi.fn()} error="The file is not a ZIP." />,
    );
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Nothing was imported: The file is not a ZIP.",
    );
    expect(screen.getByLabelText(IMPORT_LABEL)).toBeEnabled();
    rerender(<ImportSection onImport={vi.fn()} status="Added 2 files." />);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByRole("status")).toHaveTextContent("Added 2 files.");
  });
});
