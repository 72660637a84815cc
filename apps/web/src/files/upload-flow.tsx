// issue 21: Upload Files as the app runs it. Done sends the file (a progress bar), then waits,
// saying "Reading...", while the assistant reads it on the server; a file read hands over to the
// Add form, prefilled; a file that could not be read offers "Fill in myself" (the Add form, empty,
// linked to the file) or "Keep the file only". A refusal (type, size, quota) keeps the file chosen
// with the API's message, until another file is chosen; closing the dialog while reading leaves the
// file to finish on the server (it is in Documents). A connection lost or a server failure while
// waiting for the reading is waited through (the file is stored: sending it again would keep it
// twice), for a while only (reading-looks.ts): then the dialog says where the file is and offers
// "Try again"; a file deleted meanwhile (another tab) is said so, and any other failure keeps Done
// off.
import { UploadModal } from "@life-admin/ui";
import { useRef, useState } from "react";
import type { SourceDocument } from "../forms/dialog-subjects";
import { handOver } from "../forms/hand-over";
import { useServices } from "../use-services";
import { type StoredFile, fileCalls } from "@life-admin/api-client/files";
import { looksGivenUp, nextLookMs } from "./reading-looks";
import { sendFile } from "./send-file";

type Step =
  /** `sent`: the chosen file is already stored, so Done must not send it again. */
  | { step: "choosing"; error: string | null; sent?: boolean }
  | { step: "uploading"; progress: number }
  | { step: "reading"; retrying: LookFailure | null }
  /** Looks failed for too long; `file` is looked at again on "Try again". */
  | { step: "stalled"; file: StoredFile; failure: LookFailure }
  | { step: "unreadable"; file: StoredFile };

export interface UploadFlowProps {
  open: boolean;
  onClose: () => void;
  /** The Add form on the file: prefilled from what was read, or empty when nothing could be. */
  onAddFrom: (source: SourceDocument) => void;
  /**
   * "Keep the file only" on a file that could not be read: the dialog has closed, and the page may
   * say where the file went (it is in Documents).
   */
  onFileKept?: (fileName: string) => void;
}

/** Why a look at the reading failed, to be looked at again later. */
type LookFailure = "connection" | "server";

/**
 * What a failed look means, null for a failure that cannot be waited through. The client's
 * errors are known by their name and `status`: importing UnreachableError or ApiError here would
 * make the dashboard's first download export it to this chunk (30 bytes over issue 7's budget).
 */
function lookFailureOf(failure: unknown): LookFailure | "gone" | null {
  if (!(failure instanceof Error)) return null;
  if (failure.name === "UnreachableError") return "connection";
  const status = "status" in failure ? failure.status : null;
  if (typeof status !== "number") return null;
  if (status === 404) return "gone";
  return status >= 500 ? "server" : null;
}

function messageOf(failure: unknown): string {
  return failure instanceof Error ? failure.message : String(failure);
}

export function UploadFlow({ open, onClose, onAddFrom, onFileKept }: UploadFlowProps) {
  const services = useServices();
  const [state, setState] = useState<Step>({ step: "choosing", error: null });
  const running = useRef<AbortController | null>(null);
  /** Ends the upload and the waiting (the file, once sent, goes on being read on the server). */
  const close = () => {
    running.current?.abort();
    running.current = null;
    setState({ step: "choosing", error: null });
    onClose();
  };

  const finish = (file: StoredFile) => {
    if (file.status === "unreadable") {
      setState({ step: "unreadable", file });
      return;
    }
    handOver(close, () => {
      onAddFrom({ id: file.id, name: file.name, proposal: file.proposal });
    });
  };

  /** A fresh run of sending or waiting, ended by closing the dialog. */
  const begin = (): AbortSignal => {
    const controller = new AbortController();
    running.current = controller;
    return controller.signal;
  };

  const upload = async (chosen: File) => {
    const signal = begin();
    setState({ step: "uploading", progress: 0 });
    let stored: StoredFile;
    try {
      stored = await sendFile({
        client: services.client,
        tokens: services.session.tokens,
        apiBaseUrl: services.apiBaseUrl,
        file: chosen,
        now: services.now,
        xhr: services.xhr,
        signal,
        onProgress: (progress) => {
          if (!signal.aborted) setState({ step: "uploading", progress });
        },
      });
    } catch (failure) {
      if (signal.aborted) return;
      console.error(failure);
      setState({ step: "choosing", error: messageOf(failure) });
      return;
    }
    await waitForReading(stored, signal);
  };

  /** Looks at a stored file until it is read, the looks fail for too long, or the dialog closes. */
  const waitForReading = async (stored: StoredFile, signal: AbortSignal) => {
    const calls = fileCalls(services.client);
    let file = stored;
    // When the present run of failed looks began (null while looks succeed).
    let failingSince: Date | null = null;
    // Asked afresh after each wait: the dialog may have closed meanwhile.
    const closed = () => signal.aborted;
    setState({ step: "reading", retrying: null });
    try {
      for (let looks = 0; file.status === "reading"; looks += 1) {
        await new Promise((resolve) => setTimeout(resolve, nextLookMs(looks)));
        if (closed()) return;
        const lookedAt = services.now();
        // No connection, or the server failed: looked at again later (the file is stored, and
        // read meanwhile).
        const looked = await calls.get(file.id).catch((failure: unknown) => {
          const meaning = lookFailureOf(failure);
          if (meaning === "connection" || meaning === "server") return meaning;
          throw failure;
        });
        if (closed()) return;
        if (typeof looked !== "string") {
          file = looked;
          failingSince = null;
          setState({ step: "reading", retrying: null });
          continue;
        }
        failingSince ??= lookedAt;
        if (looksGivenUp(failingSince, services.now())) {
          setState({ step: "stalled", file, failure: looked });
          return;
        }
        setState({ step: "reading", retrying: looked });
      }
      if (!closed()) finish(file);
    } catch (failure) {
      if (signal.aborted) return;
      console.error(failure);
      if (lookFailureOf(failure) === "gone") {
        // Deleted meanwhile (another tab): sending it again is no copy.
        setState({ step: "choosing", error: `${file.name} was deleted while it was being read.` });
      } else {
        setState({ step: "choosing", error: messageOf(failure), sent: true });
      }
    }
  };

  const unreadable = state.step === "unreadable" ? state.file : null;
  const stalled = state.step === "stalled" ? state : null;
  return (
    <UploadModal
      open={open}
      onClose={close}
      onDone={(chosen) => {
        void upload(chosen);
      }}
      progress={state.step === "uploading" ? state.progress : null}
      reading={state.step === "reading"}
      retrying={state.step === "reading" ? state.retrying : null}
      error={state.step === "choosing" ? state.error : null}
      sent={state.step === "choosing" && state.sent === true}
      onFileChange={() => {
        setState({ step: "choosing", error: null });
      }}
      unreadable={
        unreadable && {
          reason: unreadable.error ?? "Nothing could be read from it.",
          onKeepFile: () => {
            close();
            onFileKept?.(unreadable.name);
          },
          onFillIn: () => {
            handOver(close, () => {
              onAddFrom({ id: unreadable.id, name: unreadable.name, proposal: null });
            });
          },
        }
      }
      stalled={
        stalled && {
          reason: stalled.failure,
          onTryAgain: () => {
            void waitForReading(stalled.file, begin());
          },
        }
      }
    />
  );
}
