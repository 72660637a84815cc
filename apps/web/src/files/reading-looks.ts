// issue 21: how often a file still being read on the server is asked after, by the Upload dialog
// while it waits and by the Documents list while it shows one: soon at first, then backing off.

/** The first look, and the longest wait between two. */
const FIRST_LOOK_MS = 500;
const SLOWEST_LOOK_MS = 3_000;

/** The wait before the next look, after `looks` earlier ones. */
export function nextLookMs(looks: number): number {
  return Math.min(FIRST_LOOK_MS * 1.5 ** looks, SLOWEST_LOOK_MS);
}
