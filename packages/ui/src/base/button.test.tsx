import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Button } from "./button";

describe("Button", () => {
  it("calls onClick when pressed", async () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Save</Button>);
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(onClick).toHaveBeenCalledOnce();
  });

  it("does not submit a surrounding form unless asked to", async () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => {
      event.preventDefault();
    });
    render(
      <form onSubmit={onSubmit}>
        <Button>Plain</Button>
        <Button type="submit">Send</Button>
      </form>,
    );
    await userEvent.click(screen.getByRole("button", { name: "Plain" }));
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it("shows the busy text and is disabled while busy", async () => {
    const onClick = vi.fn();
    render(
      <Button busy busyText="Adding..." onClick={onClick}>
        Add to Subscriptions
      </Button>,
    );
    const button = screen.getByRole("button", { name: "Adding..." });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute("aria-busy", "true");
    expect(screen.queryByText("Add to Subscriptions")).not.toBeInTheDocument();
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it("shows its label again when no longer busy", () => {
    const { rerender } = render(
      <Button busy busyText="Adding...">
        Save and add to calendar
      </Button>,
    );
    rerender(
      <Button busy={false} busyText="Adding...">
        Save and add to calendar
      </Button>,
    );
    expect(screen.getByRole("button", { name: "Save and add to calendar" })).toBeEnabled();
  });
});
