// What went wrong, in the words Settings' sections show: an Error's message (the api-client's
// ApiError carries the API's detail), or whatever else was thrown, as text. Settings' own: shared
// wider, the bundler puts it in the dashboard's first download (issue 7's budget).
export function messageOf(failure: unknown): string {
  return failure instanceof Error ? failure.message : String(failure);
}
