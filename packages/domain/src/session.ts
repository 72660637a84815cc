// Issue 22: a signed-in device, as GET /users/me/sessions answers it. One session is one sign-in,
// one refresh-token family (decisions D3); signing it out ends the family at once.
import * as z from "zod/mini";
import { IsoDateTimeSchema } from "./iso-dates.js";

export const SessionSchema = /* @__PURE__ */ z.object({
  /**
   * The sign-in's id (a UUID): DELETE /users/me/sessions/{id} signs it out. A plain string here:
   * z.guid() would bring its check into the web app's first download, where the schemas live.
   */
  id: z.string(),
  /** A coarse description of the browser that signed in ("Chrome on Linux"); null when unknown. */
  device: z.nullable(z.string()),
  created_at: IsoDateTimeSchema,
  /** When the sign-in last refreshed its tokens (its creation until then). */
  last_used_at: IsoDateTimeSchema,
  /** The sign-in of the access token that asked: the device the person is using now. */
  current: z.boolean(),
});
export type Session = z.infer<typeof SessionSchema>;

/** POST /users/me/sessions/sign-out-others: how many other sign-ins were ended. */
export const SessionsSignedOutSchema = /* @__PURE__ */ z.object({
  signed_out: z.int().check(z.minimum(0)),
});
export type SessionsSignedOut = z.infer<typeof SessionsSignedOutSchema>;
