// Issue 23, decisions D16: who sees and who may change a task or subscription once records can be
// shared. Every condition reads the household's members from the database at the request, so a
// person removed from a household sees nothing of it at their next request.
//
// - its owner sees and changes it, and alone deletes it or changes whether and with whom it is
//   shared;
// - a record its owner shares is seen by every member of the owner's household (Family view);
// - the member it is assigned to sees it in their own list (My View) and may edit or complete it.
import { type Placeholder, type SQL, and, eq, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { ApiError, ValidationError } from "../errors/api-error.js";
import type { Db } from "./database.js";
import { LARGEST_ID, findOwnRecord } from "./own-records.js";
import { householdMembers, households } from "./schema.js";

export type SharableTable = PgTable & {
  id: PgColumn;
  userId: PgColumn;
  shared: PgColumn;
  assigneeId: PgColumn;
};

/** A user's id, or the placeholder of a prepared statement that will hold it. */
export type UserId = number | Placeholder;

/** The user ids in `userId`'s household, `userId` among them (none when in no household). */
function householdOf(userId: UserId): SQL {
  return sql`(select theirs.user_id from ${householdMembers} mine
    join ${householdMembers} theirs on theirs.household_id = mine.household_id
    where mine.user_id = ${userId})`;
}

/** Rows shared into `userId`'s household by any of its members (`userId` too). */
export function sharedWith(table: SharableTable, userId: UserId): SQL {
  return sql`(${table.shared} and ${table.userId} in ${householdOf(userId)})`;
}

/** My View: the user's own rows, and the shared rows of their household assigned to them. */
export function ownOrAssigned(table: SharableTable, userId: UserId): SQL {
  return sql`(${table.userId} = ${userId} or (${table.assigneeId} = ${userId} and ${sharedWith(table, userId)}))`;
}

/** How a person reaches a record they do not own. */
interface SharedRecord {
  ownerId: number;
  access: "assignee" | "viewer";
}

/**
 * How `userId` reaches the record `id` of another person's: as its assignee, as a member of the
 * household it is shared with, or not at all (null: a 404, as for any id not theirs).
 */
async function sharedRecordAccess(
  db: Db,
  table: SharableTable,
  id: number,
  userId: number,
): Promise<SharedRecord | null> {
  if (id > LARGEST_ID) return null;
  const source: PgTable = table;
  const [row] = await db
    .select({ ownerId: table.userId, assigneeId: table.assigneeId })
    .from(source)
    .where(and(eq(table.id, id), sharedWith(table, userId)));
  if (row === undefined) return null;
  return {
    ownerId: row.ownerId as number,
    access: row.assigneeId === userId ? "assignee" : "viewer",
  };
}

/**
 * The household `userId` is in, and its revision (the Family view's lists are kept for it);
 * null when in none.
 */
export async function householdRevisionOf(
  db: Db,
  userId: number,
): Promise<{ id: number; revision: number } | null> {
  const [row] = await db
    .select({ id: households.id, revision: households.revision })
    .from(householdMembers)
    .innerJoin(households, eq(households.id, householdMembers.householdId))
    .where(eq(householdMembers.userId, userId));
  return row ?? null;
}

/** A 422 naming the body's assignee_id (or shared), in FastAPI's shape. */
function sharingRefused(msg: string, field = "assignee_id"): ValidationError {
  return new ValidationError([{ loc: ["body", field], msg, type: "value_error" }]);
}

/**
 * Refuses (422) a record shared by an owner in no household (naming shared: it would show in
 * whichever household they join later, which they never chose), and an assignment (naming
 * assignee_id) unless `assigneeId` is null or the owner, or a member of the owner's household and
 * the record is (to be) shared.
 */
async function checkAssignee(
  db: Db,
  ownerId: number,
  assigneeId: number | null | undefined,
  shared: boolean,
  noun: string,
): Promise<void> {
  if (assigneeId === null || assigneeId === undefined || assigneeId === ownerId) {
    if (shared && (await householdRevisionOf(db, ownerId)) === null) {
      throw sharingRefused(`Create or join a household before sharing the ${noun}`, "shared");
    }
    return;
  }
  if (!shared) {
    throw sharingRefused(`Share the ${noun} with your household to assign it to someone else`);
  }
  const [member] =
    assigneeId > LARGEST_ID
      ? []
      : await db
          .select({ userId: householdMembers.userId })
          .from(householdMembers)
          .where(
            and(
              eq(householdMembers.userId, assigneeId),
              sql`${householdMembers.userId} in ${householdOf(ownerId)}`,
            ),
          );
  if (member === undefined) {
    throw sharingRefused(`The ${noun} can be assigned only to a member of your household`);
  }
}

/** The refusals of a change by someone who is not the record's owner. */
function notTheOwner(noun: string) {
  return {
    change: `Only the ${noun}'s owner or the member it is assigned to can change it`,
    sharing: `Only the ${noun}'s owner can change whether and with whom it is shared`,
    deletion: `Only the ${noun}'s owner can delete it`,
    // issue 21: the file is one of the owner's documents, theirs alone to link or unlink.
    file: `Only the ${noun}'s owner can change the file it was made from`,
  };
}

/**
 * What a route does when a record is not the signed-in user's own: reach it through their
 * household, or answer 404 (not theirs to see) or 403 (theirs to see, not to change).
 */
export function householdAccess<Table extends SharableTable>(db: Db, table: Table, noun: string) {
  const refused = notTheOwner(noun);
  return {
    /**
     * A record `userId` may read by id, in one query: theirs, or one shared with their household;
     * null (a 404) for any other.
     */
    async findReadable(id: number, userId: number): Promise<Table["$inferSelect"] | null> {
      if (id > LARGEST_ID) return null;
      // Drizzle cannot type a select from a table given as a type parameter; the row is the table's.
      const source: PgTable = table;
      const [row] = await db
        .select()
        .from(source)
        .where(
          and(eq(table.id, id), sql`(${table.userId} = ${userId} or ${sharedWith(table, userId)})`),
        );
      return (row as Table["$inferSelect"] | undefined) ?? null;
    },
    /** The owner of a record assigned to `userId`; null: a 404; 403 for the household's others. */
    async ownerToChange(id: number, userId: number): Promise<number | null> {
      const shared = await sharedRecordAccess(db, table, id, userId);
      if (shared === null) return null;
      if (shared.access !== "assignee") throw new ApiError(403, refused.change);
      return shared.ownerId;
    },
    /** For what only the owner does (its sharing, its deletion): null (a 404), or the 403. */
    async ownerOnly(
      id: number,
      userId: number,
      what: "sharing" | "deletion" | "file",
    ): Promise<null> {
      if ((await sharedRecordAccess(db, table, id, userId)) === null) return null;
      throw new ApiError(403, refused[what]);
    },
    /**
     * Makes `change` as `userId` (the owner's way: one statement), and only when it finds no
     * record of theirs, as the owner of the record assigned to them; null when neither (a 404).
     */
    async changeAs<Row>(
      id: number,
      userId: number,
      change: (ownerId: number) => Promise<Row | null>,
    ): Promise<Row | null> {
      const own = await change(userId);
      if (own !== null) return own;
      const ownerId = await this.ownerToChange(id, userId);
      return ownerId === null ? null : change(ownerId);
    },
    /**
     * An edit of record `id` by `userId`, made by `editAs(ownerId, edit)`: one that changes its
     * sharing is its owner's alone (checked: sharingEdit; 403 for anyone else who reaches it),
     * and so is one that sends its file (a 403 too: the owner's files are not the assignee's to
     * link, and "no file of yours" would be untrue); any other is made as the owner, or as the
     * owner of the record assigned to `userId` (changeAs). Null: a 404.
     */
    async edit<Row, Edit extends SharingEdit & FileEdit>(
      id: number,
      userId: number,
      edit: Edit,
      editAs: (ownerId: number, edit: Edit) => Promise<Row | null>,
    ): Promise<Row | null> {
      if (!changesSharing(edit) && edit.file_id !== undefined) {
        const own = await editAs(userId, edit);
        return own ?? this.ownerOnly(id, userId, "file");
      }
      if (!changesSharing(edit))
        return this.changeAs(id, userId, (ownerId) => editAs(ownerId, edit));
      const own = await findOwnRecord(db, table, id, userId);
      if (own === null) return this.ownerOnly(id, userId, "sharing");
      return editAs(userId, await this.sharingEdit(userId, own as { shared: boolean }, edit));
    },
    /**
     * The sharing columns of a new record of `ownerId`'s, checked (422 for an assignee it cannot
     * have); assigned to its owner is assigned to no one else.
     */
    async newSharing(
      ownerId: number,
      body: { shared: boolean; assignee_id?: number | null | undefined },
    ): Promise<{ shared: boolean; assigneeId: number | null }> {
      await checkAssignee(db, ownerId, body.assignee_id, body.shared, noun);
      return { shared: body.shared, assigneeId: assigneeOf(ownerId, body.assignee_id) ?? null };
    },
    /**
     * The owner's edit of a record's sharing, checked (422 for an assignee it cannot have): to
     * stop sharing gives the record back to its owner, and to assign it to oneself is to assign
     * it to no one else.
     */
    async sharingEdit<Edit extends SharingEdit>(
      ownerId: number,
      stored: { shared: boolean },
      edit: Edit,
    ): Promise<Edit> {
      const shared = edit.shared ?? stored.shared;
      // An assignee sent for a record left unshared is refused (422) as at its creation, rather
      // than dropped: suite 5 found PATCH {"assignee_id": member} answering 200, assigned to no one.
      const assignee = shared ? edit.assignee_id : (edit.assignee_id ?? null);
      await checkAssignee(db, ownerId, assignee, shared, noun);
      if (assignee === undefined) return edit;
      return { ...edit, assignee_id: assigneeOf(ownerId, assignee) };
    },
  };
}

/** The assignee as stored: the owner themselves is null (assigned to no one else). */
function assigneeOf(ownerId: number, assigneeId: number | null | undefined) {
  return assigneeId === ownerId ? null : assigneeId;
}

/** What an edit may say of a record's sharing. */
interface SharingEdit {
  shared?: boolean | undefined;
  assignee_id?: number | null | undefined;
}

/** What an edit may say of a record's source file (issue 21). */
interface FileEdit {
  file_id?: number | null | undefined;
}

/** Whether an edit changes the record's sharing (its owner's alone to change). */
const changesSharing = (edit: SharingEdit) =>
  edit.shared !== undefined || edit.assignee_id !== undefined;
