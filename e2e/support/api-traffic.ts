// What the browser asked of the API, as the network saw it (CORS preflights left out).
import type { BrowserContext, Page, Request, Response } from "@playwright/test";

export interface ApiTraffic {
  /** Requests to a path ("/auth/refresh"), in the order they were sent. */
  requests(path: string): Request[];
  /** Statuses answered for a path, in the order they arrived. */
  statuses(path: string): number[];
  /** Every request to the API so far. */
  all(): Request[];
  /** Every answer's path and status so far, in the order they arrived. */
  answers(): { path: string; status: number }[];
}

export function watchApiTraffic(target: Page | BrowserContext, apiUrl: string): ApiTraffic {
  const sent: Request[] = [];
  const answered: Response[] = [];
  const isApi = (request: Request) =>
    request.url().startsWith(`${apiUrl}/`) && request.method() !== "OPTIONS";
  target.on("request", (request) => {
    if (isApi(request)) sent.push(request);
  });
  target.on("response", (response) => {
    if (isApi(response.request())) answered.push(response);
  });
  const pathOf = (url: string) => new URL(url).pathname;
  return {
    requests: (path) => sent.filter((request) => pathOf(request.url()) === path),
    statuses: (path) =>
      answered.filter((response) => pathOf(response.url()) === path).map((r) => r.status()),
    all: () => [...sent],
    answers: () => answered.map((r) => ({ path: pathOf(r.url()), status: r.status() })),
  };
}
