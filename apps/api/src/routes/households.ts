// Issue 23, decisions D16: a household that shares life admin. One household per person; its
// owner invites by a single-use link that expires after 7 days (only the token's SHA-256 is
// stored), sees the links still waiting and may withdraw one, and may remove members; anyone may
// leave. Membership is read from the database on every request, so a person removed is out at
// their next request.
import { INVITATION_LIFETIME_DAYS } from "@life-admin/domain/household";
import * as z from "zod/mini";
import { tokenHashOf, tokenWithHash } from "../auth/random-tokens.js";
import { requireUser } from "../auth/require-user.js";
import {
  ALREADY_IN_A_HOUSEHOLD,
  INVITATION_NOT_FOUND,
  MEMBER_NOT_FOUND,
  NOT_IN_A_HOUSEHOLD,
  PENDING_INVITATION_NOT_FOUND,
  householdsOf,
} from "../db/households.js";
import type { AppDeps } from "../deps.js";
import { pathId } from "../http/path-ids.js";
import { created, noContent, ok, signedInRoutes } from "../http/route-group.js";
import {
  Household,
  HouseholdCreate,
  HouseholdInvitation,
  HouseholdJoin,
  InvitationPreview,
  PendingInvitation,
} from "../http/schemas.js";

const DAY_MS = 24 * 60 * 60 * 1000;
const MemberId = z.object({ user_id: pathId("The member's user id, from GET /households/me") });
const InvitationId = z.object({
  invitation_id: pathId("The link's id, from GET /households/me/invitations"),
});
const NOT_THE_OWNER = "The user is a member, not the household's owner";
const JOIN_REFUSALS = {
  409: "The user is in a household already",
  410: "The link has been used, or has expired",
};

export function householdRoutes(deps: AppDeps) {
  const routes = signedInRoutes("households", requireUser(deps.tokens));
  const households = householdsOf(deps.database.db);

  routes.post(
    "/households/",
    {
      summary: "Create a household, the signed-in user its owner",
      body: HouseholdCreate,
      answer: created(Household, "The new household"),
      refusals: { 409: ALREADY_IN_A_HOUSEHOLD },
    },
    ({ user, body }) => households.create(user.id, body.name),
  );

  routes.get(
    "/households/me",
    {
      summary: "The signed-in user's household and its members",
      description: "The owner first, then the members in the order they joined.",
      answer: ok(Household, "The household"),
      notFound: NOT_IN_A_HOUSEHOLD,
    },
    ({ user }) => households.of(user.id),
  );

  routes.post(
    "/households/me/invitations",
    {
      summary: "Make an invitation link (the owner only)",
      description:
        `A link that joins one person to the household, once, within ${INVITATION_LIFETIME_DAYS} ` +
        "days. The token is shown only in this answer: the server keeps its SHA-256 alone.",
      answer: created(HouseholdInvitation, "The link to send"),
      notFound: NOT_IN_A_HOUSEHOLD,
      refusals: {
        403: NOT_THE_OWNER,
        409: "The household has as many unused links as it may have",
      },
    },
    async ({ user }) => {
      const { token, hash } = tokenWithHash();
      const now = deps.now();
      const expiresAt = new Date(now.getTime() + INVITATION_LIFETIME_DAYS * DAY_MS);
      const made = await households.invite(user.id, hash, now, expiresAt);
      return { ...made, url: `${deps.config.webOrigin}/join#${token}`, token };
    },
  );

  routes.get(
    "/households/me/invitations",
    {
      summary: "The invitation links still waiting to be used (the owner only)",
      description:
        "Each link made and neither used nor expired, the newest first: its id and when it was " +
        "made and stops working. Not its token or address, which the server does not keep.",
      answer: ok(z.array(PendingInvitation), "The links"),
      notFound: NOT_IN_A_HOUSEHOLD,
      refusals: { 403: NOT_THE_OWNER },
    },
    ({ user }) => households.pending(user.id, deps.now()),
  );

  routes.delete(
    "/households/me/invitations/{invitation_id}",
    {
      summary: "Withdraw an invitation link (the owner only)",
      description:
        "The link stops working at once: joining with it is refused as with an unknown link. A " +
        "link already used or expired, or of another household, is not found.",
      params: InvitationId,
      answer: noContent("Withdrawn"),
      notFound: PENDING_INVITATION_NOT_FOUND,
      refusals: { 403: NOT_THE_OWNER },
    },
    async ({ user, params }) =>
      (await households.withdraw(user.id, params.invitation_id, deps.now())) || null,
  );

  routes.post(
    "/households/join/preview",
    {
      summary: "What an invitation link's token would join, without joining",
      description:
        "The household's name, who made the link and when it stops working, for the page that " +
        "asks the person to join. Refused as joining would be; the link stays unused.",
      body: HouseholdJoin,
      answer: ok(InvitationPreview, "The household the link joins"),
      notFound: INVITATION_NOT_FOUND,
      refusals: JOIN_REFUSALS,
    },
    ({ user, body }) => households.preview(user.id, tokenHashOf(body.token), deps.now()),
  );

  routes.post(
    "/households/join",
    {
      summary: "Join a household with an invitation link's token",
      body: HouseholdJoin,
      answer: ok(Household, "The household joined"),
      notFound: INVITATION_NOT_FOUND,
      refusals: JOIN_REFUSALS,
    },
    ({ user, body }) => households.join(user.id, tokenHashOf(body.token), deps.now()),
  );

  routes.delete(
    "/households/me/members/{user_id}",
    {
      summary: "Remove a member from the household (the owner only)",
      description: "The member's next request no longer sees anything of the household's.",
      params: MemberId,
      answer: noContent("Removed"),
      notFound: MEMBER_NOT_FOUND,
      refusals: {
        403: NOT_THE_OWNER,
        409: "The owner tried to remove themselves (they leave instead)",
      },
    },
    async ({ user, params }) => (await households.remove(user.id, params.user_id)) || null,
  );

  routes.post(
    "/households/me/leave",
    {
      summary: "Leave the household",
      description:
        "When the owner leaves, the member who joined first after them becomes the owner; the " +
        "last to leave ends the household.",
      answer: noContent("Left"),
      notFound: NOT_IN_A_HOUSEHOLD,
    },
    async ({ user }) => (await households.leave(user.id)) || null,
  );

  return routes.app;
}
