// issue 19: the feed address's Copy button. The async Clipboard API, which a page may use on a
// person's press; it rejects where the browser refuses (no secure context, a denied permission),
// and the button then says so.
export function copyText(text: string): Promise<void> {
  // Absent outside a secure context, where the type says it is always there.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- see above
  if (!navigator.clipboard) return Promise.reject(new Error("The clipboard is not available"));
  return navigator.clipboard.writeText(text);
}
