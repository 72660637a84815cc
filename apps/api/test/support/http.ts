// Small request helpers over app.request(): JSON in, status and JSON out.
import type { Hono } from "hono";

export interface JsonResponse {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}

export interface RequestOptions {
  token?: string;
  headers?: Record<string, string>;
  /** A value to send as JSON, or a raw string to send as is. */
  body?: unknown;
  raw?: string;
}

// Hono's app type varies with its routes; the helpers only need `request`.
type App = Pick<Hono, "request">;

export async function call(
  app: App,
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<JsonResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== undefined) headers.Authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.raw !== undefined) body = options.raw;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === "content-type")) {
    headers["Content-Type"] = "application/json";
  }
  const response = await app.request(path, {
    method,
    headers,
    ...(body !== undefined ? { body } : {}),
  });
  const text = await response.text();
  let parsed: unknown = null;
  if (response.headers.get("content-type")?.includes("json")) parsed = JSON.parse(text) as unknown;
  return { status: response.status, headers: response.headers, body: parsed, text };
}

export const get = (app: App, path: string, options?: RequestOptions) =>
  call(app, "GET", path, options);
export const post = (app: App, path: string, options?: RequestOptions) =>
  call(app, "POST", path, options);
