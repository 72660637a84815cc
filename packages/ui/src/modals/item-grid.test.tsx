import { render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Modal } from "../base/modal";
import { axeViolations } from "../test/axe";
import { ROW_HEIGHT, scrollBody, withLayout } from "../test/layout";
import { FULL_GRID_LIMIT, ItemGrid } from "./item-grid";

/** `count` cards, "Card 1" to "Card {count}", each with a button, in a modal like the All lists. */
function renderGrid(count: number): HTMLElement {
  const items = Array.from({ length: count }, (_, index) => `Card ${String(index + 1)}`);
  render(
    <Modal open onClose={vi.fn()} title="Cards" size="large" focusableBody>
      <ItemGrid
        items={items}
        itemKey={(item) => item}
        renderItem={(item) => (
          <>
            <h3>{item}</h3>
            <button type="button">Open {item}</button>
          </>
        )}
        emptyText="No cards"
        estimatedItemHeight={ROW_HEIGHT}
      />
    </Modal>,
  );
  return screen.getByRole("dialog", { name: "Cards" });
}

function titles(dialog: HTMLElement): (string | null)[] {
  return within(dialog)
    .getAllByRole("heading", { level: 3 })
    .map((heading) => heading.textContent);
}

const cards = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => `Card ${String(from + index)}`);

// jsdom's grid has one column; the body shows three rows of 200 pixels (test/layout.ts).
describe("ItemGrid", () => {
  withLayout();

  it("says the empty text without items", () => {
    const dialog = renderGrid(0);
    expect(within(dialog).getByText("No cards")).toBeInTheDocument();
    expect(within(dialog).queryByRole("list")).not.toBeInTheDocument();
  });

  it(`renders every card of a list of up to ${String(FULL_GRID_LIMIT)}`, () => {
    const dialog = renderGrid(FULL_GRID_LIMIT);
    expect(titles(dialog)).toEqual(cards(1, FULL_GRID_LIMIT));
  });

  it("renders of a longer list only the rows in the body's view and two beyond it", () => {
    const dialog = renderGrid(10_000);
    expect(titles(dialog)).toEqual(cards(1, 5));
  });

  it("tells where each card of a longer list stands in the whole of it", () => {
    const dialog = renderGrid(10_000);
    const items = within(within(dialog).getByRole("list")).getAllByRole("listitem");
    expect(items.map((item) => item.getAttribute("aria-posinset"))).toEqual([
      "1",
      "2",
      "3",
      "4",
      "5",
    ]);
    for (const item of items) expect(item).toHaveAttribute("aria-setsize", "10000");
  });

  it("shows the cards further down, in order, as the body scrolls", () => {
    const dialog = renderGrid(10_000);
    scrollBody(dialog, 5_000 * ROW_HEIGHT);
    expect(titles(dialog)).toEqual(cards(4_999, 5_005));
    scrollBody(dialog, 9_997 * ROW_HEIGHT);
    expect(titles(dialog)).toEqual(cards(9_996, 10_000));
  });

  it("keeps the card that holds focus in the document however far the body scrolls", () => {
    const dialog = renderGrid(10_000);
    const button = within(dialog).getByRole("button", { name: "Open Card 2" });
    button.focus();
    scrollBody(dialog, 5_000 * ROW_HEIGHT);
    expect(button).toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(titles(dialog)).toEqual(["Card 2", ...cards(4_999, 5_005)]);
  });

  it("has no accessibility violations in a longer list", async () => {
    renderGrid(10_000);
    expect(await axeViolations()).toEqual([]);
  });
});
