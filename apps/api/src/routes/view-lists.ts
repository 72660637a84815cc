// Issue 23: a list route's two views. My View's answer is kept for the signed-in user, as every
// list is; Family view's for their household at its revision (households.revision, which every
// shared write moves), one for all its members, and it is empty to a person in no household.
import { ListViewSchema, type ListView } from "@life-admin/domain/household";
import type { Context } from "hono";
import * as z from "zod/mini";
import type { AppEnv } from "../app-env.js";
import { householdRevisionOf } from "../db/household-scope.js";
import type { AppDeps } from "../deps.js";
import { answerList } from "../http/list-cache.js";

/** The `view` query parameter: "mine" when left out. */
export const ViewParameter = z.optional(ListViewSchema);

/** Answers `view`'s list named `list`, read by `loads[view]` when not kept. */
export async function answerViewList(
  c: Context<AppEnv>,
  deps: AppDeps,
  view: ListView,
  list: string,
  loads: Record<ListView, () => Promise<string>>,
): Promise<Response | []> {
  if (view === "mine") return answerList(c, deps.lists, list, loads.mine);
  const theirs = await householdRevisionOf(deps.database.db, c.get("user").id);
  if (theirs === null) return [];
  return answerList(c, deps.lists, `${list} family`, loads.family, {
    key: `household ${theirs.id}`,
    revision: theirs.revision,
  });
}
