// GET /docs: an interactive reference (Swagger UI) over /openapi.json. Its files are served from
// the swagger-ui-dist package, so it works offline and loads nothing from a CDN.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { Hono } from "hono";
import type { AppEnv } from "../app-env.js";

const swaggerUiDir = dirname(
  createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"),
);

// validatorUrl null: Swagger UI would otherwise send the document to validator.swagger.io.
const INIT_SCRIPT = `window.addEventListener("load", function () {
  window.ui = SwaggerUIBundle({
    url: "/openapi.json",
    dom_id: "#swagger-ui",
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
  });
});
`;

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Life Admin API reference</title>
    <link rel="stylesheet" href="/docs/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/docs/swagger-ui-bundle.js"></script>
    <script src="/docs/init.js"></script>
  </body>
</html>
`;

// Scripts only from here (no inline script); Swagger UI sets inline styles and data: images.
const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "connect-src 'self'; font-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const ASSETS: Record<string, string> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
};

export function docsRoutes() {
  const app = new Hono<AppEnv>();
  const cache = new Map<string, string>();

  app.get("/docs", (c) => {
    c.header("Content-Security-Policy", CSP);
    return c.html(PAGE);
  });
  app.get("/docs/init.js", (c) => {
    c.header("Content-Type", "text/javascript; charset=utf-8");
    return c.body(INIT_SCRIPT);
  });
  for (const [file, type] of Object.entries(ASSETS)) {
    app.get(`/docs/${file}`, async (c) => {
      let body = cache.get(file);
      if (body === undefined) {
        body = await readFile(join(swaggerUiDir, file), "utf8");
        cache.set(file, body);
      }
      c.header("Content-Type", type);
      c.header("Cache-Control", "public, max-age=86400");
      return c.body(body);
    });
  }
  return app;
}
