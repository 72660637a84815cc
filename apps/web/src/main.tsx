// The browser entry: the dashboard's early requests, styles, configuration, and the app started
// in #root with a client that takes those early answers. zod's English messages (1.1 kB) come
// with the forms, which load them themselves (forms/form-rules.ts); a check failed before a form
// was opened reads zod's short default. Loading them here too, after the start, split zod's core
// into a file of its own in the first download (issue 19, about 0.3 kB of issue 7's budget).
import { earlyAnswers } from "./early-requests-entry";
import "@life-admin/ui/styles.css";
import { env } from "./env";
import { startApp } from "./start-app";

const container = document.getElementById("root");
if (container === null) throw new Error("index.html has no #root");
startApp(container, { apiBaseUrl: env.apiBaseUrl, fetch: earlyAnswers.fetch });
