import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { axeViolations } from "../test/axe";
import { DeleteDialog } from "./delete-dialog";

function renderOpen() {
  const callbacks = { onConfirm: vi.fn(), onCancel: vi.fn() };
  render(<DeleteDialog open item="task" name="Renew passport" {...callbacks} />);
  return callbacks;
}

describe("DeleteDialog (issue 18: nothing lost by a misclick)", () => {
  it("is an alert dialog that says what will happen", () => {
    renderOpen();
    const dialog = screen.getByRole("alertdialog", { name: "Delete this task?" });
    expect(dialog).toHaveAccessibleDescription(
      "“Renew passport” will be deleted. This cannot be undone.",
    );
  });

  it("opens with focus on Cancel, so a stray Enter keeps everything", async () => {
    const { onConfirm, onCancel } = renderOpen();
    await vi.waitFor(() => {
      expect(screen.getByRole("button", { name: "Cancel" })).toHaveFocus();
    });
    await userEvent.keyboard("{Enter}");
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("confirms from its button, by keyboard", async () => {
    const { onConfirm } = renderOpen();
    const user = userEvent.setup();
    await vi.waitFor(() => {
      expect(screen.getByRole("button", { name: "Cancel" })).toHaveFocus();
    });
    await user.tab();
    expect(screen.getByRole("button", { name: "Delete task" })).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it("asks about a subscription in its words", () => {
    render(
      <DeleteDialog
        open
        item="subscription"
        name="Netflix"
        onConfirm={vi.fn()}
        onCancel={vi.fn()}
      />,
    );
    expect(screen.getByRole("alertdialog", { name: "Delete this subscription?" })).toBeVisible();
    expect(screen.getByRole("button", { name: "Delete subscription" })).toBeVisible();
  });

  it("cancels on Escape", async () => {
    const { onCancel } = renderOpen();
    await userEvent.keyboard("{Escape}");
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it("has no accessibility violations", async () => {
    renderOpen();
    expect(await axeViolations()).toEqual([]);
  });
});
