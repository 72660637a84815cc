import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { AppHeader } from "./app-header";

const noop = () => undefined;

describe("AppHeader", () => {
  it("shows the product name", () => {
    render(<AppHeader user={null} view="my" onViewChange={noop} />);
    expect(screen.getByText("Life Admin")).toBeInTheDocument();
  });

  it("shows G and Guest without a user", () => {
    render(<AppHeader user={null} view="my" onViewChange={noop} />);
    expect(screen.getByText("G")).toBeInTheDocument();
    expect(screen.getByText("Guest")).toBeInTheDocument();
  });

  it("shows Guest for a user without a name", () => {
    render(<AppHeader user={{ full_name: "  " }} view="my" onViewChange={noop} />);
    expect(screen.getByText("Guest")).toBeInTheDocument();
  });

  it("shows the first letter and the full name of the user", () => {
    render(<AppHeader user={{ full_name: "ada lovelace" }} view="my" onViewChange={noop} />);
    expect(screen.getByText("A")).toBeInTheDocument();
    expect(screen.getByText("ada lovelace")).toBeInTheDocument();
  });

  it("marks the selected view and reports a change", async () => {
    const onViewChange = vi.fn();
    render(<AppHeader user={null} view="my" onViewChange={onViewChange} />);
    const group = screen.getByRole("group", { name: "View" });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "My View" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("button", { name: "Family view" })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
    await userEvent.click(screen.getByRole("button", { name: "Family view" }));
    expect(onViewChange).toHaveBeenCalledWith("family");
  });

  it("shows Family view as selected when it is", () => {
    render(<AppHeader user={null} view="family" onViewChange={noop} />);
    expect(screen.getByRole("button", { name: "Family view" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
  });

  it("has a notification button named Notifications", async () => {
    const onNotificationsClick = vi.fn();
    render(
      <AppHeader
        user={null}
        view="my"
        onViewChange={noop}
        onNotificationsClick={onNotificationsClick}
      />,
    );
    await userEvent.click(screen.getByRole("button", { name: "Notifications" }));
    expect(onNotificationsClick).toHaveBeenCalledOnce();
  });

  it("shows how many reminders are unread on the bell, in its name too, and none at 0", () => {
    const { rerender } = render(
      <AppHeader user={null} view="my" onViewChange={noop} unreadCount={3} />,
    );
    const bell = screen.getByRole("button", { name: "Notifications, 3 unread" });
    expect(bell).toHaveTextContent("3");
    rerender(<AppHeader user={null} view="my" onViewChange={noop} unreadCount={120} />);
    expect(screen.getByRole("button", { name: "Notifications, 120 unread" })).toHaveTextContent(
      "99+",
    );
    rerender(<AppHeader user={null} view="my" onViewChange={noop} unreadCount={0} />);
    expect(screen.getByRole("button", { name: "Notifications" })).toHaveTextContent("");
  });
});
