// issue 21: how often a file still being read on the server is asked after, by the Upload dialog
// while it waits and by the Documents list while it shows one: soon at first, then backing off;
// and when the Upload dialog stops looking through failures to say so.

/** The first look, and the longest wait between two. */
const FIRST_LOOK_MS = 500;
const SLOWEST_LOOK_MS = 3_000;

/** The wait before the next look, after `looks` earlier ones. */
export function nextLookMs(looks: number): number {
  return Math.min(FIRST_LOOK_MS * 1.5 ** looks, SLOWEST_LOOK_MS);
}

/**
 * How long looks may go on failing (no connection, a 5xx) before the Upload dialog stops and says
 * so. Two minutes outlasts a blip (a lift, a train tunnel, a server restarting) while sparing the
 * person a spinner that never ends; the file is stored already, so stopping loses nothing. Timed on
 * the clock, not counted, because one failing look can itself take from a moment to a minute.
 */
const LOOK_FAILURES_GIVEN_UP_AFTER_MS = 2 * 60_000;

/** Whether to stop looking, when looks have failed since `failingSince` (the first one's start). */
export function looksGivenUp(failingSince: Date, now: Date): boolean {
  return now.getTime() - failingSince.getTime() >= LOOK_FAILURES_GIVEN_UP_AFTER_MS;
}
