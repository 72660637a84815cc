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

  /** A task's row with its Mark done, which says so in the page's notice. */
  function TaskPage({ removesRow = false }: { removesRow?: boolean }) {
    const [message, setMessage] = useState<string | null>(null);
    return (
      <>
        <h1 tabIndex={-1}>Good Morning</h1>
        <section aria-label="Tasks" data-focus-home="" tabIndex={-1}>
          {!(removesRow && message) && (
            <button
              type="button"
              onClick={() => {
                setMessage("Take vitamins is done.");
              }}
            >
              Mark done
            </button>
          )}
        </section>
        <StatusNotice
          message={message}
          onDismiss={() => {
            setMessage(null);
          }}
          action={{ label: "Undo", onAction: vi.fn() }}
        />
      </>
    );
  }

  it("dismissed from the keyboard, gives focus back to where the person was before the note", async () => {
    render(<TaskPage />);
    const user = userEvent.setup();
    await user.tab();
    await user.keyboard("{Enter}");
    await user.tab();
    await user.tab();
    expect(screen.getByRole("button", { name: "Dismiss" })).toHaveFocus();
    await user.keyboard("{Enter}");

    expect(screen.getByRole("status")).toBeEmptyDOMElement();
    // Not <body>, from where the next Tab would start at the top of the page.
    expect(screen.getByRole("button", { name: "Mark done" })).toHaveFocus();
  });

  it("gives focus to the card around the control it came from when that control has gone", async () => {
    render(<TaskPage removesRow />);
    const user = userEvent.setup();
    await user.tab();
    await user.keyboard("{Enter}");
    // The row left with the press; focus on the card (focus-keeper.ts's work on the page).
    screen.getByRole("region", { name: "Tasks" }).focus();
    await user.tab();
    await user.tab();
    await user.keyboard("{Enter}");

    expect(screen.getByRole("region", { name: "Tasks" })).toHaveFocus();
  });

  it("gives focus to the page's heading when it came into the note from nowhere", async () => {
    render(<TaskPage />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Mark done" }));
    (document.activeElement as HTMLElement).blur();
    // Shift+Tab from the top of a page reaches its last control first: the note's Dismiss.
    await user.tab({ shift: true });
    expect(screen.getByRole("button", { name: "Dismiss" })).toHaveFocus();
    await user.keyboard("{Enter}");

    expect(screen.getByRole("heading", { name: "Good Morning" })).toHaveFocus();
  });

  it("leaves focus alone when Dismiss is pressed by a pointer, so the page does not scroll under it", async () => {
    render(<TaskPage />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Mark done" }));
    await user.click(screen.getByRole("button", { name: "Dismiss" }));

    expect(screen.getByRole("status")).toBeEmptyDOMElement();
    expect(screen.getByRole("button", { name: "Mark done" })).not.toHaveFocus();
  });
});
