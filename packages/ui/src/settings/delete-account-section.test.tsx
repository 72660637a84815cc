// issue 22: Settings' "Delete account": what goes, the button enabled only by the account's email
// typed (as the API reads it: spaces around, any case), its busy state, and a refusal's banner with
// what was typed still there.
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { axeViolations } from "../test/axe";
import {
  DELETE_ACCOUNT_BUSY_TEXT,
  DELETE_ACCOUNT_LABEL,
  DeleteAccountSection,
  deleteConfirmationLabel,
} from "./delete-account-section";

const EMAIL = "ada@example.test";

describe("DeleteAccountSection", () => {
  it("says plainly what goes, and suggests downloading the data first", async () => {
    render(<DeleteAccountSection email={EMAIL} onDelete={vi.fn()} />);
    expect(screen.getByRole("heading", { name: "Delete account" })).toBeInTheDocument();
    const button = screen.getByRole("button", { name: DELETE_ACCOUNT_LABEL });
    for (const what of [
      "tasks",
      "subscriptions",
      "documents",
      "every device signed in",
      "calendar feed",
      "cannot be undone",
    ]) {
      expect(button).toHaveAccessibleDescription(new RegExp(what));
    }
    expect(screen.getByText(/download your data first \(Your data, above\)/)).toBeVisible();
    expect(await axeViolations()).toEqual([]);
  });

  it("is enabled only once the account's email is typed, and deletes with what was typed", async () => {
    const onDelete = vi.fn();
    render(<DeleteAccountSection email={EMAIL} onDelete={onDelete} />);
    const field = screen.getByLabelText(deleteConfirmationLabel(EMAIL));
    const button = screen.getByRole("button", { name: DELETE_ACCOUNT_LABEL });
    expect(button).toHaveAttribute("aria-disabled", "true");

    await userEvent.type(field, "ada@example.tes");
    expect(button).toHaveAttribute("aria-disabled", "true");
    await userEvent.type(field, "{Enter}");
    expect(onDelete).not.toHaveBeenCalled();
    await userEvent.clear(field);
    await userEvent.type(field, " Ada@Example.test ");
    expect(button).not.toHaveAttribute("aria-disabled");
    await userEvent.click(button);
    // An email field's value comes without the spaces around it; the API trims them too.
    expect(onDelete).toHaveBeenCalledExactlyOnceWith("Ada@Example.test");
  });

  it("cannot be pressed again while the account is being deleted", async () => {
    const onDelete = vi.fn();
    const { rerender } = render(<DeleteAccountSection email={EMAIL} onDelete={onDelete} />);
    await userEvent.type(screen.getByLabelText(deleteConfirmationLabel(EMAIL)), EMAIL);
    rerender(<DeleteAccountSection email={EMAIL} onDelete={onDelete} busy />);
    const button = screen.getByRole("button", { name: DELETE_ACCOUNT_BUSY_TEXT });
    expect(button).toHaveAttribute("aria-disabled", "true");
    expect(button).toHaveAttribute("aria-busy", "true");
    await userEvent.click(button);
    expect(onDelete).not.toHaveBeenCalled();
  });

  it("says why the account was not deleted and keeps what was typed, to try again", async () => {
    const onDelete = vi.fn();
    const { rerender } = render(<DeleteAccountSection email={EMAIL} onDelete={onDelete} />);
    const field = screen.getByLabelText(deleteConfirmationLabel(EMAIL));
    await userEvent.type(field, EMAIL);
    rerender(
      <DeleteAccountSection
        email={EMAIL}
        onDelete={onDelete}
        error="The database cannot be reached"
      />,
    );
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Your account was not deleted: The database cannot be reached",
    );
    expect(field).toHaveValue(EMAIL);
    await userEvent.click(screen.getByRole("button", { name: DELETE_ACCOUNT_LABEL }));
    expect(onDelete).toHaveBeenCalledExactlyOnceWith(EMAIL);
  });
});
