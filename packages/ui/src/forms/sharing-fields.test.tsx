// issue 23: Share with household and Assigned To: private by default with Assigned To held at
// Myself, a member chosen once shared, unsharing gives the record back to its owner, and another
// member's record shows its sharing without a way to change it.
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { axeViolations } from "../test/axe";
import { type SharingChoice, SharingFields } from "./sharing-fields";

const MEMBERS = [
  { id: 2, name: "Grace Hopper" },
  { id: 3, name: "Linus Pauling" },
];

/** The fields as a form holds them, reporting each change. */
function Held({ onChange }: { onChange: (value: SharingChoice) => void }) {
  const [value, setValue] = useState<SharingChoice>({ shared: false, assigneeId: null });
  return (
    <SharingFields
      members={MEMBERS}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe("sharing a record", () => {
  it("starts private, assigns only once shared, and unsharing gives it back to its owner", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn<(value: SharingChoice) => void>();
    render(
      <main>
        <Held onChange={onChange} />
      </main>,
    );
    const share = screen.getByRole("checkbox", { name: "Share with household" });
    const assigned = screen.getByLabelText("Assigned To");
    expect(share).not.toBeChecked();
    expect(assigned).toBeDisabled();
    expect(assigned).toHaveDisplayValue("Myself");
    expect(share).toHaveAccessibleDescription(/Only you see it/);

    await user.click(share);
    expect(assigned).toBeEnabled();
    await user.selectOptions(assigned, "Linus Pauling");
    expect(onChange).toHaveBeenLastCalledWith({ shared: true, assigneeId: 3 });
    expect(share).toHaveAccessibleDescription(/Everyone in your household sees it/);

    await user.click(share);
    expect(onChange).toHaveBeenLastCalledWith({ shared: false, assigneeId: null });
    expect(assigned).toHaveDisplayValue("Myself");
    expect(await axeViolations()).toEqual([]);
  });

  it("shows another member's record as they share it, without a way to change it", async () => {
    render(
      <main>
        <SharingFields
          members={[{ id: 1, name: "Ada Lovelace" }]}
          value={{ shared: true, assigneeId: 4 }}
          onChange={() => undefined}
          ownerName="Ada Lovelace"
          myId={4}
        />
      </main>,
    );
    expect(screen.getByRole("checkbox", { name: "Share with household" })).toBeDisabled();
    expect(screen.getByLabelText("Assigned To")).toBeDisabled();
    expect(screen.getByLabelText("Assigned To")).toHaveDisplayValue("Myself");
    expect(
      screen.getByText(/Ada Lovelace shares this with the household; only they can change/),
    ).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });
});
