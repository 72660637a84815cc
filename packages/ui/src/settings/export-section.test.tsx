// issue 22: Settings' "Your data": the download button, its busy state and a failure's banner.
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { axeViolations } from "../test/axe";
import { EXPORT_BUSY_TEXT, EXPORT_LABEL, ExportSection } from "./export-section";

describe("ExportSection", () => {
  it("says what the ZIP holds and downloads it on a press", async () => {
    const onExport = vi.fn();
    render(<ExportSection onExport={onExport} />);
    expect(screen.getByRole("heading", { name: "Your data" })).toBeInTheDocument();
    const button = screen.getByRole("button", { name: EXPORT_LABEL });
    expect(button).toHaveAccessibleDescription(/tasks and subscriptions as spreadsheets/);
    await userEvent.click(button);
    expect(onExport).toHaveBeenCalledTimes(1);
    expect(await axeViolations()).toEqual([]);
  });

  it("cannot be pressed again while the ZIP is being made", async () => {
    const onExport = vi.fn();
    render(<ExportSection onExport={onExport} busy status="Saved an earlier one." />);
    const button = screen.getByRole("button", { name: EXPORT_BUSY_TEXT });
    expect(button).toHaveAttribute("aria-disabled", "true");
    expect(button).toHaveAttribute("aria-busy", "true");
    await userEvent.click(button);
    expect(onExport).not.toHaveBeenCalled();
    expect(screen.getByRole("status")).toHaveTextContent("");
  });

  it("says why a download failed, and offers it again", () => {
    render(<ExportSection onExport={vi.fn()} error="The database cannot be reached" />);
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Your data could not be downloaded: The database cannot be reached",
    );
    expect(screen.getByRole("button", { name: EXPORT_LABEL })).not.toHaveAttribute("aria-disabled");
  });

  it("says what the last download saved", () => {
    render(<ExportSection onExport={vi.fn()} status="Saved life-admin-export-2026-11-27.zip." />);
    expect(screen.getByRole("status")).toHaveTextContent("Saved life-admin-export-2026-11-27.zip.");
  });
});
