// The rules the Add forms share. A form holds what its inputs hold (strings); its schema checks
// every field with the domain's rules, so that every message shows at once beside its field, then
// builds the API body and checks that with the API's own schema.
import { IsoDateSchema, instantOf } from "@life-admin/domain";
import { RepeatIntervalSchema } from "@life-admin/domain/forms";
import * as z from "zod/mini";
// A message the domain does not word itself must read as English, not "Invalid input", even if
// the form opens before main.tsx's later load of the locale has arrived.
import "../zod-locale";

/** A required date input: `message` when it is empty, then the domain's calendar-date rule. */
export function requiredDate(message: string) {
  return z.pipe(z.string().check(z.minLength(1, { error: message })), IsoDateSchema);
}

/**
 * Repeat every: required, then a whole number from 1 to 99 by the domain's rule and in its words
 * (text that is no number reads as NaN, "Repeat every must be a whole number").
 */
export const RepeatEverySchema = z.pipe(
  z.pipe(
    z.string().check(z.trim(), z.minLength(1, { error: "Repeat every is required" })),
    z.transform(Number),
  ),
  RepeatIntervalSchema,
);

/** The form's schema: `fields` checked, then `toBody`'s API body checked with `body`. */
export function formSchema<Fields extends z.ZodMiniObject, Body extends z.ZodMiniType>(
  fields: Fields,
  toBody: (form: z.output<Fields>) => z.input<Body>,
  body: Body,
): z.ZodMiniType<z.output<Body>, z.input<Fields>> {
  // zod relates a pipe's two ends only for concrete types: here `body` reads what `toBody`
  // returns, which its signature holds, so the pipe is typed by hand.
  const built: z.ZodMiniType = z.pipe(fields, z.transform(toBody));
  const checked = z.pipe(built, body);
  return checked as unknown as z.ZodMiniType<z.output<Body>, z.input<Fields>>;
}

/** Equal values, and two writings of one instant ("...T09:00:00Z", "...T09:00:00.000Z"). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "string" || typeof b !== "string") return false;
  const at = instantOf(a);
  return !Number.isNaN(at) && at === instantOf(b);
}

/**
 * issue 18: an edit form's body less what the record already holds: a PATCH sends what the person
 * changed, so an unchanged due date or frequency keeps the schedule's anchor (decisions D9).
 */
export function changedFields<Body extends object>(record: object, body: Body): Partial<Body> {
  const held = record as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(body).filter(([field, value]) => !sameValue(held[field], value)),
  ) as Partial<Body>;
}

/** The inputs a body field is read from, where their names differ. */
const INPUTS_OF: Readonly<Record<string, readonly string[]>> = {
  due_date: ["due_date", "time"],
  remind_days_before: ["remind_me"],
};

/**
 * issue 18: an edit's changes less the fields whose inputs the person left as they were, so that a
 * value the form cannot show as stored (a reminder of 5 days, seconds in a due time) is kept.
 */
export function editedFields<Body extends object>(
  changes: Partial<Body>,
  isDirty: (input: string) => boolean,
): Partial<Body> {
  return Object.fromEntries(
    Object.entries(changes).filter(([field]) => (INPUTS_OF[field] ?? [field]).some(isDirty)),
  ) as Partial<Body>;
}
