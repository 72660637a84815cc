// Test-only: a fetch injected into the app's client that answers as apps/api does (paths, JSON
// shapes, 201 on create, 204 on delete, FastAPI-shaped 401/404/409/422 bodies), keeps what is
// created, changed and deleted, and records every call with the page's address at that moment.
// Answers can be held back or made to fail. issue 18: a task's completions follow decisions D9
// (the domain's completeOccurrence from the task's anchor, every `interval` of its frequency's
// units; skip moves it the same way and is kept as a skip; uncomplete undoes the latest); renewal dates are kept as given (the tests' dates are in
// the future). Every task and subscription answers its interval (1 unless set; 1 for "Once"). issue 19: the calendar feed
// (connected unless seeded otherwise, so that a save elsewhere closes as it always did; a rotation
// makes a new address) and a task's .ics text. issue 20: the reminders due now, by the domain's
// rules at the fake's clock in the user's time zone, with read marks; PATCH /users/me. issue 21:
// stored files: an upload is "reading" at first and read at the next GET of it, into the proposal
// (or the reason it cannot be read) the test seeded for its name; its type from the browser's
// claim (the real API reads the bytes). issue 22: the signed-in devices (this one alone unless
// seeded), signed out one at a time or all but the current one.
import {
  ACCEPTED_UPLOAD_TYPES,
  type CalendarFeed,
  INVALID_FILE_TYPE_MESSAGE,
  NotificationsReadSchema,
  type StoredFile,
  type Subscription,
  SubscriptionCreateSchema,
  SubscriptionUpdateSchema,
  type Task,
  TASK_HISTORY_LIMIT,
  TaskCompletionSchema,
  TaskCreateSchema,
  TaskUpdateSchema,
  type User,
  UserUpdateSchema,
  completeOccurrence,
  dueReminders,
  instantOf,
  isoInstantAt,
  notificationOf,
  subscriptionTotals,
  totalsAnswer,
  keptInterval,
  keptRepeatUntil,
  pastRepeatEnd,
  repeatUntilProblem,
} from "@life-admin/domain";
import { SCHEDULE_FIELDS, completedAfterEdit } from "@life-admin/domain/task-completion";
import { type Session } from "@life-admin/domain/account";
import type { Household } from "@life-admin/domain/household";
import { type FakeHouseholds, fakeHouseholds } from "./fake-households";
import { tokenSet } from "./tokens";

export const API_BASE_URL = "http://api.test";
export const AUTHORIZATION_URL = "http://api.test/oidc/auth?client_id=life-admin-local";
export const REFRESHED = tokenSet("refreshed");
/** decisions D2: the one-time code the API's callback hands this fake's only sign-in. */
export const SIGN_IN_CODE = "one-time-code";
/** The secret the tab that started that sign-in kept (sessionStorage). */
export const SIGN_IN_SECRET = "the-secret-this-tab-kept-for-its-sign-in-00";
/** The session the exchange of SIGN_IN_CODE with SIGN_IN_SECRET answers. */
export const SIGNED_IN = tokenSet("signed-in");
export const EXCHANGE_REFUSED =
  "This sign-in link is invalid, expired or was started in another browser; please sign in again";

export interface RecordedCall {
  method: string;
  /** "/tasks/" */
  path: string;
  query: URLSearchParams;
  authorization: string | null;
  /** The parsed JSON body, or null. */
  body: unknown;
  /** window.location.href when the request was made. */
  pageAddress: string;
}

type Answer = (call: RecordedCall) => Response | Promise<Response>;

/** issue 23: what a task or subscription says of its sharing. */
interface Sharing {
  owner_id: number;
  shared: boolean;
  assignee_id: number | null;
}

