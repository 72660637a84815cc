import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ErrorBanner } from "./error-banner";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("ErrorBanner", () => {
  it("announces its message as an alert", () => {
    render(<ErrorBanner message="Validation error" />);
    expect(screen.getByRole("alert")).toHaveTextContent("Validation error");
  });

  it.each([null, undefined, ""])("renders nothing for the message %j", (message) => {
    const { container } = render(<ErrorBanner message={message} />);
    expect(container).toBeEmptyDOMElement();
  });

  it("brings itself into view as a message appears or changes, not on every render", () => {
    const scrolled: Element[] = [];
    const scroll = vi.spyOn(Element.prototype, "scrollIntoView").mockImplementation(function (
      this: Element,
    ) {
      scrolled.push(this);
    });
    const { rerender } = render(<ErrorBanner message={null} />);
    expect(scrolled).toEqual([]);

    rerender(<ErrorBanner message="Database unavailable" />);
    expect(scrolled).toEqual([screen.getByRole("alert")]);
    rerender(<ErrorBanner message="Database unavailable" className="wide" />);
    expect(scrolled).toHaveLength(1);

    rerender(<ErrorBanner message="Not found" />);
    expect(scrolled).toEqual([screen.getByRole("alert"), screen.getByRole("alert")]);
    expect(scroll).toHaveBeenLastCalledWith({ block: "nearest" });
  });
});
