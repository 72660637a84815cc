import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { plainBindings } from "../test/bindings";
import { SubscriptionForm, type SubscriptionFieldName } from "./subscription-form";

const fields = plainBindings<SubscriptionFieldName>();

describe("the subscription form, heard", () => {
  it("says of its second Frequency that it is the first one again (spec 2 shows it twice)", () => {
    render(
      <SubscriptionForm
        fields={fields}
        frequency={{ name: "frequency", value: "Monthly", onChange: vi.fn(), onBlur: vi.fn() }}
        interval="1"
        currencySymbol="$"
        busy={false}
        onSubmit={vi.fn()}
        onCancel={vi.fn()}
      />,
    );
    const [first, second] = screen.getAllByRole("combobox", { name: "Frequency" });
    expect(first).not.toHaveAccessibleDescription();
    expect(second).toHaveAccessibleDescription(
      "The same as the Frequency above: changing either changes both.",
    );
  });
});

describe("the subscription form's Repeat every (decisions D9)", () => {
  it("asks 'Repeat every [3] months' after the Frequency beside the cost, in the unit chosen", () => {
    const frequency = { name: "frequency", onChange: vi.fn(), onBlur: vi.fn() };
    const form = (value: "Monthly" | "Yearly", interval: string) => (
      <SubscriptionForm
        fields={{
          ...fields,
          bind: (name) => ({ ...fields.bind(name), defaultValue: name === "interval" ? "3" : "" }),
        }}
        frequency={{ ...frequency, value }}
        interval={interval}
        currencySymbol="$"
        busy={false}
        onSubmit={vi.fn()}
        onCancel={vi.fn()}
      />
    );
    const { rerender } = render(form("Monthly", "3"));
    const repeat = screen.getByRole("spinbutton", { name: "Repeat every" });
    expect(repeat).toHaveValue(3);
    expect(repeat).toHaveAccessibleDescription("months");
    const [, second] = screen.getAllByRole("combobox", { name: "Frequency" });
    expect(second?.compareDocumentPosition(repeat)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);

    rerender(form("Yearly", "1"));
    expect(screen.getByRole("spinbutton", { name: "Repeat every" })).toHaveAccessibleDescription(
      "year",
    );
  });

  it("says the whole schedule beside the cost, so the cost reads as each renewal's", () => {
    const frequency = {
      name: "frequency",
      onChange: vi.fn(),
      onBlur: vi.fn(),
      value: "Monthly" as const,
    };
    const form = (interval: string) => (
      <SubscriptionForm
        fields={fields}
        frequency={frequency}
        interval={interval}
        currencySymbol="$"
        busy={false}
        onSubmit={vi.fn()}
        onCancel={vi.fn()}
      />
    );
    const shown = () =>
      screen
        .getAllByRole("combobox", { name: "Frequency" })
        .map((select) => (select as HTMLSelectElement).selectedOptions[0]?.textContent);
    const { rerender } = render(form("3"));
    expect(shown()).toEqual(["Monthly", "Every 3 months"]);
    // Until Repeat every holds a number it takes, the frequency alone.
    rerender(form("0"));
    expect(shown()).toEqual(["Monthly", "Monthly"]);
  });
});
