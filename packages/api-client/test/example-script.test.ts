// examples/upcoming-renewals.mjs, run as a reader would: a child process of Node against a real
// API server on a random loopback port, with a seeded user. Needs the built package (dist/).
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { serve, type ServerType } from "@hono/node-server";
import { addDays, calendarDateIn } from "@life-admin/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

let api: ApiUnderTest;
let server: ServerType;
let apiUrl: string;

beforeAll(async () => {
  if (!existsSync(fileURLToPath(new URL("../dist/index.js", import.meta.url)))) {
    throw new Error("The example imports the built package: run `pnpm build` first");
  }
  api = await startApi();
  server = await new Promise<ServerType>((resolve) => {
    const listening = serve({ fetch: api.app.app.fetch, hostname: "127.0.0.1", port: 0 }, () => {
      resolve(listening);
    });
  });
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => {
    server.close(() => {
      resolve();
    });
  });
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

  it("says so when nothing renews in the next 30 days", async () => {
    const session = await api.signIn();
    const run = await runExample({ API_URL: apiUrl, REFRESH_TOKEN: session.refresh_token });
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe("No upcoming renewals in the next 30 days");
  });

  it("fails with the client's message for a refresh token the API refuses", async () => {
    const run = await runExample({ API_URL: apiUrl, REFRESH_TOKEN: "not-a-token" });
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe("Failed to refresh token");
  });

  it("explains its usage without a refresh token", async () => {
    const run = await runExample({ API_URL: apiUrl });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("REFRESH_TOKEN=");
  });
});
