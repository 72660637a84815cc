// Hono answers a known path with the wrong method as "not found"; FastAPI (and HTTP) says 405
// with an Allow header. This finds the methods a path does have.
import type { RouterRoute } from "hono/types";

function patternOf(path: string): RegExp {
  const source = path
    .split("/")
    .map((part) => {
      if (part === "*") return ".*";
      if (part.startsWith(":")) return "[^/]+";
      return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    })
    .join("/");
  return new RegExp(`^${source}$`);
}

/** The methods registered for `path` (HEAD with GET), or an empty list for an unknown path. */
export function allowedMethods(routes: readonly RouterRoute[], path: string): string[] {
  const methods = new Set<string>();
  for (const route of routes) {
    if (route.method === "ALL" || !patternOf(route.path).test(path)) continue;
    methods.add(route.method);
    if (route.method === "GET") methods.add("HEAD");
  }
  if (methods.size > 0) methods.add("OPTIONS");
  return [...methods].sort();
}
