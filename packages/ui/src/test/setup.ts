// Test set-up: jest-dom's matchers, and a clean DOM after every test.
import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// CI shares two cores between several suites: give lazily loaded modals time to appear.
configure({ asyncUtilTimeout: 5000 });

// jsdom lays nothing out and has no scrollIntoView (ErrorBanner brings itself into view with it):
// here it scrolls nothing, as nothing is out of view; error-banner.test.tsx watches its calls.
Element.prototype.scrollIntoView = function scrollIntoView() {
  // Nothing to scroll.
};

afterEach(() => {
  cleanup();
});
