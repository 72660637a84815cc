// The browser entry: the dashboard's early requests, zod's messages, styles, configuration, and
// the app started in #root with a client that takes those early answers.
import { earlyAnswers } from "./early-requests-entry";
import "./zod-locale";
import "@life-admin/ui/styles.css";
import { env } from "./env";
import { startApp } from "./start-app";

const container = document.getElementById("root");
if (container === null) throw new Error("index.html has no #root");
startApp(container, { apiBaseUrl: env.apiBaseUrl, fetch: earlyAnswers.fetch });
