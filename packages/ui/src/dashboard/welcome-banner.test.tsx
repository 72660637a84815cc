import { render, screen } from "@testing-library/react";
import { createRef } from "react";
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

  it("hands its greeting to headingRef, to be focused by the app but not reached with Tab", () => {
    const heading = createRef<HTMLHeadingElement>();
    render(<WelcomeBanner user={null} onAdd={noop} onUpload={noop} headingRef={heading} />);
    const greeting = screen.getByRole("heading", { level: 1, name: "Good Morning, Guest" });
    expect(heading.current).toBe(greeting);
    heading.current?.focus();
    expect(greeting).toHaveFocus();
    expect(greeting).toHaveAttribute("tabindex", "-1");
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
