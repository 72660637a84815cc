// issue 21: what UploadFlow tells the page that holds it, beside what it shows (upload.test.tsx
// walks the dialog on the dashboard).
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, expect, it, vi } from "vitest";
import { createAppServices } from "../app-services";
import { API_BASE_URL, NOW, fakeApi } from "../test/fake-api";
import { fakeXhr } from "../test/fake-xhr";
import { shownDialog } from "../test/dialogs";
import { storeSession, tokenSet } from "../test/tokens";
import { ServicesContext } from "../use-services";
import { UploadFlow } from "./upload-flow";

beforeEach(() => {
  storeSession(tokenSet("signed-in"));
});

it("closes and tells the page the name of a file kept only", async () => {
  const api = fakeApi();
  const services = createAppServices({
    apiBaseUrl: API_BASE_URL,
    fetch: api.fetch,
    locks: null,
    now: () => NOW,
    xhr: fakeXhr(api),
  });
  const onClose = vi.fn();
  const onFileKept = vi.fn();
  render(
    <ServicesContext.Provider value={services}>
      <UploadFlow open onClose={onClose} onAddFrom={vi.fn()} onFileKept={onFileKept} />
    </ServicesContext.Provider>,
  );
  const upload = within(await shownDialog("Upload Files"));
  await userEvent.upload(
    upload.getByLabelText(/^Drag and drop files here/),
    new File(["%PDF-1.7 a scan"], "scan.pdf", { type: "application/pdf" }),
  );
  await userEvent.click(upload.getByRole("button", { name: "Done" }));
  await userEvent.click(await upload.findByRole("button", { name: "Keep the file only" }));
  expect(onClose).toHaveBeenCalledOnce();
  expect(onFileKept).toHaveBeenCalledExactlyOnceWith("scan.pdf");
  expect(screen.queryByRole("alert")).not.toBeInTheDocument();
});
