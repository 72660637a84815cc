// issue 23: the header's "My View" / "Family view", remembered on this device for the next visit
// (in localStorage, as the session is: the app needs it).
import type { ViewMode } from "@life-admin/ui";

const KEY = "life-admin.view";

export const rememberedView = (): ViewMode =>
  localStorage.getItem(KEY) === "family" ? "family" : "my";

export function rememberView(view: ViewMode): void {
  localStorage.setItem(KEY, view);
}
