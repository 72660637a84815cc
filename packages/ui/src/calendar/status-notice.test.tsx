import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
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
});
