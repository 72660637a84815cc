// Issue 23, decisions D16: households and their members in the database. Every function takes the
// signed-in user's id and reaches only the household that user is in: another household's id is
// never an input. Refusals are ApiErrors thrown inside the transaction, so nothing of a refused
// request stays written (a used invitation is unused again).
import type {
  Household,
  HouseholdRole,
  InvitationPreview,
  PendingInvitation,
} from "@life-admin/domain/household";
import { and, asc, count, desc, eq, gt, isNull, lte, sql } from "drizzle-orm";
import { ApiError } from "../errors/api-error.js";
import type { Db } from "./database.js";
import { isoInstant } from "./json-fields.js";
import { LARGEST_ID } from "./own-records.js";
import { householdInvitations, householdMembers, households, users } from "./schema.js";

export const NOT_IN_A_HOUSEHOLD = "You are not in a household";
export const ALREADY_IN_A_HOUSEHOLD =
  "You are already in a household. Leave it before creating or joining another.";
export const ALREADY_IN_THIS_HOUSEHOLD = "You are already in this household";
export const ONLY_THE_OWNER_INVITES = "Only the household's owner can invite people";
export const ONLY_THE_OWNER_REMOVES = "Only the household's owner can remove members";
export const ONLY_THE_OWNER_SEES_LINKS = "Only the household's owner can see its invitation links";
export const ONLY_THE_OWNER_WITHDRAWS = "Only the household's owner can withdraw invitation links";
export const OWNER_LEAVES_INSTEAD = "You cannot remove yourself: leave the household instead";
export const MEMBER_NOT_FOUND = "Member not found";
export const INVITATION_NOT_FOUND = "This invitation link is not valid. Ask for a new one.";
export const INVITATION_USED = "This invitation link has already been used. Ask for a new one.";
export const INVITATION_EXPIRED = "This invitation link has expired. Ask for a new one.";
/** A withdrawal of a link that is not a waiting one of the owner's household. */
export const PENDING_INVITATION_NOT_FOUND = "Invitation link not found";
/** Links made and not yet used nor expired, at most, per household. */
export const MAX_PENDING_INVITATIONS = 20;
export const TOO_MANY_INVITATIONS =
  `This household has ${MAX_PENDING_INVITATIONS} invitation links waiting to be used. ` +
  "Withdraw one, or wait until one is used or expires (7 days), before making another.";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Reader = Db | Tx;

interface Membership {
  householdId: number;
  role: HouseholdRole;
}

async function membershipOf(db: Reader, userId: number): Promise<Membership | null> {
  const [row] = await db
    .select({ householdId: householdMembers.householdId, role: householdMembers.role })
    .from(householdMembers)
    .where(eq(householdMembers.userId, userId));
  return row ?? null;
}

async function householdById(db: Reader, householdId: number): Promise<Household | null> {
  const [household] = await db
    .select({ id: households.id, name: households.name })
    .from(households)
    .where(eq(households.id, householdId));
  if (household === undefined) return null;
  const members = await db
    .select({
      user_id: householdMembers.userId,
      full_name: users.fullName,
      role: householdMembers.role,
    })
    .from(householdMembers)
    .innerJoin(users, eq(users.id, householdMembers.userId))
    .where(eq(householdMembers.householdId, householdId))
    .orderBy(
      sql`${householdMembers.role} = 'owner' DESC`,
      asc(householdMembers.joinedAt),
      asc(householdMembers.userId),
    );
  return { ...household, members };
}

/** The owner's membership, or the refusal: not in a household (404), not its owner (403). */
async function ownerships(db: Reader, userId: number, notOwner: string): Promise<Membership> {
  const membership = await membershipOf(db, userId);
  if (membership === null) throw new ApiError(404, NOT_IN_A_HOUSEHOLD);
  if (membership.role !== "owner") throw new ApiError(403, notOwner);
  return membership;
}

/** An invitation that can still join someone at `now`: not used, not expired. */
function waitingAt(now: Date) {
  return and(isNull(householdInvitations.usedAt), gt(householdInvitations.expiresAt, now));
}

