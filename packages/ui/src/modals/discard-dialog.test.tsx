import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { axeViolations } from "../test/axe";
import { DiscardDialog } from "./discard-dialog";

function renderOpen(editing = false) {
  const callbacks = { onConfirm: vi.fn(), onCancel: vi.fn() };
  render(<DiscardDialog open editing={editing} {...callbacks} />);
  return callbacks;
}

describe("DiscardDialog (issue 18: nothing typed lost by a misclick)", () => {
  it("asks in an alert dialog, saying what typed in an add form is lost", () => {
    renderOpen();
    expect(
      screen.getByRole("alertdialog", { name: "Discard what you typed?" }),
    ).toHaveAccessibleDescription("What you typed in this form will be lost.");
  });

  it("says an edit form's changes are not saved", () => {
    renderOpen(true);
    expect(
      screen.getByRole("alertdialog", { name: "Discard what you typed?" }),
    ).toHaveAccessibleDescription("Your changes in this form are not saved and will be lost.");
  });

  it("opens with focus on Cancel, so a stray Enter goes back to the form", async () => {
    const { onConfirm, onCancel } = renderOpen();
    await vi.waitFor(() => {
      expect(screen.getByRole("button", { name: "Cancel" })).toHaveFocus();
    });
    await userEvent.keyboard("{Enter}");
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("discards from its button, by keyboard", async () => {
    const { onConfirm, onCancel } = renderOpen();
    const user = userEvent.setup();
    await vi.waitFor(() => {
      expect(screen.getByRole("button", { name: "Cancel" })).toHaveFocus();
    });
    await user.tab();
    expect(screen.getByRole("button", { name: "Discard" })).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(onCancel).not.toHaveBeenCalled();
  });

  it("cancels on Escape", async () => {
    const { onConfirm, onCancel } = renderOpen();
    await userEvent.keyboard("{Escape}");
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("has no accessibility violations", async () => {
    renderOpen();
    expect(await axeViolations()).toEqual([]);
  });
});
