import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ErrorBanner } from "./error-banner";

describe("ErrorBanner", () => {
  it("announces its message as an alert", () => {
    render(<ErrorBanner message="Validation error" />);
    expect(screen.getByRole("alert")).toHaveTextContent("Validation error");
  });

  it.each([null, undefined, ""])("renders nothing for the message %j", (message) => {
    const { container } = render(<ErrorBanner message={message} />);
    expect(container).toBeEmptyDOMElement();
  });
});
