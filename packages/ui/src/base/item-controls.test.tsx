import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { axeViolations } from "../test/axe";
import { ActiveSwitch } from "./active-switch";
import { CompleteButton, ItemTitleButton } from "./item-controls";

describe("CompleteButton", () => {
  it("is named for what a press does, then the record's name", async () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <>
        <span id="title">Renew passport</span>
        <CompleteButton completed={false} onChange={onChange} titleId="title" />
      </>,
    );
    const button = screen.getByRole("button", { name: "Mark done Renew passport" });
    await userEvent.click(button);
    expect(onChange).toHaveBeenLastCalledWith(true);

    rerender(
      <>
        <span id="title">Renew passport</span>
        <CompleteButton completed onChange={onChange} titleId="title" />
      </>,
    );
    await userEvent.click(screen.getByRole("button", { name: "Mark not done Renew passport" }));
    expect(onChange).toHaveBeenLastCalledWith(false);
  });

  it("takes a double-click as one press: its second click would land on the next row", async () => {
    const onChange = vi.fn();
    render(<CompleteButton completed={false} onChange={onChange} />);
    await userEvent.dblClick(screen.getByRole("button", { name: "Mark done" }));
    expect(onChange.mock.calls).toEqual([[true]]);
  });

  it("works from the keyboard, with Enter and with Space", async () => {
    const onChange = vi.fn();
    render(<CompleteButton completed={false} onChange={onChange} />);
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole("button", { name: "Mark done" })).toHaveFocus();
    await user.keyboard("{Enter}");
    await user.keyboard(" ");
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it("takes focus back when the change it made dropped focus (browsers do, moving a row)", async () => {
    // jsdom keeps focus on a moved element, where Chromium drops it to <body> (the e2e suite
    // checks the real move): here the change drops it itself.
    function DroppingRow() {
      const [done, setDone] = useState(false);
      return (
        <CompleteButton
          completed={done}
          onChange={(next) => {
            (document.activeElement as HTMLElement | null)?.blur();
            setDone(next);
          }}
        />
      );
    }
    render(<DroppingRow />);
    const user = userEvent.setup();
    await user.tab();
    await user.keyboard("{Enter}");
    await vi.waitFor(() => {
      expect(screen.getByRole("button", { name: "Mark not done" })).toHaveFocus();
    });
  });

  it("lets focus go at the person's next press, never pulling it back later", async () => {
    function Row() {
      const [done, setDone] = useState(false);
      const [renders, setRenders] = useState(0);
      return (
        <>
          <CompleteButton completed={done} onChange={setDone} />
          <button
            type="button"
            onClick={() => {
              (document.activeElement as HTMLElement | null)?.blur();
              setRenders(renders + 1);
            }}
          >
            {`Rendered ${String(renders)}`}
          </button>
        </>
      );
    }
    render(<Row />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Mark done" }));
    // The keeper is there (focus on the control), then the person presses something else.
    await vi.waitFor(() => {
      expect(screen.getByRole("button", { name: "Mark not done" })).toHaveFocus();
    });
    await user.click(screen.getByRole("button", { name: "Rendered 0" }));
    expect(screen.getByRole("button", { name: "Rendered 1" })).toBeInTheDocument();
    expect(document.body).toHaveFocus();
  });

  it("sends focus to its card when its row leaves (a task done leaves the agenda)", async () => {
    function LeavingList() {
      const [shown, setShown] = useState(true);
      return (
        <section aria-label="Agenda" tabIndex={-1} data-focus-home="">
          {shown && (
            <CompleteButton
              completed={false}
              onChange={() => {
                setShown(false);
              }}
            />
          )}
        </section>
      );
    }
    render(<LeavingList />);
    await userEvent.click(screen.getByRole("button", { name: "Mark done" }));
    await vi.waitFor(() => {
      expect(screen.getByRole("region", { name: "Agenda" })).toHaveFocus();
    });
  });
});

describe("ActiveSwitch", () => {
  it("is a switch named Active, on while active, that pauses and resumes by mouse and keyboard", async () => {
    const onChange = vi.fn();
    const { rerender } = render(<ActiveSwitch active onChange={onChange} />);
    const toggle = screen.getByRole("switch", { name: "Active" });
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    expect(onChange).toHaveBeenLastCalledWith(false);

    rerender(<ActiveSwitch active={false} onChange={onChange} />);
    expect(toggle).not.toBeChecked();
    toggle.focus();
    await userEvent.keyboard(" ");
    expect(onChange).toHaveBeenLastCalledWith(true);
  });

  it("beside a record's name, is named Active, then that name", () => {
    render(
      <>
        <span id="name">Netflix</span>
        <ActiveSwitch active onChange={() => undefined} titleId="name" />
      </>,
    );
    expect(screen.getByRole("switch", { name: "Active Netflix" })).toBeChecked();
  });
});

describe("ItemTitleButton", () => {
  it("is the record's name, a button that opens a dialog", async () => {
    const onClick = vi.fn();
    render(<ItemTitleButton onClick={onClick}>Netflix</ItemTitleButton>);
    const button = screen.getByRole("button", { name: "Netflix" });
    expect(button).toHaveAttribute("aria-haspopup", "dialog");
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it("has no accessibility violations beside the other controls", async () => {
    render(
      <main>
        <ul>
          <li>
            <ItemTitleButton id="t" onClick={() => undefined}>
              Netflix
            </ItemTitleButton>
            <CompleteButton completed={false} onChange={() => undefined} titleId="t" />
            <ActiveSwitch active onChange={() => undefined} titleId="t" />
          </li>
        </ul>
      </main>,
    );
    expect(await axeViolations()).toEqual([]);
  });
});
