import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { WelcomeBanner } from "./welcome-banner";

const noop = () => undefined;

describe("WelcomeBanner", () => {
  it("greets the user by full name", () => {
    render(<WelcomeBanner user={{ full_name: "Ada Lovelace" }} onAdd={noop} onUpload={noop} />);
    expect(screen.getByRole("heading", { name: "Good Morning, Ada Lovelace" })).toBeInTheDocument();
    expect(screen.getByText("Here's what's happening in your life today.")).toBeInTheDocument();
  });

  it("greets a guest without a user", () => {
    render(<WelcomeBanner user={null} onAdd={noop} onUpload={noop} />);
    expect(screen.getByRole("heading", { name: "Good Morning, Guest" })).toBeInTheDocument();
  });

  it("calls back from Add Task/Event and Upload File", async () => {
    const onAdd = vi.fn();
    const onUpload = vi.fn();
    render(<WelcomeBanner user={null} onAdd={onAdd} onUpload={onUpload} />);
    await userEvent.click(screen.getByRole("button", { name: "Add Task/Event" }));
    expect(onAdd).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole("button", { name: "Upload File" }));
    expect(onUpload).toHaveBeenCalledOnce();
  });
});
