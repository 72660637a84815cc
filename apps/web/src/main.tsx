// The browser entry: the dashboard's early requests, styles, configuration, and the app started
// in #root with a client that takes those early answers. zod's English messages (1.1 kB) follow
// once the app has started: only a failed check shows them, and the forms load them themselves.
import { earlyAnswers } from "./early-requests-entry";
import "@life-admin/ui/styles.css";
import { env } from "./env";
import { startApp } from "./start-app";

const container = document.getElementById("root");
if (container === null) throw new Error("index.html has no #root");
startApp(container, { apiBaseUrl: env.apiBaseUrl, fetch: earlyAnswers.fetch });
void import("./zod-locale");
