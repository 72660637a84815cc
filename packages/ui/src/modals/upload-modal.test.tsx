import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { axeViolations } from "../test/axe";
import { UploadModal } from "./upload-modal";

const DROP_TEXT = "Drag and drop files here or click here to take a picture";
const INVALID = "Invalid file type. Please upload a PNG, JPG, PDF, or DOC file.";

function file(name: string, type: string): File {
  return new File(["content"], name, { type });
}

function renderOpen() {
  const callbacks = { onClose: vi.fn(), onDone: vi.fn() };
  const view = render(<UploadModal open {...callbacks} />);
  return { ...callbacks, ...view };
}

function input(): HTMLInputElement {
  // The label also holds the formats line (hidden from the name), so match its start.
  return screen.getByLabelText(/^Drag and drop files here/);
}

function zone(): HTMLElement {
  const element = input().parentElement;
  if (!element) throw new Error("no drop zone");
  return element;
}

describe("UploadModal", () => {
  it("shows the drop zone text and the supported formats", () => {
    renderOpen();
    expect(screen.getByRole("dialog", { name: "Upload Files" })).toBeInTheDocument();
    expect(input()).toHaveAttribute("type", "file");
    expect(input()).toHaveAccessibleName(DROP_TEXT);
    expect(input()).toHaveAccessibleDescription("Supported formats: PDF, JPG, PNG, DOC, DOCX");
    expect(screen.getByText("Supported formats: PDF, JPG, PNG, DOC, DOCX")).toBeInTheDocument();
  });

  it("has Done disabled until a file is chosen", () => {
    renderOpen();
    expect(screen.getByRole("button", { name: "Done" })).toHaveAttribute("aria-disabled", "true");
  });

  it("takes a chosen file, previews its name and hands it to onDone", async () => {
    const { onDone } = renderOpen();
    const bill = file("bill.pdf", "application/pdf");
    await userEvent.upload(input(), bill);
    expect(screen.getByText("bill.pdf")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Done" }));
    expect(onDone).toHaveBeenCalledWith(bill);
  });

  it("can be operated by keyboard alone: the file input is reachable", async () => {
    renderOpen();
    const user = userEvent.setup();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(input()).toHaveFocus();
    await user.tab();
    expect(screen.getByRole("button", { name: "Cancel" })).toHaveFocus();
  });

  it("announces the file chosen, and forgets it on its Remove, focus back on the file input", async () => {
    renderOpen();
    await userEvent.upload(input(), file("scan.png", "image/png"));
    expect(screen.getByRole("status")).toHaveTextContent("scan.png chosen");
    await userEvent.click(screen.getByRole("button", { name: "Remove scan.png" }));
    expect(screen.queryByText("scan.png")).not.toBeInTheDocument();
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
    expect(input()).toHaveFocus();
    expect(screen.getByRole("button", { name: "Done" })).toHaveAttribute("aria-disabled", "true");
  });

  it("refuses a file of another type with the spec's message", async () => {
    renderOpen();
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(input(), file("notes.txt", "text/plain"));
    expect(screen.getByRole("alert")).toHaveTextContent(INVALID);
    expect(screen.queryByText("notes.txt")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Done" })).toHaveAttribute("aria-disabled", "true");
  });

  it("clears the message once a valid file is chosen", async () => {
    renderOpen();
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(input(), file("anim.gif", "image/gif"));
    await user.upload(input(), file("photo.jpg", "image/jpeg"));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.getByText("photo.jpg")).toBeInTheDocument();
  });

  it("uses only the first dropped file", () => {
    renderOpen();
    fireEvent.drop(zone(), {
      dataTransfer: {
        files: [file("first.png", "image/png"), file("second.pdf", "application/pdf")],
      },
    });
    expect(screen.getByText("first.png")).toBeInTheDocument();
    expect(screen.queryByText("second.pdf")).not.toBeInTheDocument();
  });

  it("refuses a dropped file of another type, even with a valid one after it", () => {
    renderOpen();
    fireEvent.drop(zone(), {
      dataTransfer: { files: [file("page.html", "text/html"), file("ok.png", "image/png")] },
    });
    expect(screen.getByRole("alert")).toHaveTextContent(INVALID);
    expect(screen.queryByText("ok.png")).not.toBeInTheDocument();
  });

  it("leaves to the server a file whose bytes may be a document: no name ending, .jfif, image/jpg", () => {
    renderOpen();
    for (const candidate of [
      file("bill", ""),
      file("receipt.jfif", "image/jpeg"),
      file("photo.jpg", "image/jpg"),
    ]) {
      fireEvent.drop(zone(), { dataTransfer: { files: [candidate] } });
      expect(screen.queryByRole("alert")).not.toBeInTheDocument();
      expect(screen.getByText(candidate.name)).toBeInTheDocument();
    }
  });

  it("refuses at once what is plainly not a document", () => {
    renderOpen();
    for (const candidate of [file("setup.exe", ""), file("bills.zip", "application/zip")]) {
      fireEvent.drop(zone(), { dataTransfer: { files: [candidate] } });
      expect(screen.getByRole("alert")).toHaveTextContent(INVALID);
      expect(screen.queryByText(candidate.name)).not.toBeInTheDocument();
    }
  });

  it("keeps Done off for a file already stored, so that it is not sent twice", async () => {
    const { onDone, rerender, onClose } = renderOpen();
    await userEvent.upload(input(), file("bill.pdf", "application/pdf"));
    rerender(<UploadModal open sent error="Not allowed" onClose={onClose} onDone={onDone} />);
    expect(screen.getByRole("button", { name: "Done" })).toHaveAttribute("aria-disabled", "true");
  });

  it("says when the server failed while the file is read, and that it is tried again", async () => {
    const { onDone, rerender, onClose } = renderOpen();
    await userEvent.upload(input(), file("bill.pdf", "application/pdf"));
    rerender(<UploadModal open reading retrying="server" onClose={onClose} onDone={onDone} />);
    expect(screen.getByRole("status")).toHaveTextContent(
      "Reading... The server had a problem: trying again.",
    );
  });

  it("refuses a file whose name and type disagree", () => {
    renderOpen();
    fireEvent.drop(zone(), {
      dataTransfer: { files: [file("renamed.png", "application/x-msdownload")] },
    });
    expect(screen.getByRole("alert")).toHaveTextContent(INVALID);
  });

  it("shows how much is sent on a progress bar while uploading, then 'Reading...', Done disabled", async () => {
    const { onDone, rerender, onClose } = renderOpen();
    await userEvent.upload(input(), file("bill.pdf", "application/pdf"));
    rerender(<UploadModal open progress={0.4} onClose={onClose} onDone={onDone} />);
    expect(screen.getByRole("button", { name: "Uploading..." })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
    expect(screen.getByRole("progressbar", { name: "Uploading bill.pdf" })).toHaveAttribute(
      "value",
      "0.4",
    );
    expect(screen.getByRole("status")).toHaveTextContent("Uploading...");
    expect(screen.getByText("bill.pdf")).toBeInTheDocument();

    rerender(<UploadModal open reading onClose={onClose} onDone={onDone} />);
    expect(screen.getByRole("button", { name: "Reading..." })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
    expect(screen.queryByRole("progressbar")).not.toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Reading...");
    // Cancel does not lose the file: the person is told before they press it.
    expect(
      screen.getByText("It is already in your documents: closing this does not stop the reading."),
    ).toBeVisible();
  });

  it("keeps the file chosen when the server refuses it, with its message", async () => {
    const { onDone, rerender, onClose } = renderOpen();
    await userEvent.upload(input(), file("bill.pdf", "application/pdf"));
    rerender(<UploadModal open error="File too large" onClose={onClose} onDone={onDone} />);
    expect(screen.getByRole("alert")).toHaveTextContent("File too large");
    await userEvent.click(screen.getByRole("button", { name: "Done" }));
    expect(onDone).toHaveBeenCalledOnce();
  });

  it("offers to fill in the form or keep the file only when the file cannot be read", async () => {
    const { onDone, rerender, onClose } = renderOpen();
    await userEvent.upload(input(), file("scan.png", "image/png"));
    const ways = { onFillIn: vi.fn(), onKeepFile: vi.fn() };
    rerender(
      <UploadModal
        open
        unreadable={{ reason: "No text was found in it.", ...ways }}
        onClose={onClose}
        onDone={onDone}
      />,
    );
    expect(screen.getByRole("alert")).toHaveTextContent(
      "We could not read this file: No text was found in it. It is kept in your Documents (in the account menu).",
    );
    await userEvent.click(screen.getByRole("button", { name: "Fill in myself" }));
    expect(ways.onFillIn).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole("button", { name: "Keep the file only" }));
    expect(ways.onKeepFile).toHaveBeenCalledOnce();
  });

  it("tells the app when the file chosen changes, so that what was said of the one before can go", async () => {
    const onFileChange = vi.fn();
    render(<UploadModal open onClose={vi.fn()} onDone={vi.fn()} onFileChange={onFileChange} />);
    await userEvent.upload(input(), file("first.pdf", "application/pdf"));
    expect(onFileChange).toHaveBeenCalledTimes(1);
    await userEvent.upload(input(), file("second.pdf", "application/pdf"));
    expect(onFileChange).toHaveBeenCalledTimes(2);
    await userEvent.click(screen.getByRole("button", { name: "Remove second.pdf" }));
    expect(onFileChange).toHaveBeenCalledTimes(3);
  });

  it("moves focus to Fill in myself when the file cannot be read (Done has gone)", async () => {
    const { onDone, rerender, onClose } = renderOpen();
    await userEvent.upload(input(), file("scan.png", "image/png"));
    await userEvent.click(screen.getByRole("button", { name: "Done" }));
    rerender(
      <UploadModal
        open
        unreadable={{ reason: "No text was found in it.", onFillIn: vi.fn(), onKeepFile: vi.fn() }}
        onClose={onClose}
        onDone={onDone}
      />,
    );
    expect(screen.getByRole("button", { name: "Fill in myself" })).toHaveFocus();
  });

  it("says when the connection dropped while the file is read, and that it is tried again", async () => {
    const { onDone, rerender, onClose } = renderOpen();
    await userEvent.upload(input(), file("bill.pdf", "application/pdf"));
    rerender(<UploadModal open reading retrying="connection" onClose={onClose} onDone={onDone} />);
    expect(screen.getByRole("status")).toHaveTextContent(
      "Reading... The connection was lost: trying again.",
    );
    expect(screen.getByRole("button", { name: "Reading..." })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
  });

  it("says where the file is once the reading could not be seen for long, and offers Try again", async () => {
    const { onDone, rerender, onClose } = renderOpen();
    await userEvent.upload(input(), file("bill.pdf", "application/pdf"));
    rerender(<UploadModal open reading retrying="server" onClose={onClose} onDone={onDone} />);
    const onTryAgain = vi.fn();
    rerender(
      <UploadModal
        open
        stalled={{ reason: "server", onTryAgain }}
        onClose={onClose}
        onDone={onDone}
      />,
    );
    expect(screen.getByRole("alert")).toHaveTextContent(
      "The server is still failing, so we cannot see how the reading went. It is kept in your " +
        "Documents (in the account menu). There, “Make from it” makes a task or subscription from " +
        "it. Or try again now.",
    );
    // Done, which had focus, has gone: focus is on the way on.
    expect(screen.getByRole("button", { name: "Try again" })).toHaveFocus();
    await userEvent.click(screen.getByRole("button", { name: "Leave it in Documents" }));
    expect(onClose).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(onTryAgain).toHaveBeenCalledOnce();
    // Waiting again: "Try again" has gone, and focus is on Done, which says so.
    rerender(<UploadModal open reading onClose={onClose} onDone={onDone} />);
    expect(screen.getByRole("button", { name: "Reading..." })).toHaveFocus();
  });

  it("closes from Cancel", async () => {
    const { onClose } = renderOpen();
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it("starts empty again when reopened", async () => {
    const { onClose, onDone, rerender } = renderOpen();
    await userEvent.upload(input(), file("bill.pdf", "application/pdf"));
    rerender(<UploadModal open={false} onClose={onClose} onDone={onDone} />);
    rerender(<UploadModal open onClose={onClose} onDone={onDone} />);
    expect(screen.queryByText("bill.pdf")).not.toBeInTheDocument();
  });

  it("has no accessibility violations with a file and with an error", async () => {
    renderOpen();
    await userEvent.upload(input(), file("bill.pdf", "application/pdf"));
    fireEvent.drop(zone(), { dataTransfer: { files: [file("x.txt", "text/plain")] } });
    expect(await axeViolations()).toEqual([]);
  });
});
