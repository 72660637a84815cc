// The person's household as Settings loads it (use-settings-loads.ts) and its sections read it.
import type { Household } from "@life-admin/api-client/households";

/**
 * In a box of its own: null is Loaded's "loading", and a person in none has
 * `{ household: null }`.
 */
export interface OwnHousehold {
  household: Household | null;
}
