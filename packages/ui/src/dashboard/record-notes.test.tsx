// issue 23: a listed record's line saying whose it is, from the notes the web app provides in
// Family view; none without them.
import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { ItemActions } from "./item-actions";
import { ItemRow } from "./item-rows";
import { RecordNotes } from "./record-notes";

const actions = {
  onTaskComplete: vi.fn(),
  onTaskEdit: vi.fn(),
  onSubscriptionEdit: vi.fn(),
  onSubscriptionActive: vi.fn(),
} as unknown as ItemActions;

const row = <ItemRow item={{ kind: "task", id: 7, title: "Water the plants" }} actions={actions} />;

describe("a listed record's note", () => {
  it("follows its name, and is part of what the name's button reads", () => {
    render(
      <ul>
        <RecordNotes.Provider
          value={(kind, id) =>
            kind === "task" && id === 7 ? "Grace's · assigned to you" : undefined
          }
        >
          {row}
        </RecordNotes.Provider>
      </ul>,
    );
    // A line of its own (display: block), which a browser reads after a break; jsdom has no CSS.
    const name = screen.getByRole("button", {
      name: /^Water the plants.*Grace's · assigned to you$/,
    });
    expect(name.querySelector("small")).toHaveTextContent("Grace's · assigned to you");
  });

  it("is not there without notes (My View)", () => {
    render(<ul>{row}</ul>);
    expect(screen.getByRole("button", { name: "Water the plants" })).toBeInTheDocument();
  });
});
