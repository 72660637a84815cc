// Test-only: issue 23's household calls as apps/api answers them, for fake-api.ts: the person's
// household (GET /households/me, 404 in none), creating one (the domain's rule on the name, 422),
// invitation links (single-use: 404 unknown, 410 used, 409 in a household already), removing a
// member (the owner only) and leaving (the next member owns it; the last one's ends it).
import {
  type Household,
  HouseholdCreateSchema,
  type HouseholdInvitation,
} from "@life-admin/domain/household";
import type { User } from "@life-admin/domain";

export const NOT_IN_A_HOUSEHOLD = "You are not in a household";
export const ALREADY_IN_A_HOUSEHOLD =
  "You are already in a household. Leave it before creating or joining another.";
export const INVITATION_NOT_FOUND = "This invitation link is not valid. Ask for a new one.";
export const INVITATION_USED = "This invitation link has already been used. Ask for a new one.";

/** The web origin the fake's invitation links point at. */
export const FAKE_WEB_ORIGIN = "http://app.test";

export interface FakeHouseholds {
  /** The person's household as GET /households/me answers it; null when in none. */
  mine: Household | null;
  /** Invitation links by token: the household each joins, and whether it was used. */
  invitations: Map<string, { household: Household; used: boolean }>;
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

export function fakeHouseholds(
  user: User,
  now: () => Date,
  seed: { household?: Household; invitations?: Record<string, Household> } = {},
) {
  const state: FakeHouseholds = {
    mine: seed.household ?? null,
    invitations: new Map(
      Object.entries(seed.invitations ?? {}).map(([token, household]) => [
        token,
        { household, used: false },
      ]),
    ),
  };
  let made = 0;
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
    switch (route) {
      case "GET /households/me":
        return answer(mine);
      case "POST /households/me/invitations": {
        if (!owner) return refusal(403, "Only the household's owner can invite people");
        made += 1;
        const token = `invitation-token-${String(made)}`;
        state.invitations.set(token, { household: mine, used: false });
        const expires = new Date(now().getTime() + 7 * 24 * 60 * 60 * 1000);
        const invitation: HouseholdInvitation = {
          url: `${FAKE_WEB_ORIGIN}/join#${token}`,
          token,
          expires_at: expires.toISOString(),
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
