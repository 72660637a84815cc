// Generated requests name the credentials they carry instead of holding them: a real token is
// made for each request when it is sent (a fresh sign-in for those that would end one), so that
// generation stays pure and replayable and no request ends the session the others rely on. The
// ids in a path (`/tasks/{task_id}`) name records made for the request's new sign-in likewise, so
// that an edit, a completion or a deletion never touches the records of the long-lived session.
// A feed token in a path (`/calendar/{token}.ics`) is a new sign-in's, with records in its feed.

export const PLACEHOLDER = {
  /** The access token of the suite's one long-lived session (never sent to logout). */
  access: "⟨access⟩",
  /** A new sign-in's access token, made for this request. */
  freshAccess: "⟨fresh-access⟩",
  /** A new sign-in's refresh token, made for this request. */
  freshRefresh: "⟨fresh-refresh⟩",
  /** A refresh token that has already been rotated once (presenting it is reuse). */
  usedRefresh: "⟨used-refresh⟩",
  /** The state of a sign-in attempt the API really started (GET /auth/google/login). */
  issuedState: "⟨issued-state⟩",
  /** The id of a task made for this request's new sign-in (the user of ⟨fresh-access⟩). */
  freshTask: "⟨fresh-task⟩",
  /** The same, completed once: there is a completion to undo. */
  freshCompletedTask: "⟨fresh-completed-task⟩",
  /** The id of a subscription made for this request's new sign-in. */
  freshSubscription: "⟨fresh-subscription⟩",
  /** The calendar feed token of a new sign-in with a task and a subscription (issue 19). */
  feedToken: "⟨feed-token⟩",
} as const;

/** The records a path placeholder stands for. */
export type FreshRecord = "task" | "completed task" | "subscription";

export type Placeholder = (typeof PLACEHOLDER)[keyof typeof PLACEHOLDER];

export const ALL_PLACEHOLDERS = Object.values(PLACEHOLDER);
