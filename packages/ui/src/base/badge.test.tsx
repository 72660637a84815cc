import { PRIORITIES } from "@life-admin/domain";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Badge, PriorityBadge } from "./badge";
import { priorityTone } from "@life-admin/domain";
import { toneLabel } from "./tone";

describe("PriorityBadge", () => {
  it.each(PRIORITIES)("reads '%s Priority'", (priority) => {
    render(<PriorityBadge priority={priority} />);
    expect(screen.getByText(`${priority} Priority`)).toBeInTheDocument();
  });

  it("draws High in red, Medium in amber and Low in green", () => {
    expect(priorityTone("High")).toBe("high");
    expect(priorityTone("Medium")).toBe("medium");
    expect(priorityTone("Low")).toBe("low");
  });
});

describe("Badge", () => {
  it("shows its text", () => {
    render(<Badge tone="info">Monthly</Badge>);
    expect(screen.getByText("Monthly")).toBeInTheDocument();
  });
});

describe("toneLabel", () => {
  it("puts every colour's meaning into words", () => {
    expect(toneLabel("high")).toBe("High priority task");
    expect(toneLabel("medium")).toBe("Medium priority task");
    expect(toneLabel("low")).toBe("Low priority task");
    expect(toneLabel("renewal")).toBe("Subscription renewal");
  });
});
