import { FREQUENCIES } from "@life-admin/domain";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useForm } from "react-hook-form";
import { describe, expect, it, vi } from "vitest";
import { MoneyInput, Select, TextArea, TextInput } from "./controls";
import { Field } from "./field";

describe("Field's flag (issue 21)", () => {
  it("asks the person to check a value filled in for them, as part of the control's description", () => {
    render(
      <Field label="Cost" hint="In pounds" flag="Read from bill.pdf: check it">
        {(control) => <TextInput {...control} />}
      </Field>,
    );
    expect(screen.getByLabelText("Cost")).toHaveAccessibleDescription(
      "In pounds Read from bill.pdf: check it",
    );
    expect(screen.getByLabelText("Cost")).not.toHaveAttribute("aria-invalid");
  });
});

describe("Field", () => {
  it("labels its control", () => {
    render(<Field label="Task Title">{(control) => <TextInput {...control} />}</Field>);
    expect(screen.getByLabelText("Task Title")).toBeInstanceOf(HTMLInputElement);
  });

  it("shows its error, describes the control with it and marks the control invalid", () => {
    render(
      <Field label="Task Title" error="Task title is required">
        {(control) => <TextInput {...control} />}
      </Field>,
    );
    const input = screen.getByLabelText("Task Title");
    expect(screen.getByText("Task title is required")).toBeVisible();
    expect(input).toBeInvalid();
    expect(input).toHaveAccessibleDescription("Task title is required");
  });

  it("describes the control with its hint and leaves it valid without an error", () => {
    render(
      <Field label="Cancelation link" hint="Paste the page where you cancel">
        {(control) => <TextInput {...control} />}
      </Field>,
    );
    const input = screen.getByLabelText("Cancelation link");
    expect(input).toBeValid();
    expect(input).not.toHaveAttribute("aria-invalid");
    expect(input).toHaveAccessibleDescription("Paste the page where you cancel");
  });

  it("shows what is beside the label", () => {
    render(
      <Field label="Priority" aside={<span>Medium Priority</span>}>
        {(control) => <Select {...control} options={["Low", "Medium", "High"]} />}
      </Field>,
    );
    expect(screen.getByText("Medium Priority")).toBeInTheDocument();
    expect(screen.getByLabelText("Priority")).toHaveValue("Low");
  });
});

describe("MoneyInput", () => {
  it("is a text field with a decimal keypad and the currency's sign before it", () => {
    render(
      <Field label="Cost">{(control) => <MoneyInput {...control} currencySymbol="£" />}</Field>,
    );
    const input = screen.getByLabelText("Cost");
    expect(input).toHaveAttribute("type", "text");
    expect(input).toHaveAttribute("inputmode", "decimal");
    expect(screen.getByText("£")).toBeVisible();
    expect(input).toHaveAccessibleDescription("£");
  });

  it("keeps the field's error in its description beside the currency", () => {
    render(
      <Field label="Cost" error="Cost cannot be negative">
        {(control) => <MoneyInput {...control} currencySymbol="£" />}
      </Field>,
    );
    expect(screen.getByLabelText("Cost")).toHaveAccessibleDescription("£ Cost cannot be negative");
  });
});

describe("Select", () => {
  it("offers plain and labelled options", () => {
    render(
      <Field label="Assigned To">
        {(control) => <Select {...control} options={[{ value: "me", label: "Myself" }]} />}
      </Field>,
    );
    expect(screen.getByRole("option", { name: "Myself" })).toHaveValue("me");
  });
});

interface ExampleValues {
  title: string;
  frequency: string;
  cost: number;
  notes: string;
}

/** A react-hook-form form made of the pieces, as the web app builds its forms. */
function ExampleForm({ onValid }: { onValid: (values: ExampleValues) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ExampleValues>({ defaultValues: { frequency: "Daily", notes: "" } });
  return (
    <form
      noValidate
      onSubmit={(event) => {
        void handleSubmit(onValid)(event);
      }}
    >
      <Field label="Task Title" error={errors.title?.message}>
        {(control) => (
          <TextInput {...control} {...register("title", { required: "Task title is required" })} />
        )}
      </Field>
      <Field label="Frequency">
        {(control) => <Select {...control} options={FREQUENCIES} {...register("frequency")} />}
      </Field>
      <Field label="Cost" error={errors.cost?.message}>
        {(control) => (
          <MoneyInput
            {...control}
            currencySymbol="$"
            {...register("cost", { required: "Cost is required", valueAsNumber: true })}
          />
        )}
      </Field>
      <Field label="Notes (Optional)">
        {(control) => <TextArea {...control} {...register("notes")} />}
      </Field>
      <button type="submit">Submit</button>
    </form>
  );
}

describe("the controls with react-hook-form", () => {
  it("show the form's messages beside the fields when required values are missing", async () => {
    const onValid = vi.fn();
    render(<ExampleForm onValid={onValid} />);
    await userEvent.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByText("Task title is required")).toBeVisible();
    expect(screen.getByLabelText("Task Title")).toBeInvalid();
    expect(onValid).not.toHaveBeenCalled();
  });

  it("hand every registered value to the form through their refs", async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    render(<ExampleForm onValid={onValid} />);
    await user.type(screen.getByLabelText("Task Title"), "Pay rent");
    await user.selectOptions(screen.getByLabelText("Frequency"), "Monthly");
    await user.type(screen.getByLabelText("Cost"), "9.99");
    await user.type(screen.getByLabelText("Notes (Optional)"), "Before the 1st");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(onValid).toHaveBeenCalledOnce();
    expect(onValid.mock.calls[0]?.[0]).toEqual({
      title: "Pay rent",
      frequency: "Monthly",
      cost: 9.99,
      notes: "Before the 1st",
    });
  });
});
