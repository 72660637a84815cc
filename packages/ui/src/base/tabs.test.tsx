import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { Tabs } from "./tabs";

function Harness({ onChange }: { onChange: (value: string) => void }) {
  const [value, setValue] = useState<"task" | "subscription">("task");
  return (
    <Tabs
      label="What to add"
      value={value}
      onValueChange={(next) => {
        onChange(next);
        setValue(next);
      }}
      items={[
        { value: "task", label: "Task", content: <p>Task form</p> },
        { value: "subscription", label: "Subscription", content: <p>Subscription form</p> },
      ]}
    />
  );
}

describe("Tabs", () => {
  it("shows the selected tab's panel, labelled by its tab", () => {
    render(<Harness onChange={vi.fn()} />);
    expect(screen.getByRole("tablist", { name: "What to add" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Task" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tabpanel", { name: "Task" })).toHaveTextContent("Task form");
    expect(screen.queryByText("Subscription form")).not.toBeInTheDocument();
  });

  it("switches by click and reports the new value", async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await userEvent.click(screen.getByRole("tab", { name: "Subscription" }));
    expect(onChange).toHaveBeenCalledWith("subscription");
    expect(screen.getByRole("tabpanel", { name: "Subscription" })).toHaveTextContent(
      "Subscription form",
    );
  });

  it("switches with the arrow keys", async () => {
    const user = userEvent.setup();
    render(<Harness onChange={vi.fn()} />);
    await user.tab();
    expect(screen.getByRole("tab", { name: "Task" })).toHaveFocus();
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("tab", { name: "Subscription" })).toHaveFocus();
    expect(screen.getByRole("tab", { name: "Subscription" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
  });
});
