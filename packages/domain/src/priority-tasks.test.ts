import { describe, expect, it } from "vitest";
import { priorityTasks } from "./priority-tasks.js";
import { makeTask } from "./test-support.js";

describe("priorityTasks", () => {
  it("keeps only tasks whose priority is exactly High, in their given order", () => {
    const tasks = [
      makeTask({ id: 1, priority: "High" }),
      makeTask({ id: 2, priority: "Medium" }),
      makeTask({ id: 3, priority: "Low" }),
      makeTask({ id: 4, priority: "High" }),
    ];
    expect(priorityTasks(tasks).map((task) => task.id)).toEqual([1, 4]);
  });

  it("leaves out a priority spelled another way, whatever the data says", () => {
    // spec 9: exactly "High"; a stray "high" or "HIGH" in the data must not be counted.
    const stray = [
      { priority: "high" },
      { priority: "HIGH" },
      { priority: "High " },
    ] as unknown as {
      priority: "High";
    }[];
    expect(priorityTasks(stray)).toEqual([]);
  });

  it("returns an empty list when no task is High", () => {
    expect(priorityTasks([makeTask({ priority: "Medium" })])).toEqual([]);
    expect(priorityTasks([])).toEqual([]);
  });

  it("keeps completed High tasks: spec 9 filters on priority alone", () => {
    expect(priorityTasks([makeTask({ priority: "High", completed: true })])).toHaveLength(1);
  });

  it("does not change the list it is given", () => {
    const tasks = [makeTask({ id: 1, priority: "Low" }), makeTask({ id: 2, priority: "High" })];
    const copy = structuredClone(tasks);
    priorityTasks(tasks);
    expect(tasks).toEqual(copy);
  });
});
