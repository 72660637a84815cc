// The built package's declarations as a Node script's TypeScript project sees them: "module":
// "nodenext", Node's typings and no DOM library, with its dependencies' declarations checked
// (skipLibCheck off). A browser-only type named in them (IDBFactory, Crypto, Storage) fails such a
// project's build; so does a record type (Task) that only the domain package, not a dependency of
// the script, exports. Needs the built package (dist/).
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const packageDir = fileURLToPath(new URL("..", import.meta.url));

const script = `
import { readFile, writeFile } from "node:fs/promises";
import { ApiError, createLifeAdminClient, memoryTokenStore } from "@life-admin/api-client";
import type { Subscription, Task, TokenSet } from "@life-admin/api-client";
import { fileCalls } from "@life-admin/api-client/files";
import { exportCalls } from "@life-admin/api-client/export";
import { importCalls } from "@life-admin/api-client/import";
import { sessionCalls } from "@life-admin/api-client/sessions";
import { householdCalls } from "@life-admin/api-client/households";
import { type TaskHistory, taskHistoryCalls } from "@life-admin/api-client/task-history";
import { calendarCalls } from "@life-admin/api-client/calendar";
import { reminderCalls } from "@life-admin/api-client/reminders";
import { accountDeletionCalls } from "@life-admin/api-client/account-deletion";
import { RequestTimeoutError, timeLimitedFetch } from "@life-admin/api-client/timeout";

const api = createLifeAdminClient({ baseUrl: "http://127.0.0.1:8000", tokens: memoryTokenStore(), fetch: timeLimitedFetch(30_000) });
const titles: string[] = (await api.tasks.list()).map((task) => task.title);
const first: Task | undefined = (await api.tasks.list())[0];
const renewals: Subscription[] = await api.subscriptions.list();
const signedIn: TokenSet = await api.auth.refresh();
const waitFor: number | null = new ApiError("x", { status: 429 }).retryAfter;
// A bill read from disk goes up as it is; the export's ZIP is saved to disk under its own name.
const bill = await fileCalls(api).upload(await readFile("bill.pdf"), "bill.pdf");
const { zip, fileName } = await exportCalls(api).export();
await writeFile(fileName, Buffer.from(await zip.arrayBuffer()));
await importCalls(api).import(await readFile(fileName));
const history: TaskHistory = await taskHistoryCalls(api).history(1);
const gaveUp = (error: unknown): number | null => error instanceof RequestTimeoutError ? error.timeoutMs : null;
console.log(titles, first, renewals, signedIn, waitFor, bill.status, history.total, gaveUp, fileCalls, exportCalls, importCalls, sessionCalls, householdCalls,
  calendarCalls, reminderCalls, accountDeletionCalls);
`;

let projectDir: string;

beforeAll(async () => {
  if (!existsSync(join(packageDir, "dist/index.d.ts"))) {
    throw new Error("The test reads the built declarations: run `pnpm build` first");
  }
  projectDir = await mkdtemp(join(tmpdir(), "api-client-node-project-"));
  await mkdir(join(projectDir, "node_modules/@life-admin"), { recursive: true });
  await symlink(packageDir, join(projectDir, "node_modules/@life-admin/api-client"), "dir");
  await writeFile(join(projectDir, "package.json"), JSON.stringify({ type: "module" }));
  await writeFile(join(projectDir, "script.ts"), script);
});

afterAll(async () => {
  await rm(projectDir, { recursive: true, force: true });
});

describe("the declarations in a Node TypeScript project", () => {
  it("type-check with nodenext, Node's typings and no DOM library", () => {
    const program = ts.createProgram([join(projectDir, "script.ts")], {
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      lib: ["lib.es2023.d.ts"],
      types: ["node"],
      typeRoots: [join(packageDir, "node_modules/@types")],
      strict: true,
      noEmit: true,
      skipLibCheck: false,
    });
    const problems = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    expect(problems).toEqual([]);
  });
});
