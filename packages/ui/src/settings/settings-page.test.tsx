import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { SettingsPage } from "./settings-page";

describe("the Settings page's frame, heard", () => {
  it("gives its way back a navigation landmark that does not claim to be Settings' sections, on the /join page too", () => {
    render(
      <SettingsPage back={<a href="/dashboard">Back to dashboard</a>} title="Join a household">
        <p>Joining</p>
      </SettingsPage>,
    );
    expect(screen.getByRole("heading", { level: 1, name: "Join a household" })).toBeVisible();
    const navigation = screen.getByRole("navigation");
    expect(navigation).not.toHaveAccessibleName("Settings");
    expect(navigation).toContainElement(screen.getByRole("link", { name: "Back to dashboard" }));
  });
});
