// decisions D11, issue 19: the person's private calendar feed, as GET /calendar/feed answers it.
import * as z from "zod/mini";

export const CalendarFeedSchema = /* @__PURE__ */ z.object({
  /** The feed's secret address (https or http): whoever has it can read the calendar. */
  url: z.string(),
  /** The same address with the webcal scheme, which calendar apps open as a subscription. */
  webcal_url: z.string(),
  /** The person said they added it to a calendar, or a calendar app has fetched it. */
  connected: z.boolean(),
  /** When the feed was last fetched (to the hour), or null when never. */
  last_fetched_at: z.nullable(z.string()),
});
export type CalendarFeed = z.infer<typeof CalendarFeedSchema>;

/** PATCH /calendar/feed: the person says they have added the feed to a calendar (or not). */
export const CalendarFeedUpdateSchema = /* @__PURE__ */ z.object({ connected: z.boolean() });
export type CalendarFeedUpdate = z.infer<typeof CalendarFeedUpdateSchema>;
