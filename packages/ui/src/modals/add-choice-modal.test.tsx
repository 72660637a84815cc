import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { axeViolations } from "../test/axe";
import { AddChoiceModal } from "./add-choice-modal";

function renderOpen() {
  const callbacks = { onClose: vi.fn(), onAddTask: vi.fn(), onUploadFile: vi.fn() };
  render(<AddChoiceModal open {...callbacks} />);
  return callbacks;
}

describe("AddChoiceModal", () => {
  it("asks 'What would you like to add?'", () => {
    renderOpen();
    expect(screen.getByRole("dialog", { name: "What would you like to add?" })).toBeInTheDocument();
  });

  it("offers Add Task and Upload File, each with its subtext", () => {
    renderOpen();
    expect(
      screen.getByRole("button", { name: "Add Task Create a task with due date and priority" }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole("button", {
        name: "Upload File Upload PNG, image or document for processing",
      }),
    ).toBeInTheDocument();
  });

  it("calls back from each option", async () => {
    const { onAddTask, onUploadFile } = renderOpen();
    await userEvent.click(screen.getByRole("button", { name: /^Add Task/ }));
    expect(onAddTask).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole("button", { name: /^Upload File/ }));
    expect(onUploadFile).toHaveBeenCalledOnce();
  });

  it("closes from its close button and from the overlay", async () => {
    const { onClose } = renderOpen();
    await userEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(onClose).toHaveBeenCalledTimes(1);
    const overlay = document.querySelector("[data-modal-overlay]");
    if (!overlay) throw new Error("no overlay");
    await userEvent.click(overlay);
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it("renders nothing while closed", () => {
    render(
      <AddChoiceModal open={false} onClose={vi.fn()} onAddTask={vi.fn()} onUploadFile={vi.fn()} />,
    );
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("has no accessibility violations", async () => {
    renderOpen();
    expect(await axeViolations()).toEqual([]);
  });
});
