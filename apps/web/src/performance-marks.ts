// User Timing marks for the moments a person waits for, so that a benchmark (bench/src/sections/
// scale.ts) or a profiler can read them with performance.getEntriesByName(): the dashboard's
// content first on screen (its startTime counts from the navigation), and All Tasks asked for and
// then shown. The names are part of what the bench relies on: change both together.
export const PERFORMANCE_MARKS = {
  dashboardContent: "life-admin:dashboard-content",
  allTasksRequested: "life-admin:all-tasks-requested",
  allTasksShown: "life-admin:all-tasks-shown",
} as const;

export type PerformanceMarkName = (typeof PERFORMANCE_MARKS)[keyof typeof PERFORMANCE_MARKS];

export function mark(name: PerformanceMarkName): void {
  performance.mark(name);
}

/**
 * Marks `name` once what was just rendered has been painted: a frame's callback runs before its
 * paint, and a task queued from there runs after it.
 */
export function markAfterPaint(name: PerformanceMarkName): void {
  requestAnimationFrame(() => {
    setTimeout(() => {
      mark(name);
    }, 0);
  });
}
