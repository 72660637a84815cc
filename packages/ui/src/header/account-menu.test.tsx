// issue 17: the avatar and name open the account menu, whose item "Sign out" calls back; mouse
// and keyboard as the WAI-ARIA menu button pattern has them.
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { Modal } from "../base/modal";
import { axeViolations } from "../test/axe";
import { AppHeader } from "./app-header";

const user = userEvent.setup();

function renderHeader() {
  const onSignOut = vi.fn();
  render(
    <>
      <AppHeader
        user={{ full_name: "Ada Lovelace" }}
        view="my"
        onViewChange={() => undefined}
        onSignOut={onSignOut}
      />
      <button type="button">Elsewhere</button>
    </>,
  );
  const button = screen.getByRole("button", { name: "Ada Lovelace" });
  return { onSignOut, button };
}

const menu = () => screen.queryByRole("menu", { name: "Account" });

/** The header, its menu's Documents opening a dialog, and another dialog opened from elsewhere. */
function WithDocuments() {
  const [shown, setShown] = useState<"documents" | "upload" | null>(null);
  const close = () => {
    setShown(null);
  };
  return (
    <>
      <AppHeader
        user={{ full_name: "Ada Lovelace" }}
        view="my"
        onViewChange={vi.fn()}
        onSignOut={vi.fn()}
        onDocuments={() => {
          setShown("documents");
        }}
      />
      <button
        type="button"
        onClick={() => {
          setShown("upload");
        }}
      >
        Upload File
      </button>
      <Modal open={shown === "documents"} onClose={close} title="Documents">
        <p>No documents</p>
      </Modal>
      <Modal open={shown === "upload"} onClose={close} title="Upload">
        <p>Choose a file</p>
      </Modal>
    </>
  );
}
const signOut = () => screen.getByRole("menuitem", { name: "Sign out" });

