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

  it("shows the busy text and is disabled while busy, keeping focus", async () => {
    const onClick = vi.fn();
    render(
      <Button busy busyText="Adding..." onClick={onClick}>
        Add to Subscriptions
      </Button>,
    );
    const button = screen.getByRole("button", { name: "Adding..." });
    // aria-disabled, not disabled: a browser takes focus away from a disabled button.
    expect(button).toHaveAttribute("aria-disabled", "true");
    expect(button).not.toHaveAttribute("disabled");
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
    expect(screen.getByRole("button", { name: "Save and add to calendar" })).not.toHaveAttribute(
      "aria-disabled",
    );
  });

  it("stays focused when it turns busy after a press, and ignores presses until it is done", async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    const { rerender } = render(<Button onClick={onClick}>Mark all as read</Button>);
    const button = screen.getByRole("button", { name: "Mark all as read" });
    await user.click(button);
    rerender(
      <Button disabled onClick={onClick}>
        Mark all as read
      </Button>,
    );
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute("aria-disabled", "true");
    await user.keyboard("{Enter}");
    await user.keyboard(" ");
    expect(onClick).toHaveBeenCalledOnce();
  });

  it("submits nothing while disabled, by a press or Enter in a field", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => {
      event.preventDefault();
    });
    render(
      <form onSubmit={onSubmit}>
        <input aria-label="Name" />
        <Button type="submit" busy busyText="Saving...">
          Save
        </Button>
      </form>,
    );
    await user.click(screen.getByRole("button", { name: "Saving..." }));
    await user.type(screen.getByRole("textbox", { name: "Name" }), "Ada{Enter}");
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
