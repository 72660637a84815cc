// Issue 23: a household as the API answers it, with its members. An entry of its own
// (@life-admin/domain/household-answer) that only the API imports: a bundle that imports z.array
// anywhere keeps zod's arrays in the zod it loads first, and the web app's household screens
// (@life-admin/domain/household) check the members one by one instead (api-client's
// household-calls.ts), which keeps them out of its first download (0.33 kB).
import * as z from "zod/mini";
import { HouseholdHeadSchema, HouseholdMemberSchema } from "./household.js";

export const HouseholdSchema = /* @__PURE__ */ z.object({
  ...HouseholdHeadSchema.shape,
  members: z.array(HouseholdMemberSchema),
});
