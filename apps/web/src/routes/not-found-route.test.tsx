// An address with no page (a typo, an old bookmark) says so under a title of its own, with a way
// home, instead of showing another page under an address that still reads wrong.
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderApp } from "../test/render-app";
import { storeSession, tokenSet } from "../test/tokens";

describe("an address with no page", () => {
  it.each(["/dashbord", "/settings/xyz"])(
    "at %s, says there is no such page and leads to the dashboard",
    async (address) => {
      storeSession(tokenSet("signed-in"));
      renderApp(address);
      expect(
        await screen.findByRole("heading", { level: 1, name: "Page not found" }),
      ).toBeVisible();
      expect(document.title).toBe("Page not found · Life Admin");
      expect(window.location.pathname).toBe(address);

      await userEvent.click(screen.getByRole("link", { name: "Go to your dashboard" }));
      expect(await screen.findByText("Good Morning, Ada Lovelace")).toBeVisible();
      expect(window.location.pathname).toBe("/dashboard");
      expect(document.title).toBe("Dashboard · Life Admin");
    },
  );

  it("leads to the sign-in page without a session", async () => {
    renderApp("/dashbord");
    expect(await screen.findByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await userEvent.click(screen.getByRole("link", { name: "Go to the sign-in page" }));
    expect(
      await screen.findByRole("heading", { name: "Get Started with us today!" }),
    ).toBeVisible();
  });
});
