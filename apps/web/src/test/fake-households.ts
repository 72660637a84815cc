// Test-only: issue 23's household calls as apps/api answers them, for fake-api.ts: the person's
// household (GET /households/me, 404 in none), creating one (the domain's rule on the name, 422),
// invitation links (single-use: 404 unknown, 410 used, 409 in a household already; what one would
// join, asked before, as the owner made it), the owner's
// links not used yet and withdrawing one (the owner only; 404 when not waiting), removing a member
// (the owner only) and leaving (the next member owns it; the last one's ends it).
import {
  type Household,
  HouseholdCreateSchema,
  type HouseholdInvitation,
  type PendingInvitation,
} from "@life-admin/domain/household";
import type { User } from "@life-admin/domain";

export const NOT_IN_A_HOUSEHOLD = "You are not in a household";
export const ALREADY_IN_A_HOUSEHOLD =
  "You are already in a household. Leave it before creating or joining another.";
export const INVITATION_NOT_FOUND = "This invitation link is not valid. Ask for a new one.";
export const INVITATION_USED = "This invitation link has already been used. Ask for a new one.";
const DAY_MS = 24 * 60 * 60 * 1000;

/** The web origin the fake's invitation links point at. */
export const FAKE_WEB_ORIGIN = "http://app.test";

export interface FakeHouseholds {
  /** The person's household as GET /households/me answers it; null when in none. */
  mine: Household | null;
  /** Invitation links by token: the household each joins, whether it was used, and as listed. */
  invitations: Map<string, FakeInvitation>;
}

interface FakeInvitation {
  household: Household;
  used: boolean;
  link: PendingInvitation;
}

interface Call {
  method: string;
  path: string;
  body: unknown;
}

const answer = (body: unknown, status = 200) =>
  new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: body === null ? {} : { "Content-Type": "application/json" },
  });
const refusal = (status: number, detail: string) => answer({ detail }, status);

/** Marks the seeded link of `token` used, as if someone else had joined with it. */
export function usedElsewhere(households: FakeHouseholds, token: string): void {
  const invitation = households.invitations.get(token);
  if (invitation === undefined) throw new Error(`no invitation link ${token} was seeded`);
  invitation.used = true;
}

export function fakeHouseholds(
  user: User,
  now: () => Date,
  seed: { household?: Household; invitations?: Record<string, Household> } = {},
) {
  let made = 0;
  /** A new link to `household`, made at the fake's clock, for 7 days. */
  const invitationTo = (household: Household): FakeInvitation => {
    made += 1;
    const at = now();
    const link = {
      id: made,
      created_at: at.toISOString(),
      expires_at: new Date(at.getTime() + 7 * DAY_MS).toISOString(),
    };
    return { household, used: false, link };
  };
  const state: FakeHouseholds = {
    mine: seed.household ?? null,
    invitations: new Map(
      Object.entries(seed.invitations ?? {}).map(([token, household]) => [
        token,
        invitationTo(household),
      ]),
    ),
  };
  /** The links of `household` that can still join someone, the newest first. */
  const waitingOf = (household: Household) =>
    [...state.invitations.entries()]
      .filter(([, { household: to, used, link }]) => {
        return to.id === household.id && !used && Date.parse(link.expires_at) > now().getTime();
      })
      .sort(([, a], [, b]) => b.link.id - a.link.id);
  const me = () => ({ user_id: user.id, full_name: user.full_name });

  function respond({ method, path, body }: Call): Response {
    const mine = state.mine;
    const route = `${method} ${path}`;
    if (route === "POST /households/") {
      const parsed = HouseholdCreateSchema.safeParse(body);
      if (!parsed.success) {
        const msg = parsed.error.issues[0]?.message ?? "";
        return answer({ detail: [{ loc: ["body", "name"], msg, type: "value_error" }] }, 422);
      }
      if (mine) return refusal(409, ALREADY_IN_A_HOUSEHOLD);
      state.mine = { id: 70, name: parsed.data.name, members: [{ ...me(), role: "owner" }] };
      return answer(state.mine, 201);
    }
    if (route === "POST /households/join/preview") {
      const { token } = body as { token: string };
      const invitation = state.invitations.get(token);
      if (invitation === undefined) return refusal(404, INVITATION_NOT_FOUND);
      if (invitation.used) return refusal(410, INVITATION_USED);
      if (mine) return refusal(409, ALREADY_IN_A_HOUSEHOLD);
      const { household, link } = invitation;
      const owner = household.members.find((member) => member.role === "owner");
      return answer({
        household_name: household.name,
        invited_by: owner?.full_name ?? null,
        expires_at: link.expires_at,
      });
    }
    if (route === "POST /households/join") {
      const { token } = body as { token: string };
      const invitation = state.invitations.get(token);
      if (invitation === undefined) return refusal(404, INVITATION_NOT_FOUND);
      if (invitation.used) return refusal(410, INVITATION_USED);
      if (mine) return refusal(409, ALREADY_IN_A_HOUSEHOLD);
      invitation.used = true;
      const { household } = invitation;
      state.mine = { ...household, members: [...household.members, { ...me(), role: "member" }] };
      return answer(state.mine);
    }
    if (mine === null) return refusal(404, NOT_IN_A_HOUSEHOLD);
    const owner = mine.members.some((m) => m.user_id === user.id && m.role === "owner");
    const removal = /^\/households\/me\/members\/(\d+)$/.exec(path);
    if (method === "DELETE" && removal) {
      if (!owner) return refusal(403, "Only the household's owner can remove members");
      const id = Number(removal[1]);
      if (id === user.id)
        return refusal(409, "You cannot remove yourself: leave the household instead");
      if (!mine.members.some((m) => m.user_id === id)) return refusal(404, "Member not found");
      state.mine = { ...mine, members: mine.members.filter((m) => m.user_id !== id) };
      return answer(null, 204);
    }
    const withdrawal = /^\/households\/me\/invitations\/(\d+)$/.exec(path);
    if (method === "DELETE" && withdrawal) {
      if (!owner) return refusal(403, "Only the household's owner can withdraw invitation links");
      const id = Number(withdrawal[1]);
      const waiting = waitingOf(mine).find(([, { link }]) => link.id === id);
      if (waiting === undefined) return refusal(404, "Invitation link not found");
      state.invitations.delete(waiting[0]);
      return answer(null, 204);
    }
    switch (route) {
      case "GET /households/me":
        return answer(mine);
      case "GET /households/me/invitations":
        if (!owner) return refusal(403, "Only the household's owner can see its invitation links");
        return answer(waitingOf(mine).map(([, { link }]) => link));
      case "POST /households/me/invitations": {
        if (!owner) return refusal(403, "Only the household's owner can invite people");
        const fresh = invitationTo(mine);
        const token = `invitation-token-${String(fresh.link.id)}`;
        state.invitations.set(token, fresh);
        const invitation: HouseholdInvitation = {
          ...fresh.link,
          url: `${FAKE_WEB_ORIGIN}/join#${token}`,
          token,
        };
        return answer(invitation, 201);
      }
      case "POST /households/me/leave":
        state.mine = null;
        return answer(null, 204);
      default:
        return refusal(404, "Not Found");
    }
  }

  return { state, respond };
}
