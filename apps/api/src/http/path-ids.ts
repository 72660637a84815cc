// A record's id in a path (`/tasks/{task_id}`): the digits of a positive whole number, as
// FastAPI's `int` path parameters take it; anything else is a 422 naming the parameter
// (decisions D1). An id the column could not hold names no record: a 404 like any unknown id,
// never a database error (db/own-records.ts).
import * as z from "zod/mini";
import { LARGEST_ID } from "../db/own-records.js";
import { described } from "./json-schema.js";

/** Digits without a sign, a leading zero, a fraction or an exponent: "12", not "012" or "1e1". */
const ID_DIGITS = /^[1-9][0-9]*$/;

/** A path parameter holding a record's id, read as a number (`description` for the document). */
export function pathId(description: string) {
  return described(
    z.codec(
      z.string().check(z.regex(ID_DIGITS, { error: "Input should be a positive whole number" })),
      z.int().check(z.minimum(1)),
      // Past the column's range, every id reads as the first id past it, which no record has.
      { decode: (digits) => Math.min(Number(digits), LARGEST_ID + 1), encode: String },
    ),
    { description },
  );
}
