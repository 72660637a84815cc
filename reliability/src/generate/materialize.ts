// Turns a generated request's placeholders into real credentials, made for that request.
import type { TokenSet } from "@life-admin/domain";
import type { OutgoingRequest } from "../http-exchange.js";
import {
  ALL_PLACEHOLDERS,
  PLACEHOLDER,
  type FreshRecord,
  type Placeholder,
} from "./placeholders.js";

export interface CredentialSource {
  /** The long-lived session's access token. */
  access: string;
  /** A new sign-in. */
  signIn(): Promise<TokenSet>;
  /** Rotates a refresh token once; the new set. */
  refresh(refreshToken: string): Promise<TokenSet>;
  /** Starts a sign-in at the API; the state it issued. */
  issueState(): Promise<string>;
  /** Makes a record of the user whose access token this is; its id. */
  createRecord(kind: FreshRecord, accessToken: string): Promise<number>;
  /** The token in the calendar feed URL of the user whose access token this is. */
  feedToken(accessToken: string): Promise<string>;
}

const RECORD_OF: Partial<Record<Placeholder, FreshRecord>> = {
  [PLACEHOLDER.freshTask]: "task",
  [PLACEHOLDER.freshCompletedTask]: "completed task",
  [PLACEHOLDER.freshSubscription]: "subscription",
};

export async function materialize(
  request: OutgoingRequest,
  source: CredentialSource,
): Promise<OutgoingRequest> {
  const texts = [
    request.path,
    request.query,
    ...request.headers.map(([, value]) => value),
    request.body?.text ?? "",
  ];
  const wanted = ALL_PLACEHOLDERS.filter((p) => texts.some((text) => text.includes(p)));
  if (wanted.length === 0) return request;

  // One fresh sign-in per request serves every placeholder that needs one.
  let fresh: TokenSet | undefined;
  const freshSet = async () => (fresh ??= await source.signIn());
  const values = new Map<Placeholder, string>();
  for (const placeholder of wanted) {
    switch (placeholder) {
      case PLACEHOLDER.access:
        values.set(placeholder, source.access);
        break;
      case PLACEHOLDER.freshAccess:
        values.set(placeholder, (await freshSet()).access_token);
        break;
      case PLACEHOLDER.freshRefresh:
        values.set(placeholder, (await freshSet()).refresh_token);
        break;
      case PLACEHOLDER.usedRefresh: {
        const used = await source.signIn();
        await source.refresh(used.refresh_token);
        values.set(placeholder, used.refresh_token);
        break;
      }
      case PLACEHOLDER.issuedState:
        values.set(placeholder, await source.issueState());
        break;
      case PLACEHOLDER.freshTask:
      case PLACEHOLDER.freshCompletedTask:
      case PLACEHOLDER.freshSubscription: {
        const kind = RECORD_OF[placeholder] ?? "task";
        const id = await source.createRecord(kind, (await freshSet()).access_token);
        values.set(placeholder, String(id));
        break;
      }
      case PLACEHOLDER.feedToken: {
        // Something in the feed, so that its events are generated and checked too.
        const access = (await freshSet()).access_token;
        await source.createRecord("task", access);
        await source.createRecord("subscription", access);
        values.set(placeholder, await source.feedToken(access));
        break;
      }
    }
  }
  const fill = (text: string, encode: (value: string) => string = (v) => v) => {
    let out = text;
    for (const [placeholder, value] of values) out = out.replaceAll(placeholder, encode(value));
    return out;
  };
  return {
    ...request,
    path: fill(request.path),
    query: fill(request.query, encodeURIComponent),
    headers: request.headers.map(([name, value]) => [name, fill(value)]),
    body: request.body === null ? null : { ...request.body, text: fill(request.body.text) },
  };
}
