import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ErrorScreen, LoadingScreen } from "./status-screen";

describe("LoadingScreen", () => {
  it("says 'Loading your data...' as a status", () => {
    render(<LoadingScreen />);
    expect(screen.getByRole("status")).toHaveTextContent("Loading your data...");
  });

  it("can say 'Authenticating...' for the sign-in callback", () => {
    render(<LoadingScreen message="Authenticating..." />);
    expect(screen.getByRole("status")).toHaveTextContent("Authenticating...");
  });
});

describe("ErrorScreen", () => {
  it("shows 'Error: {message}' as an alert and reloads from Reload", async () => {
    const onReload = vi.fn();
    render(<ErrorScreen message="Request failed with status 500" onReload={onReload} />);
    expect(screen.getByRole("alert")).toHaveTextContent("Error: Request failed with status 500");
    await userEvent.click(screen.getByRole("button", { name: "Reload" }));
    expect(onReload).toHaveBeenCalledOnce();
  });
});

describe("the status screens", () => {
  it("are the page's main content", () => {
    render(<LoadingScreen />);
    expect(screen.getByRole("main")).toHaveTextContent("Loading your data...");
  });
});
