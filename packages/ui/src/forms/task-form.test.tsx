import type { TaskFrequency } from "@life-admin/domain";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { plainBindings } from "../test/bindings";
import { TaskForm, type TaskFieldName } from "./task-form";

/** The form's controls starting from `values`, with `errors` beside them. */
const plain = (
  values: Partial<Record<TaskFieldName, string>> = {},
  errors: Partial<Record<TaskFieldName, string>> = {},
) => plainBindings(values, errors);

function renderForm(frequency: TaskFrequency, interval: string, fields = plain({ interval })) {
  render(
    <TaskForm
      fields={fields}
      priority="Medium"
      frequency={frequency}
      interval={interval}
      busy={false}
      onSubmit={vi.fn()}
      onCancel={vi.fn()}
    />,
  );
  return within(screen.getByRole("form", { name: "Add a task" }));
}

describe("the task form's Repeat every (decisions D9)", () => {
  it("asks 'Repeat every [2] weeks' for a weekly task", () => {
    const form = renderForm("Weekly", "2");
    const repeat = form.getByRole("spinbutton", { name: "Repeat every" });
    expect(repeat).toHaveValue(2);
    expect(repeat).toHaveAccessibleDescription("weeks");
  });

  it("has no Repeat every for a task that happens once", () => {
    const form = renderForm("Once", "1");
    expect(form.getByLabelText("Frequency")).toBeInTheDocument();
    expect(form.queryByRole("spinbutton", { name: "Repeat every" })).not.toBeInTheDocument();
    expect(form.queryByText(/^(day|week|month|year)s?$/)).not.toBeInTheDocument();
  });

  it("comes after Frequency and before Repeat until and Priority by keyboard", async () => {
    const form = renderForm("Monthly", "1");
    form.getByLabelText("Frequency").focus();
    await userEvent.tab();
    expect(form.getByRole("spinbutton", { name: "Repeat every" })).toHaveFocus();
    await userEvent.tab();
    expect(form.getByLabelText("Repeat until")).toHaveFocus();
    await userEvent.tab();
    expect(form.getByLabelText("Priority")).toHaveFocus();
  });

  it("shows the domain's message beside it when the number is out of range", () => {
    const form = renderForm(
      "Daily",
      "100",
      plain({ interval: "100" }, { interval: "Repeat every must be at most 99" }),
    );
    const repeat = form.getByRole("spinbutton", { name: "Repeat every" });
    expect(repeat).toBeInvalid();
    expect(repeat).toHaveAccessibleDescription("days Repeat every must be at most 99");
  });
});

describe("the task form's Undo and Skip beside the date (decisions D9)", () => {
  const renderEdit = (props: Partial<Parameters<typeof TaskForm>[0]>) => {
    render(
      <TaskForm
        fields={plain({ interval: "1" })}
        priority="Medium"
        frequency="Weekly"
        interval="1"
        busy={false}
        onSubmit={vi.fn()}
        onCancel={vi.fn()}
        editing
        {...props}
      />,
    );
    return within(screen.getByRole("form", { name: "Edit task" }));
  };

  it.each([
    ["done", "It moved on to this date when it was last marked done.", "Undo last completion"],
    ["skipped", "It moved on to this date when it was last skipped.", "Undo last skip"],
    [
      "unknown",
      "It moved on to this date when it was last marked done or skipped.",
      "Undo last completion or skip",
    ],
  ] as const)(
    "says what moved it on (%s) and names its Undo after it",
    async (lastMove, note, label) => {
      const onUndoDone = vi.fn();
      const onSkip = vi.fn();
      const form = renderEdit({ onUndoDone, lastMove, onSkip });
      expect(form.getByText(note)).toBeVisible();
      await userEvent.click(form.getByRole("button", { name: label }));
      expect(onUndoDone).toHaveBeenCalledOnce();
      expect(onSkip).not.toHaveBeenCalled();
    },
  );

  it("says an ended series has ended and how to open it again, with the same Undo", async () => {
    const onUndoDone = vi.fn();
    const form = renderEdit({ onUndoDone, lastMove: "skipped", ended: "12/9/2026" });
    expect(
      form.getByText("Its series has ended. A Repeat until on or after 12/9/2026 opens it again."),
    ).toBeVisible();
    expect(form.queryByText(/moved on to this date/)).not.toBeInTheDocument();
    await userEvent.click(form.getByRole("button", { name: "Undo last skip" }));
    expect(onUndoDone).toHaveBeenCalledOnce();
  });

  it("says so of a series an edit ended, with no Undo to offer", () => {
    const form = renderEdit({ ended: "12/9/2026" });
    expect(form.getByText(/^Its series has ended\./)).toBeVisible();
    expect(form.queryByRole("button", { name: /Undo/ })).not.toBeInTheDocument();
  });

  it("offers Skip this time without an Undo too, after the date and before Frequency", async () => {
    const onSkip = vi.fn();
    const form = renderEdit({ onSkip });
    expect(form.queryByText(/moved on to this date/)).not.toBeInTheDocument();
    form.getByLabelText("Time").focus();
    await userEvent.tab();
    const skip = form.getByRole("button", { name: "Skip this time" });
    expect(skip).toHaveFocus();
    await userEvent.tab();
    expect(form.getByLabelText("Frequency")).toHaveFocus();
    await userEvent.click(skip);
    expect(onSkip).toHaveBeenCalledOnce();
  });

  it("puts Skip this time after the Undo, in the same note", async () => {
    const form = renderEdit({ onUndoDone: vi.fn(), lastMove: "done", onSkip: vi.fn() });
    const undo = form.getByRole("button", { name: "Undo last completion" });
    const skip = form.getByRole("button", { name: "Skip this time" });
    expect(undo.parentElement).toBe(skip.parentElement);
    undo.focus();
    await userEvent.tab();
    expect(skip).toHaveFocus();
  });

  it("offers neither when not given them (a task that happens once, or an add form)", () => {
    const form = renderEdit({});
    expect(form.queryByRole("button", { name: /Skip|Undo/ })).not.toBeInTheDocument();
  });
});

describe("the task form's Repeat until (decisions D9)", () => {
  it("offers an optional end date for a recurring task, saying what empty means", () => {
    const form = renderForm("Weekly", "1", plain({ interval: "1", repeat_until: "2027-03-31" }));
    const until = form.getByLabelText("Repeat until");
    expect(until).toHaveAttribute("type", "date");
    expect(until).toHaveValue("2027-03-31");
    expect(until).not.toBeRequired();
    expect(until).toHaveAccessibleDescription("Optional: leave empty to repeat with no end");
  });

  it("has none for a task that happens once", () => {
    const form = renderForm("Once", "1");
    expect(form.queryByLabelText("Repeat until")).not.toBeInTheDocument();
  });

  it("shows why an end cannot stand beside it", () => {
    const message = "Repeat until must be on or after the due date";
    const form = renderForm(
      "Daily",
      "1",
      plain({ interval: "1", repeat_until: "2026-01-01" }, { repeat_until: message }),
    );
    const until = form.getByLabelText("Repeat until");
    expect(until).toBeInvalid();
    expect(until).toHaveAccessibleDescription(expect.stringContaining(message));
  });
});
