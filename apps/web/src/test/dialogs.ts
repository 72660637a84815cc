// A modal dialog once a person can use it. Radix turns the page's pointer events off as a modal
// opens and its own on in a second render (its DismissableLayer's update), so for a moment the
// dialog is in the document but `pointer-events: none`, and user-event refuses a press there; on
// a busy machine (CI) a test's next step could land in that moment.
import { screen } from "@testing-library/react";
import { expect, vi } from "vitest";

export async function shownDialog(name: string | RegExp): Promise<HTMLElement> {
  const dialog = await screen.findByRole("dialog", { name });
  await vi.waitFor(() => {
    expect(dialog.style.pointerEvents).toBe("auto");
  });
  return dialog;
}
