import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { BoundField } from "./form-bindings";
import { ChoiceField, DateField, ItemNameField, RepeatEveryField } from "./item-fields";

function bound(name: string, error?: string, defaultValue?: string): BoundField {
  return {
    binding: { name, defaultValue, onChange: () => 0, onBlur: () => 0, ref: () => undefined },
    error,
  };
}

describe("the fields both Add forms draw", () => {
  it("asks for the item's name by its field's name, required and never autofilled", () => {
    render(<ItemNameField label="Task Title" placeholder="eg Renew" field={bound("title")} />);
    const input = screen.getByRole("textbox", { name: "Task Title" });
    expect(input).toHaveAttribute("name", "title");
    expect(input).toHaveAttribute("placeholder", "eg Renew");
    expect(input).toHaveAttribute("autocomplete", "off");
    expect(input).toBeRequired();
  });

  it("shows a date's message beside it and marks the date invalid", () => {
    render(<DateField label="Due Date" field={bound("due_date", "Due date is required")} />);
    const input = screen.getByLabelText("Due Date");
    expect(input).toHaveAttribute("type", "date");
    expect(input).toBeInvalid();
    expect(input).toHaveAccessibleDescription("Due date is required");
  });

  it("offers a choice's options with what its label has beside it", () => {
    render(
      <ChoiceField
        label="Priority"
        aside={<span>High Priority</span>}
        options={["Low", "High"]}
        field={bound("priority")}
      />,
    );
    const select = screen.getByRole("combobox", { name: "Priority" });
    expect(select).toHaveAttribute("name", "priority");
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual([
      "Low",
      "High",
    ]);
    expect(screen.getByText("High Priority")).toBeVisible();
  });
});

describe("Repeat every (decisions D9)", () => {
  it("asks for a whole number from 1 to 99 on a number pad, named 'Repeat every'", () => {
    render(
      <RepeatEveryField
        frequency="Weekly"
        interval="2"
        field={bound("interval", undefined, "2")}
      />,
    );
    const input = screen.getByRole("spinbutton", { name: "Repeat every" });
    expect(input).toHaveValue(2);
    expect(input).toHaveAttribute("name", "interval");
    expect(input).toHaveAttribute("inputmode", "numeric");
    expect(input).toHaveAttribute("min", "1");
    expect(input).toHaveAttribute("max", "99");
    expect(input).toBeRequired();
  });

  it.each([
    ["Daily", "1", "day"],
    ["Daily", "3", "days"],
    ["Weekly", "1", "week"],
    ["Weekly", "2", "weeks"],
    ["Monthly", "1", "month"],
    ["Monthly", "3", "months"],
    ["Yearly", "1", "year"],
    ["Yearly", "10", "years"],
  ] as const)("says %s every %s as '%s' after the number, seen and heard", (frequency, n, unit) => {
    render(<RepeatEveryField frequency={frequency} interval={n} field={bound("interval")} />);
    expect(screen.getByText(unit)).toBeVisible();
    expect(screen.getByRole("spinbutton", { name: "Repeat every" })).toHaveAccessibleDescription(
      unit,
    );
  });

  it("shows its message after the unit and marks the number invalid", () => {
    render(
      <RepeatEveryField
        frequency="Monthly"
        interval="0"
        field={bound("interval", "Repeat every must be at least 1")}
      />,
    );
    const input = screen.getByRole("spinbutton", { name: "Repeat every" });
    expect(input).toBeInvalid();
    expect(input).toHaveAccessibleDescription("months Repeat every must be at least 1");
    expect(screen.getByText("Repeat every must be at least 1")).toBeVisible();
  });
});
