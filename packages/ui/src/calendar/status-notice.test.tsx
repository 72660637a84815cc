import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { Modal } from "../base/modal";
import { StatusNotice } from "./status-notice";

describe("StatusNotice", () => {
  it("offers its action beside the note, reachable by keyboard, without taking focus", async () => {
    const onAction = vi.fn();
    const onDismiss = vi.fn();
    render(
      <StatusNotice
        message="Take vitamins is done."
        onDismiss={onDismiss}
        action={{ label: "Undo", onAction }}
      />,
    );
    expect(screen.getByRole("status")).toHaveTextContent("Take vitamins is done.");
    expect(document.body).toHaveFocus();
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole("button", { name: "Undo" })).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(onAction).toHaveBeenCalledOnce();
    await user.tab();
    await user.keyboard("{Enter}");
    expect(onDismiss).toHaveBeenCalledOnce();
  });

  it("shows in the open dialog, heard and reached by keyboard there, and on the page once it closes", async () => {
    const onAction = vi.fn();
    /** A page's notice beside its list dialog, which marks something done while open. */
    function Page() {
      const [open, setOpen] = useState(true);
      const [message, setMessage] = useState<string | null>(null);
      return (
        <>
          <Modal
            open={open}
            onClose={() => {
              setOpen(false);
            }}
            title="All Tasks"
            pageNotices
          >
            <button
              type="button"
              onClick={() => {
                setMessage("Take vitamins is done.");
              }}
            >
              Mark done
            </button>
          </Modal>
          <StatusNotice
            message={message}
            onDismiss={() => {
              setMessage(null);
            }}
            action={{ label: "Undo", onAction }}
          />
        </>
      );
    }
    render(<Page />);
    const user = userEvent.setup();
    const dialog = within(screen.getByRole("dialog", { name: "All Tasks" }));
    // The live region is in the dialog before the note arrives, so that the note is announced.
    expect(dialog.getByRole("status")).toBeEmptyDOMElement();
    await user.click(dialog.getByRole("button", { name: "Mark done" }));

    expect(dialog.getByRole("status")).toHaveTextContent("Take vitamins is done.");
    await user.tab();
    expect(dialog.getByRole("button", { name: "Undo" })).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(onAction).toHaveBeenCalledOnce();

    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Take vitamins is done.");
    expect(screen.getByRole("button", { name: "Undo" })).toBeVisible();
  });
});
