// examples/upcoming-renewals.mjs, run as a reader would: a child process of Node against a real
// API server on a random loopback port, with a seeded user. Needs the built package (dist/).
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { serve, type ServerType } from "@hono/node-server";
import { addDays, calendarDateIn } from "@life-admin/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UNREACHABLE_MESSAGE } from "../src/unreachable.js";
import { inProcessClient, startApi, type ApiUnderTest } from "./support/api-app.js";

const packageDir = fileURLToPath(new URL("..", import.meta.url));
const script = "examples/upcoming-renewals.mjs";

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runExample(env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [script],
      { cwd: packageDir, env: { PATH: process.env.PATH ?? "", ...env }, timeout: 20_000 },
      (error, stdout, stderr) => {
        resolve({
          code: error ? (typeof error.code === "number" ? error.code : null) : 0,
          stdout,
          stderr,
        });
      },
    );
  });
}

interface Served {
  url: string;
  close: () => Promise<void>;
}

/** `fetch` as a real HTTP server on a random loopback port, as the script meets the API. */
async function serving(fetch: (request: Request) => Response | Promise<Response>): Promise<Served> {
  const server = await new Promise<ServerType>((resolve) => {
    const listening = serve({ fetch, hostname: "127.0.0.1", port: 0 }, () => {
      resolve(listening);
    });
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}

let api: ApiUnderTest;
let served: Served;
let apiUrl: string;

beforeAll(async () => {
  if (!existsSync(fileURLToPath(new URL("../dist/index.js", import.meta.url)))) {
    throw new Error("The example imports the built package: run `pnpm build` first");
  }
  api = await startApi();
  served = await serving(api.app.app.fetch);
  apiUrl = served.url;
});

afterAll(async () => {
  await served.close();
  await api.close();
});

describe("examples/upcoming-renewals.mjs", () => {
  it("prints the next 30 days of renewals with the dashboard's labels, and the rotated token", async () => {
    const session = await api.signIn();
    const { client } = inProcessClient(api, session);
    // The script reads the real clock, so the seeded dates are relative to today (UTC).
    const today = calendarDateIn(new Date(), "UTC");
    const seed = [
      { name: "Netflix", next_renewal_date: addDays(today, 3), cost: 12.99 },
      { name: "Cloud storage", next_renewal_date: today, cost: 1.5 },
      { name: "Gym", next_renewal_date: addDays(today, 40), cost: 30 },
      // decisions D10: a passed renewal rolls forward by itself, unless paused.
      { name: "Newspaper", next_renewal_date: addDays(today, -5), cost: 4, frequency: "Weekly" },
      { name: "Old magazine", next_renewal_date: addDays(today, -2), cost: 4, active: false },
    ] as const;
    for (const s of seed) await client.subscriptions.create(s);

    const run = await runExample({ API_URL: apiUrl, REFRESH_TOKEN: session.refresh_token });

    expect(run.stderr).toContain("next time use REFRESH_TOKEN=");
    expect(run.code).toBe(0);
    const lines = run.stdout.trimEnd().split("\n");
    expect(lines[0]).toBe(`Renewals in the next 30 days (${today}):`);
    expect(lines.slice(1).map((line) => line.trim().split(/\s{2,}/))).toEqual([
      ["Cloud storage", "$1.50", today, "Renews today"],
      ["Newspaper", "$4.00", addDays(today, 2), "Renews in 2 days"],
      ["Netflix", "$12.99", addDays(today, 3), "Renews in 3 days"],
    ]);
    // The printed token is the new one, and it works.
    const rotated = /REFRESH_TOKEN=(\S+)/.exec(run.stderr)?.[1] ?? "";
    expect(rotated).not.toBe(session.refresh_token);
    const next = await runExample({ API_URL: apiUrl, REFRESH_TOKEN: rotated });
    expect(next.code).toBe(0);
  });

  it("writes each cost in the person's currency, as the app does", async () => {
    const session = await api.signIn();
    const { client } = inProcessClient(api, session);
    await client.http.PATCH("/users/me", { body: { currency: "EUR" } });
    const today = calendarDateIn(new Date(), "UTC");
    await client.subscriptions.create({
      name: "Netflix",
      next_renewal_date: addDays(today, 3),
      cost: 12.99,
    });

    const run = await runExample({ API_URL: apiUrl, REFRESH_TOKEN: session.refresh_token });

    expect(run.code).toBe(0);
    expect(run.stdout).toContain("€12.99");
    expect(run.stdout).not.toContain("$");
  });

  it("still prints the rotated token when the run fails after its refresh", async () => {
    const session = await api.signIn();
    // An API that refreshes, then fails every other call.
    const failing = await serving((request) =>
      new URL(request.url).pathname === "/auth/refresh"
        ? api.app.app.fetch(request)
        : Response.json({ detail: "Down for maintenance" }, { status: 503 }),
    );
    try {
      const run = await runExample({
        API_URL: failing.url,
        REFRESH_TOKEN: session.refresh_token,
      });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain("Down for maintenance");
      const rotated = /REFRESH_TOKEN=(\S+)/.exec(run.stderr)?.[1] ?? "";
      expect(rotated).not.toBe(session.refresh_token);
      // The old token is used up; the printed one carries the sign-in on.
      const next = await runExample({ API_URL: apiUrl, REFRESH_TOKEN: rotated });
      expect(next.code).toBe(0);
    } finally {
      await failing.close();
    }
  });

  it("says so when nothing renews in the next 30 days", async () => {
    const session = await api.signIn();
    const run = await runExample({ API_URL: apiUrl, REFRESH_TOKEN: session.refresh_token });
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe("No upcoming renewals in the next 30 days");
  });

  it("fails with the client's message and the API's reason for a refresh token it refuses", async () => {
    const run = await runExample({ API_URL: apiUrl, REFRESH_TOKEN: "not-a-token" });
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe("Failed to refresh token: Invalid refresh token");
  });

  it("names the address it tried when nothing answers there", async () => {
    const closed = await serving(() => new Response(null, { status: 204 }));
    await closed.close();
    const run = await runExample({ API_URL: closed.url, REFRESH_TOKEN: "any" });
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(`${UNREACHABLE_MESSAGE} (API_URL=${closed.url})`);
  });

  it("explains its usage without a refresh token", async () => {
    const run = await runExample({ API_URL: apiUrl });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("REFRESH_TOKEN=");
  });
});
