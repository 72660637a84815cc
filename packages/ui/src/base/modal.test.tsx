import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { axeViolations } from "../test/axe";
import { MODAL_OPEN_CLASS, Modal } from "./modal";

function Harness({
  description,
  initialFocus,
}: {
  description?: string;
  initialFocus?: (dialog: HTMLElement) => HTMLElement | null;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setOpen(true);
        }}
      >
        Open
      </button>
      <Modal
        open={open}
        onClose={() => {
          setOpen(false);
        }}
        title="Example dialog"
        description={description}
        initialFocus={initialFocus}
      >
        <label>
          Name <input />
        </label>
        <label>
          Email <input />
        </label>
      </Modal>
    </>
  );
}

function overlay(): Element {
  const element = document.querySelector("[data-modal-overlay]");
  if (!element) throw new Error("no overlay");
  return element;
}

describe("Modal", () => {
  it("is a dialog named by its title and described by its description", async () => {
    render(<Harness description="Fill in the form" />);
    await userEvent.click(screen.getByRole("button", { name: "Open" }));
    const dialog = screen.getByRole("dialog", { name: "Example dialog" });
    expect(dialog).toHaveAccessibleDescription("Fill in the form");
  });

  it("has no description attribute pointing at nothing when it has no description", async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole("button", { name: "Open" }));
    expect(screen.getByRole("dialog")).not.toHaveAttribute("aria-describedby");
  });

  it("moves focus into the dialog and returns it to the trigger when closed", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const trigger = screen.getByRole("button", { name: "Open" });
    await user.click(trigger);
    expect(screen.getByRole("dialog")).toContainElement(document.activeElement as HTMLElement);
    expect(screen.getByLabelText("Name")).toHaveFocus();
    await user.keyboard("{Escape}");
    expect(trigger).toHaveFocus();
  });

  it("starts focus where initialFocus says, and still returns it to the trigger when closed", async () => {
    const user = userEvent.setup();
    render(<Harness initialFocus={(dialog) => dialog.querySelector("label + label input")} />);
    const trigger = screen.getByRole("button", { name: "Open" });
    await user.click(trigger);
    expect(screen.getByLabelText("Email")).toHaveFocus();
    await user.keyboard("{Escape}");
    expect(trigger).toHaveFocus();
  });

  it("starts focus on the first control when initialFocus finds nothing", async () => {
    const user = userEvent.setup();
    render(<Harness initialFocus={(dialog) => dialog.querySelector("textarea")} />);
    await user.click(screen.getByRole("button", { name: "Open" }));
    expect(screen.getByLabelText("Name")).toHaveFocus();
  });

  it("keeps focus inside while tabbing", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole("button", { name: "Open" }));
    const dialog = screen.getByRole("dialog");
    for (let i = 0; i < 4; i += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });

  it("closes on Escape", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole("button", { name: "Open" }));
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("closes on a click on the overlay", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole("button", { name: "Open" }));
    await user.click(overlay());
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("leaves focus where it was on a click on the overlay, for a dialog that stays open", async () => {
    const user = userEvent.setup();
    render(
      <Modal open onClose={() => undefined} title="Example dialog">
        <label>
          Name <input />
        </label>
      </Modal>,
    );
    const name = screen.getByLabelText("Name");
    await user.click(name);
    await user.click(overlay());
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    expect(name).toHaveFocus();
  });

  it("stays open on a click inside", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole("button", { name: "Open" }));
    await user.click(screen.getByText("Example dialog"));
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });

  it("closes with the Close button", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole("button", { name: "Open" }));
    await user.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("puts the modal-open class on the body while open and removes it after", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(document.body).not.toHaveClass(MODAL_OPEN_CLASS);
    await user.click(screen.getByRole("button", { name: "Open" }));
    expect(document.body).toHaveClass("modal-open");
    await user.keyboard("{Escape}");
    expect(document.body).not.toHaveClass("modal-open");
  });

  it("keeps the body class while a second modal is still open", () => {
    const twoModals = (first: boolean, second: boolean) => (
      <>
        <Modal open={first} onClose={() => undefined} title="First">
          <p>One</p>
        </Modal>
        <Modal open={second} onClose={() => undefined} title="Second">
          <p>Two</p>
        </Modal>
      </>
    );
    const { rerender } = render(twoModals(true, true));
    rerender(twoModals(false, true));
    expect(document.body).toHaveClass("modal-open");
    rerender(twoModals(false, false));
    expect(document.body).not.toHaveClass("modal-open");
  });

  it("removes the body class when it unmounts while open", () => {
    const { unmount } = render(
      <Modal open onClose={() => undefined} title="Gone">
        <p>Body</p>
      </Modal>,
    );
    expect(document.body).toHaveClass("modal-open");
    unmount();
    expect(document.body).not.toHaveClass("modal-open");
  });

  it("shows its footer", () => {
    render(
      <Modal open onClose={() => undefined} title="With footer" footer={<button>OK</button>}>
        <p>Body</p>
      </Modal>,
    );
    expect(screen.getByRole("button", { name: "OK" })).toBeInTheDocument();
  });

  it("has no accessibility violations while open", async () => {
    render(<Harness description="Fill in the form" />);
    await userEvent.click(screen.getByRole("button", { name: "Open" }));
    expect(await axeViolations()).toEqual([]);
  });
});

function ChainHarness() {
  const [step, setStep] = useState<"none" | "chooser" | "form">("none");
  const close = () => {
    setStep("none");
  };
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setStep("chooser");
        }}
      >
        Add Task/Event
      </button>
      <Modal open={step === "chooser"} onClose={close} title="Chooser">
        <button
          type="button"
          onClick={() => {
            setStep("form");
          }}
        >
          Add Task
        </button>
      </Modal>
      <Modal open={step === "form"} onClose={close} title="Form">
        <label>
          Task Title <input />
        </label>
      </Modal>
    </>
  );
}

describe("Modal in a chain", () => {
  it("keeps focus in the second modal and returns it to the first trigger at the end", async () => {
    const user = userEvent.setup();
    render(<ChainHarness />);
    const trigger = screen.getByRole("button", { name: "Add Task/Event" });
    await user.click(trigger);
    await user.click(screen.getByRole("button", { name: "Add Task" }));
    await new Promise((resolve) => setTimeout(resolve, 10)); // Radix restores focus after a tick
    expect(screen.getByRole("dialog", { name: "Form" })).toBeInTheDocument();
    expect(screen.getByLabelText("Task Title")).toHaveFocus();
    expect(document.body).toHaveClass("modal-open");
    await user.keyboard("{Escape}");
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(trigger).toHaveFocus();
    expect(document.body).not.toHaveClass("modal-open");
  });
});

describe("Modal with a focusable body", () => {
  it("starts focus on its body, a region named by the title, so the keyboard can scroll it", async () => {
    render(
      <Modal open onClose={() => undefined} title="All Tasks" focusableBody>
        <p>Long list</p>
      </Modal>,
    );
    const body = screen.getByRole("region", { name: "All Tasks" });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(body).toHaveFocus();
    expect(body).toHaveAttribute("tabindex", "0");
  });
});
