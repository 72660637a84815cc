import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { axeViolations } from "../test/axe";
import { LOCALE } from "../test/fixtures";
import { type DocumentItem, DocumentsModal, type DocumentsModalProps } from "./documents-modal";
import { fileSizeText } from "./document-text";

const BILL: DocumentItem = {
  id: 4,
  name: "netflix-bill.pdf",
  content_type: "application/pdf",
  size: 48_213,
  created_at: "2026-11-24T10:00:00Z",
  status: "read",
  error: null,
  madeInto: ["Netflix"],
};
const PHOTO: DocumentItem = {
  id: 5,
  name: "receipt.jpg",
  content_type: "image/jpeg",
  size: 2_400_000,
  created_at: "2026-11-25T08:00:00Z",
  status: "unreadable",
  error: "No text was found in it.",
  madeInto: [],
};

function renderModal(props: Partial<DocumentsModalProps> = {}) {
  const callbacks = { onClose: vi.fn(), onDownload: vi.fn(), onDelete: vi.fn() };
  render(
    <DocumentsModal
      open
      documents={[PHOTO, BILL]}
      locale={LOCALE}
      timeZone="UTC"
      {...callbacks}
      {...props}
    />,
  );
  return callbacks;
}

describe("DocumentsModal", () => {
  it("lists each file with its type, size, date and what was made from it", () => {
    renderModal();
    const items = within(screen.getByRole("dialog", { name: "Documents" })).getAllByRole(
      "listitem",
    );
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining(
        "receipt.jpgJPEG image · 2.4 MB · Nov 25, 2026Could not be read: No text was found in it.",
      ),
      expect.stringContaining("netflix-bill.pdfPDF · 48 kB · Nov 24, 2026Made into Netflix"),
    ]);
  });

  it("dates each file on the person's calendar: kept on a morning in Auckland, it says that day", () => {
    // 20:00 UTC on 24 November is 09:00 on the 25th in Auckland.
    renderModal({
      documents: [{ ...BILL, created_at: "2026-11-24T20:00:00Z" }],
      timeZone: "Pacific/Auckland",
    });
    expect(screen.getByRole("listitem")).toHaveTextContent("PDF · 48 kB · Nov 25, 2026");
  });

  it("downloads a file, and deletes one only after the question", async () => {
    const { onDownload, onDelete } = renderModal();
    await userEvent.click(screen.getByRole("button", { name: "Download netflix-bill.pdf" }));
    expect(onDownload).toHaveBeenCalledWith(BILL);

    await userEvent.click(screen.getByRole("button", { name: "Delete netflix-bill.pdf" }));
    const question = screen.getByRole("alertdialog", { name: "Delete this file?" });
    expect(question).toHaveAccessibleDescription(
      "“netflix-bill.pdf” will be deleted. What was made from it stays. This cannot be undone.",
    );
    expect(onDelete).not.toHaveBeenCalled();
    await userEvent.click(within(question).getByRole("button", { name: "Delete file" }));
    expect(onDelete).toHaveBeenCalledWith(BILL);
  });

  it("gives focus to the next file's Delete when a deleted file leaves the list, then to the dialog", async () => {
    const user = userEvent.setup();
    const props = { open: true, locale: LOCALE, onClose: vi.fn(), onDownload: vi.fn() };
    const { rerender } = render(
      <DocumentsModal {...props} documents={[PHOTO, BILL]} onDelete={vi.fn()} />,
    );
    await user.click(screen.getByRole("button", { name: "Delete receipt.jpg" }));
    await user.click(screen.getByRole("button", { name: "Delete file" }));
    // The question gives focus back to the row's Delete; the file leaves once the server agrees.
    expect(screen.getByRole("button", { name: "Delete receipt.jpg" })).toHaveFocus();
    rerender(<DocumentsModal {...props} documents={[BILL]} onDelete={vi.fn()} />);
    expect(screen.getByRole("button", { name: "Delete netflix-bill.pdf" })).toHaveFocus();

    rerender(<DocumentsModal {...props} documents={[]} onDelete={vi.fn()} />);
    expect(screen.getByRole("dialog", { name: "Documents" })).toHaveFocus();
  });

  it("says so while loading and when there is nothing yet", () => {
    renderModal({ documents: null });
    expect(screen.getByRole("status")).toHaveTextContent("Loading your documents...");
  });

  it("explains the empty list and offers Upload File from it", async () => {
    const onUpload = vi.fn();
    renderModal({ documents: [], onUpload });
    const dialog = within(screen.getByRole("dialog", { name: "Documents" }));
    expect(dialog.getByText(/^No documents yet/)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole("button", { name: "Upload File" }));
    expect(onUpload).toHaveBeenCalledOnce();
  });

  it("offers Upload File only while the list is empty", () => {
    renderModal({ onUpload: vi.fn() });
    expect(screen.queryByRole("button", { name: "Upload File" })).not.toBeInTheDocument();
  });

  it("has no accessibility violations", async () => {
    renderModal();
    expect(await axeViolations()).toEqual([]);
  });
});

describe("fileSizeText", () => {
  it("writes sizes in decimal units, as the locale writes numbers", () => {
    expect(fileSizeText(812, "en-US")).toBe("812 bytes");
    expect(fileSizeText(48_213, "en-US")).toBe("48 kB");
    expect(fileSizeText(3_250_000, "de-DE")).toBe("3,3 MB");
  });
});

describe("DocumentsModal's search", () => {
  const dialog = () => screen.getByRole("dialog", { name: "Documents" });
  const names = () =>
    within(dialog())
      .queryAllByRole("listitem")
      .map((item) => within(item).getByText(/\.(pdf|jpg)$/).textContent);

  it("finds a file by its name, its type or what was made from it, and opens on the list", async () => {
    renderModal();
    // Focus starts on the first file's first control, not in the search (a phone's keyboard).
    expect(within(dialog()).getByRole("button", { name: "Download receipt.jpg" })).toHaveFocus();
    const search = within(dialog()).getByRole("searchbox", { name: "Search documents" });
    await userEvent.type(search, "netflix");
    expect(names()).toEqual(["netflix-bill.pdf"]);
    expect(search).toHaveAccessibleDescription("1 of 2 documents");
    await userEvent.clear(search);
    await userEvent.type(search, "jpeg");
    expect(names()).toEqual(["receipt.jpg"]);
  });

  it("says when nothing matches, and offers no search of an empty list", async () => {
    renderModal();
    await userEvent.type(
      within(dialog()).getByRole("searchbox", { name: "Search documents" }),
      "passport",
    );
    expect(within(dialog()).getByText("No documents match “passport”.")).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it("offers no search before there is a file", () => {
    renderModal({ documents: [] });
    expect(within(dialog()).queryByRole("searchbox")).not.toBeInTheDocument();
  });
});