/** The sharing a create or an edit's body sets. */
function sharingIn(body: unknown): Partial<Sharing> {
  const { shared, assignee_id } = (body ?? {}) as Partial<Sharing>;
  return {
    ...(shared === undefined ? {} : { shared }),
    ...(assignee_id === undefined ? {} : { assignee_id }),
  };
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

/** A 422 as the API sends it (decisions D1). */
export function validationError(field: string, msg: string): Response {
  return json({ detail: [{ loc: ["body", field], msg, type: "value_error" }] }, 422);
}

/** The API's 409 for an undo that would not open an ended series again (decisions D9). */
const SERIES_ENDED_TEXT =
  "This task's series has ended on its Repeat until: set a later Repeat until to open it again";

/** A 404 or 409 as the API sends it. */
function refusal(status: number, detail: string): Response {
  return json({ detail }, status);
}

/** Where a task stands in its schedule, and the completions uncomplete can undo (API's columns). */
interface Schedule {
  anchorMs: number;
  occurrence: number;
  completions: { due_date: string; occurrence: number; completed_at: string; skipped: boolean }[];
}

/** issue 21: what reading a file gives: a proposal, or why it cannot be read. */
export type FileReading = { proposal: StoredFile["proposal"] } | { error: string };

export interface Held {
  release: (response?: Response) => void;
}

export interface FakeApi {
  fetch: (request: Request) => Promise<Response>;
  calls: RecordedCall[];
  user: User;
  tasks: Task[];
  subscriptions: Subscription[];
  /** issue 19: the person's calendar feed as GET /calendar/feed answers it. */
  calendarFeed: CalendarFeed;
  /** issue 20: the reminders marked read, by id. */
  readReminders: Set<string>;
  /** issue 21: the stored files, as GET /files/{id} answers them, and their bytes. */
  files: StoredFile[];
  fileBytes: Map<number, Uint8Array<ArrayBuffer>>;
  /** issue 22: the signed-in devices, as GET /users/me/sessions answers them. */
  sessions: Session[];
  /** issue 23: the person's household and the invitation links (fake-households.ts). */
  households: FakeHouseholds;
  /** Calls to `METHOD /path`. */
  callsTo: (method: string, path: string) => RecordedCall[];
  /** The next call to `METHOD /path` gets this answer instead. */
  answerNext: (method: string, path: string, answer: Answer) => void;
  /** The next call to `METHOD /path` waits until released (with its normal answer by default). */
  holdNext: (method: string, path: string) => Held;
  /** A request made without fetch (the upload's XMLHttpRequest), its body as the page had it. */
  receive: (request: {
    method: string;
    url: string;
    authorization: string | null;
    body: unknown;
  }) => Promise<Response>;
}

/** Saturday 21 November 2026, 09:00 UTC: the clock of the dashboard tests. */
export const NOW = new Date("2026-11-21T09:00:00Z");

export const SAMPLE_USER: User = {
  id: 1,
  email: "ada@example.test",
  full_name: "Ada Lovelace",
  picture: null,
  created_at: "2026-01-01T00:00:00Z",
  time_zone: "UTC",
  email_reminders: false,
  reminder_hour: 8,
  currency: "USD",
  currency_chosen: false,
  time_zone_chosen: false,
  email_available: false,
  email_last_error: null,
};

/** issue 22: the device the tests run in, signed in since the user's first day. */
export const THIS_SESSION: Session = {
  id: "00000000-0000-4000-8000-000000000001",
  device: "Chrome on Linux",
  created_at: "2026-11-01T08:00:00Z",
  last_used_at: "2026-11-21T08:30:00Z",
  current: true,
};

/** The feed's address after `rotations` rotations. */
function feedAt(rotations: number): Pick<CalendarFeed, "url" | "webcal_url"> {
  const path = `api.test/calendar/feed-token-${String(rotations)}.ics`;
  return { url: `http://${path}`, webcal_url: `webcal://${path}` };
}

/** A task as GET /tasks/{id}/ics answers it (only what the tests read). */
function taskIcs(task: Task): string {
  return `BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:${task.title}\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n`;
}

export function fakeApi(
  seed: {
    user?: User;
    tasks?: Task[];
    subscriptions?: Subscription[];
    calendarFeed?: Partial<CalendarFeed>;
    /** The clock that says which reminders are due. Default: the tests' NOW. */
    now?: () => Date;
    /** What reading an uploaded file gives, by its name; unreadable without an entry. */
    readings?: Record<string, FileReading>;
    sessions?: Session[];
    /** issue 23: the person's household; in none by default. */
    household?: Household;
    /** issue 23: invitation links by token, each to the household it joins. */
    invitations?: Record<string, Household>;
  } = {},
): FakeApi {
  const calls: RecordedCall[] = [];
  const user = { ...(seed.user ?? SAMPLE_USER) };
  // issue 23: every record says whose it is and whether it is shared, as the API's do (the
  // seed's are the person's own and private unless they say otherwise).
  const sharing = <Item extends object>(item: Item, body: unknown = {}) => ({
    owner_id: user.id,
    shared: false,
    assignee_id: null,
    ...sharingIn(body),
    ...item,
  });
  // decisions D9: every record answers its interval, 1 unless it was seeded with one.
  const tasks: Task[] = (seed.tasks ?? []).map((task) => sharing({ interval: 1, ...task }));
  const subscriptions: Subscription[] = (seed.subscriptions ?? []).map((item) =>
    sharing({ interval: 1, ...item }),
  );
  /** issue 23: My View is all of this one person's records; Family view their shared ones. */
  const inView = <Item extends object>(call: RecordedCall, items: Item[]) =>
    call.query.get("view") === "family"
      ? items.filter((item) => (item as Partial<Sharing>).shared === true)
      : items;
  const now = seed.now ?? (() => NOW);
  const readReminders = new Set<string>();
  const files: StoredFile[] = [];
  const fileBytes = new Map<number, Uint8Array<ArrayBuffer>>();
  const sessions = [...(seed.sessions ?? [THIS_SESSION])];
  const households = fakeHouseholds(user, now, seed);
  const overrides = new Map<string, Answer[]>();
  const schedules = new Map<number, Schedule>();
  let nextId = 100;
  let rotations = 0;
  const calendarFeed: CalendarFeed = {
    ...feedAt(rotations),
    connected: true,
    last_fetched_at: null,
    ...seed.calendarFeed,
  };

  /** The reminders due at the fake's clock, newest first, as the API works them out. */
  /** The reminders due now: of My View's records, or of the household's (`view=family`). */
  const reminders = (call: RecordedCall) =>
    dueReminders({
      nowMs: now().getTime(),
      timeZone: user.time_zone,
      tasks: inView(call, tasks).map((task) => ({ ...task, dueMs: instantOf(task.due_date) })),
      subscriptions: inView(call, subscriptions).map((subscription) => ({
        ...subscription,
        interval: subscription.interval ?? 1,
        renewalAnchor: subscription.next_renewal_date,
        remindDaysBefore: subscription.remind_days_before,
      })),
    });

  /** POST /files/: the file stored, to be read at the next look. */
  async function storeFile(body: unknown): Promise<Response> {
    const file = body instanceof FormData ? body.get("file") : null;
    if (!(file instanceof File)) return validationError("file", "Field required");
    if (file.size === 0) return validationError("file", "The file is empty");
    const type = ACCEPTED_UPLOAD_TYPES.find((accepted) => accepted.mimeType === file.type);
    if (type === undefined) return json({ detail: INVALID_FILE_TYPE_MESSAGE }, 415);
    const stored: StoredFile = {
      id: (nextId += 1),
      name: file.name,
      content_type: type.mimeType,
      size: file.size,
      created_at: isoInstantAt(now().getTime()),
      status: "reading",
      proposal: null,
      error: null,
    };
    files.unshift(stored);
    fileBytes.set(stored.id, new Uint8Array(await file.arrayBuffer()));
    return json(stored, 201);
  }

  /** GET, DELETE /files/{id} and GET /files/{id}/content. */
  function fileAnswer(call: RecordedCall, id: number, content: boolean): Response {
    const index = files.findIndex((file) => file.id === id);
    const file = files[index];
    if (file === undefined) return refusal(404, "File not found");
    if (call.method === "DELETE") {
      files.splice(index, 1);
      for (const record of [...tasks, ...subscriptions])
        if (record.file_id === id) record.file_id = null;
      return new Response(null, { status: 204 });
    }
    if (content) {
      return new Response(fileBytes.get(id) ?? null, {
        headers: {
          "Content-Type": file.content_type,
          "Content-Disposition": `attachment; filename="${file.name}"`,
        },
      });
    }
    if (file.status === "reading") {
      const reading = seed.readings?.[file.name] ?? { error: "No text was found in it." };
      Object.assign(
        file,
        "error" in reading
          ? { status: "unreadable", error: reading.error }
          : { status: "read", proposal: reading.proposal },
      );
    }
    return json(file);
  }

  const scheduleOf = (task: Task): Schedule => {
    let schedule = schedules.get(task.id);
    if (!schedule) {
      schedule = { anchorMs: instantOf(task.due_date), occurrence: 0, completions: [] };
      schedules.set(task.id, schedule);
    }
    return schedule;
  };

  /** GET, PATCH, DELETE /tasks/{id}, POST /tasks/{id}/complete, /skip and /uncomplete, its history. */
  function taskAnswer(call: RecordedCall, id: number, action: string | undefined): Response {
    const index = tasks.findIndex((task) => task.id === id);
    const task = tasks[index];
    if (task === undefined) return refusal(404, "Task not found");
    const schedule = scheduleOf(task);
    const route = `${call.method} ${action ?? ""}`;
    if (route === "GET ") return json(task);
    if (route === "GET /completions") {
      const latest = schedule.completions.slice(-TASK_HISTORY_LIMIT).reverse();
      return json({
        total: schedule.completions.length,
        skips: schedule.completions.filter((completion) => completion.skipped).length,
        completions: latest.map(({ due_date, completed_at, skipped }) => ({
          due_date,
          completed_at,
          skipped,
        })),
      });
    }
    if (route === "GET /ics")
      return new Response(taskIcs(task), {
        headers: {
          "Content-Type": "text/calendar; charset=utf-8",
          // As the API names it: the title's letters and digits.
          "Content-Disposition": `attachment; filename="${task.title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}.ics"`,
        },
      });
    if (route === "DELETE ") {
      tasks.splice(index, 1);
      return new Response(null, { status: 204 });
    }
    if (route === "PATCH ") {
      const parsed = TaskUpdateSchema.safeParse(call.body);
      if (!parsed.success) return validationError("body", parsed.error.issues[0]?.message ?? "");
      const edited: Task = { ...task, ...parsed.data, ...sharingIn(call.body) };
      if (parsed.data.notes !== undefined) edited.description = parsed.data.notes;
      // decisions D9: a task that happens once keeps an interval of 1, whatever is sent.
      if (edited.frequency === "Once") Object.assign(edited, { interval: 1, repeat_until: null });
      // decisions D9: a recurring task is completed exactly when its series has ended.
      if (SCHEDULE_FIELDS.some((field) => field in parsed.data)) {
        edited.completed = completedAfterEdit(task, {
          frequency: edited.frequency,
          dueMs: instantOf(edited.due_date),
          until: edited.repeat_until,
        });
      }
      // decisions D9: a new due date, frequency or interval starts the schedule again from it.
      if (
        edited.due_date !== task.due_date ||
        edited.frequency !== task.frequency ||
        edited.interval !== task.interval
      ) {
        Object.assign(schedule, { anchorMs: instantOf(edited.due_date), occurrence: 0 });
        edited.repeats_from = edited.due_date;
      }
      tasks[index] = edited;
      return json(edited);
    }
    if (route === "POST /complete" || route === "POST /skip") {
      const skipped = route === "POST /skip";
      const parsed = TaskCompletionSchema.safeParse(call.body ?? {});
      if (!parsed.success)
        return validationError("due_date", parsed.error.issues[0]?.message ?? "");
      const seen = parsed.data.due_date ?? task.due_date;
      // Completed already, or another occurrence is current: it stands as it is.
      if (task.completed) return json(task);
      if (skipped && task.frequency === "Once")
        return refusal(
          409,
          "Only a repeating task can be skipped; a task that happens once can be marked done or deleted",
        );
      if (instantOf(seen) !== instantOf(task.due_date)) return json(task);
      schedule.completions.push({
        due_date: task.due_date,
        occurrence: schedule.occurrence,
        completed_at: isoInstantAt(now().getTime()),
        skipped,
      });
      const done = completeOccurrence(
        {
          ...schedule,
          frequency: task.frequency,
          interval: task.interval ?? 1,
          until: task.repeat_until,
        },
        { nowMs: now().getTime(), timeZone: user.time_zone },
      );
      schedule.occurrence = done.occurrence;
      tasks[index] = { ...task, due_date: isoInstantAt(done.dueMs), completed: done.completed };
      return json(tasks[index]);
    }
    if (route === "POST /uncomplete") {
      const latest = schedule.completions.at(-1);
      // decisions D9: an ended series opens again only at a date on or before its end.
      const ended = task.completed && task.frequency !== "Once";
      if (ended && (!latest || pastRepeatEnd(instantOf(latest.due_date), task.repeat_until)))
        return refusal(409, SERIES_ENDED_TEXT);
      if (!latest) return refusal(409, "This task has no completion to undo");
      schedule.completions.pop();
      schedule.occurrence = latest.occurrence;
      tasks[index] = { ...task, due_date: latest.due_date, completed: false };
      return json(tasks[index]);
    }
    return refusal(404, "Not Found");
  }

  /** GET, PATCH, DELETE /subscriptions/{id}. */
  function subscriptionAnswer(call: RecordedCall, id: number): Response {
    const index = subscriptions.findIndex((subscription) => subscription.id === id);
    const subscription = subscriptions[index];
    if (subscription === undefined) return refusal(404, "Subscription not found");
    if (call.method === "GET") return json(subscription);
    if (call.method === "DELETE") {
      subscriptions.splice(index, 1);
      return new Response(null, { status: 204 });
    }
    const parsed = SubscriptionUpdateSchema.safeParse(call.body);
    if (!parsed.success) return validationError("body", parsed.error.issues[0]?.message ?? "");
    subscriptions[index] = { ...subscription, ...parsed.data, ...sharingIn(call.body) };
    return json(subscriptions[index]);
  }

  const key = (method: string, path: string) => `${method} ${path}`;

  function normal(call: RecordedCall): Response | Promise<Response> {
    const route = key(call.method, call.path);
    if (route === "GET /auth/google/login") return json({ authorization_url: AUTHORIZATION_URL });
    if (route === "POST /auth/refresh") return json(REFRESHED);
    if (route === "POST /auth/logout") return new Response(null, { status: 204 });
    if (route === "POST /auth/google/exchange") {
      const { code, browser_verifier } = call.body as {
        code?: unknown;
        browser_verifier?: unknown;
      };
      if (code === SIGN_IN_CODE && browser_verifier === SIGN_IN_SECRET) return json(SIGNED_IN);
      return json({ detail: EXCHANGE_REFUSED }, 400);
    }
    if (call.authorization === null) return json({ detail: "Not authenticated" }, 401);
    const taskPath = /^\/tasks\/(\d+)(\/complete|\/skip|\/uncomplete|\/ics|\/completions)?$/.exec(
      call.path,
    );
    if (taskPath) return taskAnswer(call, Number(taskPath[1]), taskPath[2]);
    const filePath = /^\/files\/(\d+)(\/content)?$/.exec(call.path);
    if (filePath) return fileAnswer(call, Number(filePath[1]), filePath[2] !== undefined);
    const subscriptionPath = /^\/subscriptions\/(\d+)$/.exec(call.path);
    if (subscriptionPath) return subscriptionAnswer(call, Number(subscriptionPath[1]));
    const sessionPath = /^\/users\/me\/sessions\/([^/]+)$/.exec(call.path);
    if (call.method === "DELETE" && sessionPath) {
      const index = sessions.findIndex((session) => session.id === sessionPath[1]);
      if (index < 0) return refusal(404, "Session not found");
      sessions.splice(index, 1);
      return new Response(null, { status: 204 });
    }
    if (call.path.startsWith("/households/")) return households.respond(call);
    switch (route) {
      case "GET /users/me":
        return json(user);
      case "PATCH /users/me": {
        const parsed = UserUpdateSchema.safeParse(call.body);
        if (!parsed.success) {
          const [issue] = parsed.error.issues;
          return validationError(String(issue?.path[0] ?? "body"), issue?.message ?? "");
        }
        Object.assign(user, parsed.data);
        if (parsed.data.currency !== undefined) user.currency_chosen = true;
        return json(user);
      }
      case "GET /users/me/sessions":
        return json(sessions);
      case "POST /users/me/sessions/sign-out-others": {
        const others = sessions.filter((session) => !session.current);
        sessions.splice(0, sessions.length, ...sessions.filter((session) => session.current));
        return json({ signed_out: others.length });
      }
      case "GET /files/":
        return json(files);
      case "POST /files/":
        return storeFile(call.body);
      case "GET /notifications/":
        return json(reminders(call).map((due) => notificationOf(due, readReminders.has(due.key))));
      case "POST /notifications/read": {
        const parsed = NotificationsReadSchema.safeParse(call.body);
        if (!parsed.success) return validationError("body", parsed.error.issues[0]?.message ?? "");
        const current = reminders(call).map((due) => due.key);
        const ids = "ids" in parsed.data ? parsed.data.ids : current;
        for (const id of ids) if (current.includes(id)) readReminders.add(id);
        return new Response(null, { status: 204 });
      }
      case "GET /tasks/":
        return json(inView(call, tasks));
      case "GET /subscriptions/":
        return json(inView(call, subscriptions));
      case "GET /calendar/feed":
        return json(calendarFeed);
      case "PATCH /calendar/feed": {
        const { connected } = call.body as { connected?: unknown };
        if (typeof connected !== "boolean") return validationError("connected", "Not a boolean");
        calendarFeed.connected = connected;
        return json(calendarFeed);
      }
      case "POST /calendar/feed/rotate":
        rotations += 1;
        Object.assign(calendarFeed, feedAt(rotations));
        return json(calendarFeed);
      case "GET /subscriptions/totals":
        return json(totalsAnswer(subscriptionTotals(subscriptions)));
      case "POST /tasks/": {
        const parsed = TaskCreateSchema.safeParse(call.body);
        if (!parsed.success) return validationError("body", parsed.error.issues[0]?.message ?? "");
        const { notes = null, ...rest } = parsed.data;
        const endProblem = repeatUntilProblem(
          rest.due_date,
          keptRepeatUntil(rest.frequency, rest.repeat_until),
        );
        if (endProblem !== null) return validationError("repeat_until", endProblem);
        const task: Task = sharing(
          {
            id: (nextId += 1),
            ...rest,
            // decisions D9: a task that happens once is kept with an interval of 1.
            interval: keptInterval(rest.frequency, rest.interval),
            repeat_until: keptRepeatUntil(rest.frequency, rest.repeat_until),
            notes,
            description: notes,
            category: null,
            completed: false,
          },
          call.body,
        );
        tasks.push(task);
        return json(task, 201);
      }
      case "POST /subscriptions/": {
        const parsed = SubscriptionCreateSchema.safeParse(call.body);
        if (!parsed.success) return validationError("body", parsed.error.issues[0]?.message ?? "");
        const subscription: Subscription = sharing(
          { id: (nextId += 1), ...parsed.data, cancel_link: parsed.data.cancel_link ?? null },
          call.body,
        );
        subscriptions.push(subscription);
        return json(subscription, 201);
      }
      default:
        return json({ detail: "Not Found" }, 404);
    }
  }

  const api: FakeApi = {
    calls,
    user,
    tasks,
    subscriptions,
    calendarFeed,
    readReminders,
    files,
    fileBytes,
    sessions,
    households: households.state,
    callsTo: (method, path) => calls.filter((c) => c.method === method && c.path === path),
    answerNext(method, path, answer) {
      const queue = overrides.get(key(method, path)) ?? [];
      queue.push(answer);
      overrides.set(key(method, path), queue);
    },
    holdNext(method, path) {
      let release: (response?: Response) => void = () => undefined;
      const gate = new Promise<Response | undefined>((resolve) => {
        release = resolve;
      });
      api.answerNext(method, path, async (call) => (await gate) ?? normal(call));
      return {
        release: (response) => {
          release(response);
        },
      };
    },
    async fetch(request) {
      const text = await request.text();
      return api.receive({
        method: request.method,
        url: request.url,
        authorization: request.headers.get("Authorization"),
        body: text === "" ? null : (JSON.parse(text) as unknown),
      });
    },
    async receive({ method, url: address, authorization, body }) {
      const url = new URL(address);
      const call: RecordedCall = {
        method,
        path: url.pathname,
        query: url.searchParams,
        authorization,
        body,
        pageAddress: window.location.href,
      };
      calls.push(call);
      const answer = overrides.get(key(call.method, call.path))?.shift();
      return answer ? answer(call) : normal(call);
    },
  };
  return api;
}
