// How workers find what global-setup started: through the environment, which they inherit.
import type { StackAddress } from "./stack.js";

const ENV = {
  apiUrl: "E2E_API_URL",
  webUrl: "E2E_WEB_URL",
  signingKeyPem: "E2E_TOKEN_SIGNING_KEY",
} as const satisfies Record<keyof StackAddress, string>;

/** A copy of a new, empty database, to start other stacks from (stack.ts: copyDatabase). */
const DATABASE_TEMPLATE = "E2E_DATABASE_TEMPLATE";

export function publishMainStack(stack: StackAddress, databaseTemplate: string): void {
  for (const key of Object.keys(ENV) as (keyof StackAddress)[]) process.env[ENV[key]] = stack[key];
  process.env[DATABASE_TEMPLATE] = databaseTemplate;
}

function read(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: the suite's global setup did not run`);
  return value;
}

export function mainStack(): StackAddress {
  return {
    apiUrl: read(ENV.apiUrl),
    webUrl: read(ENV.webUrl),
    signingKeyPem: read(ENV.signingKeyPem),
  };
}

export function databaseTemplate(): string {
  return read(DATABASE_TEMPLATE);
}
