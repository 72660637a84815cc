// Test-only: the app as main.tsx starts it (prepareApp: the address cleaned, the services built,
// the landing accepted), rendered by Testing Library, at a given address, with a fake API, a
// fixed clock and time zone, and recorded navigations and reloads.
import { render } from "@testing-library/react";
import { vi } from "vitest";
import { App } from "../app";
import type { AppServices } from "../app-services";
import { prepareApp } from "../start-app";
import { API_BASE_URL, type FakeApi, NOW, fakeApi } from "./fake-api";
import { fakeXhr } from "./fake-xhr";

export { NOW };

export interface RenderAppOptions {
  api?: FakeApi;
  /** Default: a fixed clock at NOW; pass () => new Date() to follow fake timers. */
  now?: () => Date;
  /** Runs once the address is set, just before the app starts (to install spies). */
  beforeStart?: () => void;
  /** The person's locale, for dates and numbers. Default: en-US. */
  locale?: string;
  /** This device's time zone. Default: UTC. */
  timeZone?: string;
}

export interface RenderedApp {
  api: FakeApi;
  services: AppServices;
  assign: ReturnType<typeof vi.fn<(url: string) => void>>;
  reload: ReturnType<typeof vi.fn<() => void>>;
}

export function renderApp(address: string, options: RenderAppOptions = {}): RenderedApp {
  window.history.replaceState(null, "", address);
  const api = options.api ?? fakeApi();
  const assign = vi.fn<(url: string) => void>();
  const reload = vi.fn<() => void>();
  options.beforeStart?.();
  const { services, landing } = prepareApp({
    apiBaseUrl: API_BASE_URL,
    fetch: api.fetch,
    locks: null,
    now: options.now ?? (() => NOW),
    timeZone: options.timeZone ?? "UTC",
    locale: options.locale ?? "en-US",
    assign,
    reload,
    xhr: fakeXhr(api),
  });
  render(<App services={services} landing={landing} />);
  return { api, services, assign, reload };
}
