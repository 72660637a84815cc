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
import {
  ApiError,
  UnreachableError,
  createLifeAdminClient,
  memoryTokenStore,
} from "@life-admin/api-client";
import { RequestTimeoutError, timeLimitedFetch } from "@life-admin/api-client/timeout";
import {
  calendarDateIn,
  daysUntil,
  formatMoney,
  renewalCardLabel,
  renewalsSoon,
} from "@life-admin/domain";

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
// A stuck API fails the run after 30 seconds (RequestTimeoutError) instead of hanging it.
const client = createLifeAdminClient({
  baseUrl: API_URL,
  tokens,
  fetch: timeLimitedFetch(30_000),
});

try {
  await client.auth.refresh();
  const { time_zone, currency } = await client.users.me();
  const today = calendarDateIn(new Date(), time_zone);
  const soon = renewalsSoon(await client.subscriptions.list(), today);

  if (soon.length === 0) {
    console.log("No upcoming renewals in the next 30 days");
  } else {
    console.log(`Renewals in the next 30 days (${today}):`);
    const width = Math.max(...soon.map((s) => s.name.length));
    for (const s of soon) {
      const label = renewalCardLabel(daysUntil(s.next_renewal_date, today));
      // In the person's currency, as every amount the app shows (the runtime's locale writes it).
      const cost = formatMoney(s.cost, currency);
      console.log(
        `  ${s.name.padEnd(width)}  ${cost.padStart(10)}  ${s.next_renewal_date}  ${label}`,
      );
    }
  }
} catch (error) {
  let reason = "";
  if (
    error instanceof ApiError &&
    typeof error.detail === "string" &&
    error.detail !== error.message
  ) {
    // The API's reason when it says more ("Failed to refresh token" for a token that is invalid,
    // expired, or already used by another run): what to do next depends on it.
    reason = `: ${error.detail}`;
  } else if (error instanceof UnreachableError || error instanceof RequestTimeoutError) {
    // No answer: where the run looked, since a wrong API_URL reads just like the API being down.
    reason = ` (API_URL=${API_URL})`;
  }
  console.error(`${error instanceof Error ? error.message : String(error)}${reason}`);
  process.exitCode = 1;
} finally {
  // A run that fails after its refresh (the API down, a time-out) has still used up the old token:
  // a run with it more than REFRESH_GRACE_SECONDS later would end the whole sign-in (decisions
  // D3), so the new one is printed whatever happened. None when the API refused the token.
  const next = tokens.get()?.refresh_token;
  if (next !== undefined && next !== REFRESH_TOKEN) {
    console.error(`\nThe refresh token was rotated; next time use REFRESH_TOKEN=${next}`);
  }
}
