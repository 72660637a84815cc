// A bank account's statement (issue 21): money in and out between an opening and a closing
// balance. It records what was paid, and asks for nothing: no sum, no date to pay by, and the
// subscriptions its rows name are not its own.

/** The two balances that bracket the period ("Opening balance ... Closing balance"). */
const OPENING_BALANCE = /\b(?:opening|starting|beginning|start) balance\b/;
const CLOSING_BALANCE = /\b(?:closing|ending|end) balance\b/;
/** Money moved both ways, as the statement's totals or its columns name it. */
const MONEY_IN = /\b(?:money|paid) in\b|\bdeposits?\b|\b(?:total )?credits\b/;
const MONEY_OUT = /\b(?:money|paid) out\b|\bwithdrawals?\b|\b(?:total )?debits\b/;
/**
 * A sum asked for: a loan's or a card's statement has opening and closing balances too, and a
 * payment due.
 */
const ASKS_FOR_PAYMENT =
  /\b(?:amount|payment|balance|total|sum) (?:now )?(?:due|payable|owed|to pay)\b|\bminimum (?:monthly )?(?:re)?payment\b|\bplease pay\b|\bpay(?:ment)? by\b|\bdue date\b/;

/** Whether the text (lower-cased) is a bank account's statement, which asks for nothing. */
export function isAccountStatement(lower: string): boolean {
  return (
    OPENING_BALANCE.test(lower) &&
    CLOSING_BALANCE.test(lower) &&
    MONEY_IN.test(lower) &&
    MONEY_OUT.test(lower) &&
    !ASKS_FOR_PAYMENT.test(lower)
  );
}
