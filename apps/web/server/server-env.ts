// The production server's configuration (issue 17), read once and validated: the only module of
// server/ that reads the environment. Empty values count as unset; every bad variable is named.
import * as z from "zod/mini";

const PORT_ERROR = "must be a port number from 0 to 65535";

const ServerEnvSchema = z.object({
  HOST: z._default(z.string(), "127.0.0.1"),
  // 5173, as `pnpm start`: the API's WEB_ORIGIN (CORS) expects the app there by default.
  PORT: z._default(
    z.pipe(
      z.string().check(z.regex(/^\d{1,5}$/, { error: PORT_ERROR })),
      z.transform(Number).check(z.maximum(65_535, { error: PORT_ERROR })),
    ),
    5173,
  ),
});

export interface ServerEnv {
  host: string;
  /** 0: any free port. */
  port: number;
}

/** The configuration, or an Error naming every bad variable. */
export function parseServerEnv(source: Record<string, string | undefined>): ServerEnv {
  const present = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value.trim() !== ""),
  );
  const result = ServerEnvSchema.safeParse(present);
  if (!result.success) {
    const issues = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${issues.join("\n")}`);
  }
  return { host: result.data.HOST, port: result.data.PORT };
}
