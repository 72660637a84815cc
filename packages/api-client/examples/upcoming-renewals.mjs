// Prints your subscriptions that renew in the next 30 days, soonest first, with the labels the
// dashboard's Renewals Soon card shows (spec 9: 30 days ahead, at most five), counted from your
// today in the time zone of your profile, as the dashboard and the bell count (decisions D6).
//
//   pnpm --filter @life-admin/api-client build      # once: the example imports the built package
//   API_URL=http://127.0.0.1:8000 REFRESH_TOKEN=... node examples/upcoming-renewals.mjs
//
// REFRESH_TOKEN is the refresh_token of a sign-in (in a browser: localStorage.tokenData). Every
// refresh rotates it (decisions D3), so the old one stops working: the script prints the new one
// for the next run. Use a sign-in of its own (say, from a private window you then close): a
// browser still holding the old token would end that sign-in at its next refresh.
import { createLifeAdminClient, memoryTokenStore } from "@life-admin/api-client";
import { calendarDateIn, daysUntil, renewalCardLabel, renewalsSoon } from "@life-admin/domain";

const { API_URL = "http://127.0.0.1:8000", REFRESH_TOKEN } = process.env;
if (!REFRESH_TOKEN) {
  console.error(
    "Usage: API_URL=http://127.0.0.1:8000 REFRESH_TOKEN=... node examples/upcoming-renewals.mjs",
  );
  process.exit(2);
}

// Only a refresh token to start with: the first step exchanges it for a fresh set.
const tokens = memoryTokenStore({
  access_token: "",
  refresh_token: REFRESH_TOKEN,
  token_type: "Bearer",
});
const client = createLifeAdminClient({ baseUrl: API_URL, tokens });

try {
  await client.auth.refresh();
  const { time_zone } = await client.users.me();
  const today = calendarDateIn(new Date(), time_zone);
  const soon = renewalsSoon(await client.subscriptions.list(), today);

  if (soon.length === 0) {
    console.log("No upcoming renewals in the next 30 days");
  } else {
    console.log(`Renewals in the next 30 days (${today}):`);
    const width = Math.max(...soon.map((s) => s.name.length));
    for (const s of soon) {
      const label = renewalCardLabel(daysUntil(s.next_renewal_date, today));
      const cost = `$${s.cost.toFixed(2)}`; // spec 9: "$" in lists
      console.log(
        `  ${s.name.padEnd(width)}  ${cost.padStart(10)}  ${s.next_renewal_date}  ${label}`,
      );
    }
  }
  console.error(
    `\nThe refresh token was rotated; next time use REFRESH_TOKEN=${tokens.get()?.refresh_token}`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
