// decisions D7: the lists show amounts with "$" and two decimals (the form shows "£").
// A per-user currency will replace this with Intl.NumberFormat (D7, later step).

/** "$9.99" for 9.99, "$12.00" for 12. */
export function formatDollars(amount: number): string {
  return `$${amount.toFixed(2)}`;
}
