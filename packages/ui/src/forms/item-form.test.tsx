import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { plainBindings } from "../test/bindings";
import { SubscriptionForm, type SubscriptionFieldName } from "./subscription-form";
import { TaskForm, type TaskFieldName } from "./task-form";

const plain = plainBindings;

function submission(overrides: { busy?: boolean; editing?: boolean; onDelete?: () => void } = {}) {
  return {
    busy: false,
    onSubmit: vi.fn((event: { preventDefault: () => void }) => {
      event.preventDefault();
    }),
    onCancel: vi.fn(),
    // An edit form has its owner's Delete unless a test says otherwise.
    editing: overrides.onDelete !== undefined,
    ...overrides,
  };
}

const FREQUENCY = {
  name: "frequency",
  value: "Monthly" as const,
  onChange: vi.fn(),
  onBlur: vi.fn(),
};

describe("the Add forms in edit mode (issue 18)", () => {
  it("makes the task form 'Edit task', prefilled, with Save changes and Delete task", async () => {
    const onDelete = vi.fn();
    const form = submission({ onDelete });
    render(
      <TaskForm
        fields={plain<TaskFieldName>({
          title: "Renew passport",
          due_date: "2026-11-23",
          time: "14:30",
        })}
        priority="High"
        frequency="Daily"
        interval="1"
        {...form}
      />,
    );
    const edit = within(screen.getByRole("form", { name: "Edit task" }));
    expect(edit.getByLabelText("Task Title")).toHaveValue("Renew passport");
    expect(edit.getByLabelText("Due Date")).toHaveValue("2026-11-23");
    expect(edit.getByLabelText("Time")).toHaveValue("14:30");
    // A task without a time is an all-day task (README), not one due at 00:00.
    expect(edit.getByLabelText("Time")).toHaveAccessibleDescription(/leave empty for all day/);
    await userEvent.click(edit.getByRole("button", { name: "Save changes" }));
    expect(form.onSubmit).toHaveBeenCalledOnce();
    await userEvent.click(edit.getByRole("button", { name: "Delete task" }));
    expect(onDelete).toHaveBeenCalledOnce();
    expect(edit.queryByRole("button", { name: "Save and add to calendar" })).toBeNull();
  });

  it("reads Saving... while saving, with Delete held back meanwhile", () => {
    render(
      <TaskForm
        fields={plain()}
        priority="Medium"
        frequency="Daily"
        interval="1"
        {...submission({ busy: true, onDelete: vi.fn() })}
      />,
    );
    expect(screen.getByRole("button", { name: "Saving..." })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
    expect(screen.getByRole("button", { name: "Delete task" })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
  });

  it("offers Once among the task's frequencies (decisions D9)", () => {
    render(
      <TaskForm
        fields={plain()}
        priority="Medium"
        frequency="Daily"
        interval="1"
        {...submission()}
      />,
    );
    const options = within(screen.getByLabelText("Frequency")).getAllByRole("option");
    expect(options.map((option) => option.textContent)).toEqual([
      "Once",
      "Daily",
      "Weekly",
      "Monthly",
      "Yearly",
    ]);
  });

  it("keeps the add form as it was: 'Add a task', no Delete", () => {
    render(
      <TaskForm
        fields={plain()}
        priority="Medium"
        frequency="Daily"
        interval="1"
        {...submission()}
      />,
    );
    const add = within(screen.getByRole("form", { name: "Add a task" }));
    expect(add.getByRole("button", { name: "Save and add to calendar" })).toBeInTheDocument();
    expect(add.queryByRole("button", { name: /Delete/ })).toBeNull();
  });

  it("makes the subscription form 'Edit subscription' with its own priority and Delete subscription", async () => {
    const onDelete = vi.fn();
    render(
      <SubscriptionForm
        fields={plain<SubscriptionFieldName>({ name: "Netflix" })}
        frequency={FREQUENCY}
        interval="1"
        priority="High"
        currencySymbol="€"
        {...submission({ onDelete })}
      />,
    );
    const edit = within(screen.getByRole("form", { name: "Edit subscription" }));
    expect(edit.getByLabelText("Subscription Name")).toHaveValue("Netflix");
    expect(edit.getByText("High Priority")).toBeInTheDocument();
    expect(edit.getByLabelText("Cost")).toHaveAccessibleDescription("€");
    expect(edit.getByRole("button", { name: "Save changes" })).toBeInTheDocument();
    await userEvent.click(edit.getByRole("button", { name: "Delete subscription" }));
    expect(onDelete).toHaveBeenCalledOnce();
  });

  it("edits another member's shared record as an edit, without Delete (issue 23)", () => {
    render(
      <TaskForm
        fields={plain<TaskFieldName>({ title: "Book the boiler service" })}
        priority="Medium"
        frequency="Daily"
        interval="1"
        onDownload={vi.fn()}
        {...submission({ editing: true })}
      />,
    );
    const edit = within(screen.getByRole("form", { name: "Edit task" }));
    expect(edit.getByRole("button", { name: "Save changes" })).toBeInTheDocument();
    expect(edit.getByRole("button", { name: "Download .ics" })).toBeInTheDocument();
    expect(edit.queryByRole("button", { name: "Save and add to calendar" })).toBeNull();
    expect(edit.queryByRole("button", { name: /Delete/ })).toBeNull();
  });
});