/**
 * Why the link whose token hashes to `tokenHash`, found not waiting (waitingAt), cannot join
 * anyone: unknown (404), or used or expired (410).
 */
async function refusalOf(db: Reader, tokenHash: string): Promise<ApiError> {
  const [invitation] = await db
    .select({ usedAt: householdInvitations.usedAt })
    .from(householdInvitations)
    .where(eq(householdInvitations.tokenHash, tokenHash));
  if (invitation === undefined) return new ApiError(404, INVITATION_NOT_FOUND);
  return new ApiError(410, invitation.usedAt === null ? INVITATION_EXPIRED : INVITATION_USED);
}

/** Refuses (409) joining `householdId` to a person in it already, or in another household. */
function refuseMember(membership: Membership | null, householdId: number): void {
  if (membership?.householdId === householdId) {
    throw new ApiError(409, ALREADY_IN_THIS_HOUSEHOLD);
  }
  if (membership !== null) throw new ApiError(409, ALREADY_IN_A_HOUSEHOLD);
}

/** Adds `userId` to `householdId` unless they are in a household already (409, whichever). */
async function addMember(tx: Tx, householdId: number, userId: number, role: HouseholdRole) {
  const added = await tx
    .insert(householdMembers)
    .values({ householdId, userId, role })
    .onConflictDoNothing({ target: householdMembers.userId })
    .returning({ userId: householdMembers.userId });
  if (added.length === 0) throw new ApiError(409, ALREADY_IN_A_HOUSEHOLD);
}

