import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { BoundField } from "./form-bindings";
import { ChoiceField, DateField, ItemNameField } from "./item-fields";

function bound(name: string, error?: string): BoundField {
  return {
    binding: { name, onChange: () => 0, onBlur: () => 0, ref: () => undefined },
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
