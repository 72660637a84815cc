// Request bodies the route tests share.

/** A task as the Add form sends it, every field filled in. */
export const RENEW_PASSPORT = {
  title: "Renew passport",
  due_date: "2026-03-01T09:30:00Z",
  frequency: "Yearly",
  priority: "High",
  notes: "Bring two photos",
};