export function householdsOf(db: Db) {
  return {
    /** The household `userId` is in, with its members; null when none. */
    async of(userId: number): Promise<Household | null> {
      const membership = await membershipOf(db, userId);
      return membership === null ? null : householdById(db, membership.householdId);
    },

    /** A new household named `name`, `userId` its owner. */
    create(userId: number, name: string): Promise<Household> {
      return db.transaction(async (tx) => {
        const [household] = await tx
          .insert(households)
          .values({ name })
          .returning({ id: households.id });
        if (household === undefined) throw new Error("the household was not created");
        await addMember(tx, household.id, userId, "owner");
        const made = await householdById(tx, household.id);
        if (made === null) throw new Error("the household was not created");
        return made;
      });
    },

    /**
     * Stores an invitation of the owner's household by its token's hash, made `now` (the API's
     * clock, as its expiry is) until `expiresAt`; the link as listed.
     */
    invite(
      userId: number,
      tokenHash: string,
      now: Date,
      expiresAt: Date,
    ): Promise<PendingInvitation> {
      return db.transaction(async (tx) => {
        const { householdId } = await ownerships(tx, userId, ONLY_THE_OWNER_INVITES);
        const ofHousehold = eq(householdInvitations.householdId, householdId);
        // Links that can no longer be used are of no use to anyone: gone when the next is made.
        await tx
          .delete(householdInvitations)
          .where(and(ofHousehold, lte(householdInvitations.expiresAt, now)));
        const [pending] = await tx
          .select({ n: count() })
          .from(householdInvitations)
          .where(and(ofHousehold, isNull(householdInvitations.usedAt)));
        if ((pending?.n ?? 0) >= MAX_PENDING_INVITATIONS) {
          throw new ApiError(409, TOO_MANY_INVITATIONS);
        }
        const [made] = await tx
          .insert(householdInvitations)
          .values({ householdId, tokenHash, createdBy: userId, createdAt: now, expiresAt })
          .returning({ id: householdInvitations.id });
        if (made === undefined) throw new Error("the invitation was not stored");
        return { id: made.id, created_at: isoInstant(now), expires_at: isoInstant(expiresAt) };
      });
    },

    /** The owner's links that can still join someone at `now`, the newest first. */
    async pending(userId: number, now: Date): Promise<PendingInvitation[]> {
      const { householdId } = await ownerships(db, userId, ONLY_THE_OWNER_SEES_LINKS);
      const rows = await db
        .select({
          id: householdInvitations.id,
          createdAt: householdInvitations.createdAt,
          expiresAt: householdInvitations.expiresAt,
        })
        .from(householdInvitations)
        .where(and(eq(householdInvitations.householdId, householdId), waitingAt(now)))
        .orderBy(desc(householdInvitations.createdAt), desc(householdInvitations.id));
      return rows.map((row) => ({
        id: row.id,
        created_at: isoInstant(row.createdAt),
        expires_at: isoInstant(row.expiresAt),
      }));
    },

    /**
     * The owner withdraws a waiting link of their household: its row goes, so joining with it is
     * refused as an unknown link is. False when there is no such link (another household's, used,
     * expired or withdrawn already): a 404 that tells nothing of other households.
     */
    withdraw(userId: number, invitationId: number, now: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const { householdId } = await ownerships(tx, userId, ONLY_THE_OWNER_WITHDRAWS);
        if (invitationId > LARGEST_ID) return false;
        const withdrawn = await tx
          .delete(householdInvitations)
          .where(
            and(
              eq(householdInvitations.id, invitationId),
              eq(householdInvitations.householdId, householdId),
              waitingAt(now),
            ),
          )
          .returning({ id: householdInvitations.id });
        return withdrawn.length > 0;
      });
    },

    /**
     * What joining with the invitation whose token hashes to `tokenHash` would join, refused as
     * joining would be (404, 410, 409), and changing nothing: the link stays unused.
     */
    async preview(userId: number, tokenHash: string | null, now: Date): Promise<InvitationPreview> {
      if (tokenHash === null) throw new ApiError(404, INVITATION_NOT_FOUND);
      const [invitation] = await db
        .select({
          householdId: householdInvitations.householdId,
          expiresAt: householdInvitations.expiresAt,
          householdName: households.name,
          invitedBy: users.fullName,
        })
        .from(householdInvitations)
        .innerJoin(households, eq(households.id, householdInvitations.householdId))
        .leftJoin(users, eq(users.id, householdInvitations.createdBy))
        .where(and(eq(householdInvitations.tokenHash, tokenHash), waitingAt(now)));
      if (invitation === undefined) throw await refusalOf(db, tokenHash);
      refuseMember(await membershipOf(db, userId), invitation.householdId);
      return {
        household_name: invitation.householdName,
        invited_by: invitation.invitedBy,
        expires_at: isoInstant(invitation.expiresAt),
      };
    },

    /** Joins `userId` to the household of the invitation whose token hashes to `tokenHash`. */
    join(userId: number, tokenHash: string | null, now: Date): Promise<Household> {
      return db.transaction(async (tx) => {
        if (tokenHash === null) throw new ApiError(404, INVITATION_NOT_FOUND);
        const [used] = await tx
          .update(householdInvitations)
          .set({ usedAt: now, usedBy: userId })
          .where(and(eq(householdInvitations.tokenHash, tokenHash), waitingAt(now)))
          .returning({ householdId: householdInvitations.householdId });
        if (used === undefined) throw await refusalOf(tx, tokenHash);
        refuseMember(await membershipOf(tx, userId), used.householdId);
        // Still refused if another request put the person in a household meanwhile (addMember).
        await addMember(tx, used.householdId, userId, "member");
        const joined = await householdById(tx, used.householdId);
        if (joined === null) throw new Error("the household went away while joining it");
        return joined;
      });
    },

    /** The owner removes `memberId` from their household: false when no such member. */
    remove(userId: number, memberId: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const { householdId } = await ownerships(tx, userId, ONLY_THE_OWNER_REMOVES);
        if (memberId === userId) throw new ApiError(409, OWNER_LEAVES_INSTEAD);
        if (memberId > LARGEST_ID) return false;
        const removed = await tx
          .delete(householdMembers)
          .where(
            and(
              eq(householdMembers.householdId, householdId),
              eq(householdMembers.userId, memberId),
            ),
          )
          .returning({ userId: householdMembers.userId });
        return removed.length > 0;
      });
    },

    /** `userId` leaves their household: false when they are in none. */
    async leave(userId: number): Promise<boolean> {
      const left = await db
        .delete(householdMembers)
        .where(eq(householdMembers.userId, userId))
        .returning({ userId: householdMembers.userId });
      return left.length > 0;
    },
  };
}
