import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { axeViolations } from "../test/axe";
import { LOCALE } from "../test/fixtures";
import { ProfileSection, type ProfileSectionProps } from "./profile-section";

const USER: ProfileSectionProps["user"] = {
  full_name: "Ada Lovelace",
  currency: "GBP",
  currency_chosen: false,
  time_zone: "Europe/London",
  time_zone_chosen: false,
};

function renderSection(props: Partial<ProfileSectionProps> = {}) {
  const onSave = vi.fn();
  const view = render(<ProfileSection user={USER} locale={LOCALE} onSave={onSave} {...props} />);
  return { onSave, view };
}

const save = () => screen.getByRole("button", { name: "Save profile" });

describe("ProfileSection", () => {
  it("shows the person's name, currency and time zone, selected", () => {
    renderSection();
    expect(screen.getByRole("textbox", { name: "Name" })).toHaveValue("Ada Lovelace");
    expect(screen.getByRole("combobox", { name: "Currency" })).toHaveDisplayValue(
      "GBP: British Pound",
    );
    expect(screen.getByRole("combobox", { name: "Time zone" })).toHaveValue("Europe/London");
    // Nothing changed yet: nothing to save.
    expect(save()).toHaveAttribute("aria-disabled", "true");
  });

  it("says what the time zone decides, quoting as the rest of the app does (“ ”)", () => {
    renderSection();
    expect(screen.getByRole("combobox", { name: "Time zone" })).toHaveAccessibleDescription(
      /^Your “today” and your reminder mornings follow it\./,
    );
  });

  it("offers every currency and time zone the runtime knows, with their names", () => {
    renderSection();
    const currency = screen.getByRole("combobox", { name: "Currency" });
    expect(currency.querySelectorAll("option")).toHaveLength(
      Intl.supportedValuesOf("currency").length,
    );
    expect(screen.getByRole("option", { name: "JPY: Japanese Yen" })).toHaveValue("JPY");
    expect(screen.getByRole("option", { name: "America/New York" })).toHaveValue(
      "America/New_York",
    );
  });

  it("keeps a time zone the runtime does not list (UTC) among the choices, selected", () => {
    renderSection({ user: { ...USER, time_zone: "UTC" } });
    expect(screen.getByRole("combobox", { name: "Time zone" })).toHaveValue("UTC");
  });

  it("saves only what changed, a picked time zone marked as chosen", async () => {
    const { onSave } = renderSection();
    await userEvent.clear(screen.getByRole("textbox", { name: "Name" }));
    await userEvent.type(screen.getByRole("textbox", { name: "Name" }), "Countess");
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Currency" }), "EUR");
    await userEvent.selectOptions(
      screen.getByRole("combobox", { name: "Time zone" }),
      "Asia/Tokyo",
    );
    await userEvent.click(save());
    expect(onSave).toHaveBeenCalledExactlyOnceWith({
      full_name: "Countess",
      currency: "EUR",
      time_zone: "Asia/Tokyo",
      time_zone_chosen: true,
    });
  });

  it("saves the currency alone when only it changed, with Enter in the name too", async () => {
    const { onSave } = renderSection();
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Currency" }), "JPY");
    await userEvent.type(screen.getByRole("textbox", { name: "Name" }), "{Enter}");
    expect(onSave).toHaveBeenCalledExactlyOnceWith({ currency: "JPY" });
  });

  it("says Saved once the saved user is what the fields hold", () => {
    const { view } = renderSection();
    view.rerender(
      <ProfileSection user={USER} locale={LOCALE} onSave={vi.fn()} saved saving={false} />,
    );
    expect(screen.getByRole("status")).toHaveTextContent("Saved.");
  });

  it("keeps what the person typed when the save is refused, with the reason", async () => {
    const { view } = renderSection();
    const name = screen.getByRole("textbox", { name: "Name" });
    await userEvent.clear(name);
    await userEvent.type(name, "   ");
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Currency" }), "EUR");
    view.rerender(
      <ProfileSection
        user={USER}
        locale={LOCALE}
        onSave={vi.fn()}
        nameError="Name is required"
        error="Name is required"
      />,
    );
    expect(name).toHaveValue("   ");
    expect(name).toHaveAccessibleDescription(/Name is required/);
    expect(name).toBeInvalid();
    expect(screen.getByRole("combobox", { name: "Currency" })).toHaveValue("EUR");
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Your profile was not saved: Name is required",
    );
    expect(screen.getByRole("status")).toHaveTextContent("");
  });

  it("has no accessibility violations", async () => {
    const { view } = renderSection();
    expect(await axeViolations(view.container)).toEqual([]);
  });
});
