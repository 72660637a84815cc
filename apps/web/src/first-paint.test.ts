// Before any script runs, index.html already shows the app's waiting state, in LoadingScreen's
// look: on a slow network the page is no longer blank while the app's code downloads (issue 7).
import { readFileSync } from "node:fs";
import { LOADING_APP_TEXT } from "@life-admin/ui";
import { describe, expect, it } from "vitest";

const read = (path: string) => readFileSync(new URL(path, import.meta.url), "utf8");
const page = new DOMParser().parseFromString(read("../index.html"), "text/html");
const statusScreenCss = read("../../../packages/ui/src/dashboard/status-screen.module.css");

describe("index.html's first paint", () => {
  it("is a waiting state inside #root, which React replaces, announced politely", () => {
    const root = page.getElementById("root");
    const main = root?.querySelector(":scope > main.la-loading-screen");
    expect(main).not.toBeNull();
    expect(main?.querySelector("[role=status]")?.textContent).toBe(LOADING_APP_TEXT);
    expect(main?.querySelector(".la-loading-spinner")?.getAttribute("aria-hidden")).toBe("true");
  });

  it("uses class names that LoadingScreen's stylesheet styles", () => {
    const classes = [...page.querySelectorAll("#root [class]")].map((el) => el.className);
    expect(classes).toEqual(["la-loading-screen", "la-loading-spinner", "la-loading-message"]);
    for (const name of classes) expect(statusScreenCss).toContain(`:global(.${name})`);
  });
});