describe("the account menu", () => {
  it("is a button showing the avatar letter and the name, closed at first", () => {
    const { button } = renderHeader();
    expect(button).toHaveAttribute("aria-haspopup", "menu");
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(button).toHaveTextContent("AAda Lovelace");
    expect(menu()).not.toBeInTheDocument();
  });

  it("opens on a click with focus on Sign out, which signs out once and closes the menu", async () => {
    const { button, onSignOut } = renderHeader();
    await user.click(button);
    expect(button).toHaveAttribute("aria-expanded", "true");
    expect(signOut()).toHaveFocus();
    await user.click(signOut());
    expect(onSignOut).toHaveBeenCalledOnce();
    expect(menu()).not.toBeInTheDocument();
    expect(button).toHaveAttribute("aria-expanded", "false");
  });

  it("opens from the keyboard (Enter, Space, the arrows) and signs out with Enter", async () => {
    const { button, onSignOut } = renderHeader();
    for (const key of ["{Enter}", " ", "{ArrowDown}", "{ArrowUp}"]) {
      button.focus();
      await user.keyboard(key);
      expect(menu(), key).toBeInTheDocument();
      expect(signOut(), key).toHaveFocus();
      await user.keyboard("{Escape}");
    }
    button.focus();
    await user.keyboard("{Enter}");
    // One item: the keys that move between items stay on it.
    await user.keyboard("{ArrowDown}{ArrowUp}");
    expect(signOut()).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(onSignOut).toHaveBeenCalledOnce();
  });

  it("offers Settings first when given, the arrows moving between the items round the ends", async () => {
    const onSettings = vi.fn();
    render(
      <AppHeader
        user={{ full_name: "Ada Lovelace" }}
        view="my"
        onViewChange={vi.fn()}
        onSignOut={vi.fn()}
        onSettings={onSettings}
      />,
    );
    const button = screen.getByRole("button", { name: "Ada Lovelace" });
    button.focus();
    await user.keyboard("{ArrowDown}");
    const settings = screen.getByRole("menuitem", { name: "Settings" });
    expect(settings).toHaveFocus();
    await user.keyboard("{ArrowDown}");
    expect(signOut()).toHaveFocus();
    await user.keyboard("{ArrowDown}");
    expect(settings).toHaveFocus();
    await user.keyboard("{ArrowUp}");
    expect(signOut()).toHaveFocus();
    await user.keyboard("{ArrowUp}{Enter}");
    expect(onSettings).toHaveBeenCalledOnce();
    expect(menu()).not.toBeInTheDocument();
  });

  it("moves to the first item with Home and the last with End, in the menu only", async () => {
    render(
      <AppHeader
        user={{ full_name: "Ada Lovelace" }}
        view="my"
        onViewChange={vi.fn()}
        onSignOut={vi.fn()}
        onSettings={vi.fn()}
        onDocuments={vi.fn()}
      />,
    );
    const button = screen.getByRole("button", { name: "Ada Lovelace" });
    // On the closed button they are not the menu's keys: it stays closed.
    button.focus();
    await user.keyboard("{Home}{End}");
    expect(menu()).not.toBeInTheDocument();
    expect(button).toHaveFocus();

    await user.keyboard("{Enter}");
    const documents = screen.getByRole("menuitem", { name: "Documents" });
    expect(documents).toHaveFocus();
    await user.keyboard("{End}");
    expect(signOut()).toHaveFocus();
    await user.keyboard("{Home}");
    expect(documents).toHaveFocus();
    await user.keyboard("{ArrowDown}{End}{ArrowUp}");
    expect(screen.getByRole("menuitem", { name: "Settings" })).toHaveFocus();
  });

  it("leaves ArrowLeft and ArrowRight alone: the menu is vertical (WAI-ARIA menu pattern)", async () => {
    render(
      <AppHeader
        user={{ full_name: "Ada Lovelace" }}
        view="my"
        onViewChange={vi.fn()}
        onSignOut={vi.fn()}
        onSettings={vi.fn()}
      />,
    );
    const button = screen.getByRole("button", { name: "Ada Lovelace" });
    button.focus();
    await user.keyboard("{ArrowRight}{ArrowLeft}");
    expect(menu()).not.toBeInTheDocument();
    expect(button).toHaveFocus();

    await user.keyboard("{Enter}");
    const settings = screen.getByRole("menuitem", { name: "Settings" });
    expect(settings).toHaveFocus();
    await user.keyboard("{ArrowRight}");
    expect(settings).toHaveFocus();
    await user.keyboard("{ArrowLeft}");
    expect(settings).toHaveFocus();
  });

  it("offers Documents before Settings when given (issue 21)", async () => {
    const onDocuments = vi.fn();
    render(
      <AppHeader
        user={{ full_name: "Ada Lovelace" }}
        view="my"
        onViewChange={vi.fn()}
        onSignOut={vi.fn()}
        onSettings={vi.fn()}
        onDocuments={onDocuments}
      />,
    );
    await user.click(screen.getByRole("button", { name: "Ada Lovelace" }));
    expect(screen.getAllByRole("menuitem").map((item) => item.textContent)).toEqual([
      "Documents",
      "Settings",
      "Sign out",
    ]);
    expect(screen.getByRole("menuitem", { name: "Documents" })).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(onDocuments).toHaveBeenCalledOnce();
  });

  it("gives focus back to its button when a dialog opened from it closes, not to an earlier dialog's opener", async () => {
    render(<WithDocuments />);
    const upload = screen.getByRole("button", { name: "Upload File" });
    await user.click(upload);
    await user.keyboard("{Escape}");
    expect(upload).toHaveFocus();

    const button = screen.getByRole("button", { name: "Ada Lovelace" });
    button.focus();
    await user.keyboard("{Enter}");
    await user.keyboard("{Enter}");
    expect(await screen.findByRole("dialog", { name: "Documents" })).toBeInTheDocument();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it("closes on Escape and gives focus back to the button, without signing out", async () => {
    const { button, onSignOut } = renderHeader();
    await user.click(button);
    await user.keyboard("{Escape}");
    expect(menu()).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(onSignOut).not.toHaveBeenCalled();
  });

  it("closes on a click elsewhere, on Tab, and on a second click of the button", async () => {
    const { button, onSignOut } = renderHeader();
    await user.click(button);
    await user.click(screen.getByRole("button", { name: "Elsewhere" }));
    expect(menu()).not.toBeInTheDocument();

    await user.click(button);
    await user.tab();
    expect(menu()).not.toBeInTheDocument();

    await user.click(button);
    await user.click(button);
    expect(menu()).not.toBeInTheDocument();
    expect(onSignOut).not.toHaveBeenCalled();
  });

  it("has no accessibility violations, open or closed", async () => {
    const { button } = renderHeader();
    expect(await axeViolations()).toEqual([]);
    await user.click(button);
    expect(await axeViolations()).toEqual([]);
  });

  it("is not a menu when there is nothing to sign out of", () => {
    render(<AppHeader user={{ full_name: "Ada Lovelace" }} view="my" onViewChange={vi.fn()} />);
    expect(screen.getByText("Ada Lovelace")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Ada Lovelace" })).not.toBeInTheDocument();
  });
});
