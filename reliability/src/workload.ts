// Records to create under load, each one recognisable afterwards by the marker in its title or
// name, and the bookkeeping of what the API acknowledged.

export type RecordKind = "tasks" | "subscriptions";

export interface Sent {
  kind: RecordKind;
  body: Record<string, unknown>;
}

/** A task or a subscription whose title or name is `marker`. */
export function recordFor(kind: RecordKind, marker: string, n: number): Sent {
  if (kind === "tasks") {
    return {
      kind,
      body: {
        title: marker,
        due_date: new Date(Date.UTC(2026, 0, 1) + n * 3_600_000)
          .toISOString()
          .replace(".000Z", "Z"),
        frequency: ["Daily", "Weekly", "Monthly", "Yearly"][n % 4],
        priority: ["Low", "Medium", "High"][n % 3],
        notes: n % 2 === 0 ? null : `notes of ${marker}`,
      },
    };
  }
  return {
    kind,
    body: {
      name: marker,
      next_renewal_date: new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString().slice(0, 10),
      cost: (n % 10_000) / 100,
      frequency: ["Daily", "Weekly", "Monthly", "Yearly"][n % 4],
      priority: ["Low", "Medium", "High"][n % 3],
      remind_days_before: n % 31,
      cancel_link: n % 3 === 0 ? null : `https://example.com/cancel/${n}`,
    },
  };
}

export function markerOf(record: Record<string, unknown>): string {
  const marker = record.title ?? record.name;
  return typeof marker === "string" ? marker : "";
}

export async function postJson(url: string, token: string, body: unknown) {
  const response = await fetch(url, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

export async function getJson(url: string, token: string) {
  const response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
  return { status: response.status, body: await response.json() };
}

export async function patchJson(url: string, token: string, body: unknown) {
  const response = await fetch(url, {
    method: "PATCH",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
