import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { FormBindings } from "./form-bindings";
import { SubscriptionForm, type SubscriptionFieldName } from "./subscription-form";

const fields: FormBindings<SubscriptionFieldName> = {
  bind: (name) => ({
    name,
    defaultValue: "",
    onChange: () => undefined,
    onBlur: () => undefined,
    ref: () => undefined,
  }),
  error: () => undefined,
};

describe("the subscription form, heard", () => {
  it("says of its second Frequency that it is the first one again (spec 2 shows it twice)", () => {
    render(
      <SubscriptionForm
        fields={fields}
        frequency={{ name: "frequency", value: "Monthly", onChange: vi.fn(), onBlur: vi.fn() }}
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
