// The form an upload (issue 21) or an import (issue 22) sends: the file in the field "file". A
// script has bytes more often than a Blob (`readFile` gives a Buffer), and FormData takes only a
// Blob, refusing anything else with words of its own ("Expected value ... to be an instance of
// Blob") from deep inside it: bytes are wrapped here, and anything else is refused saying what to
// pass instead.

/** A file to send: a Blob or File, or its bytes (a Node Buffer is a Uint8Array). */
export type FileToSend = Blob | Uint8Array;

function described(value: unknown): string {
  if (typeof value === "string") return `the string ${JSON.stringify(value)}`;
  if (typeof value !== "object" || value === null) return String(value);
  // An object of no class (Object.create(null)) has no constructor.
  const { constructor } = value as { constructor?: { name: string } };
  return `a ${constructor?.name ?? "object"}`;
}

/** The form with `file` in its field "file", under `name`. */
export function fileForm(file: FileToSend, name: string): FormData {
  // The API types a file from its bytes, so the Blob needs no type of its own. The cast: the DOM's
  // typings take only views of an ArrayBuffer, and a Buffer's type says it may be shared memory.
  const blob = ArrayBuffer.isView(file) ? new Blob([file as Uint8Array<ArrayBuffer>]) : file;
  const form = new FormData();
  try {
    form.append("file", blob, name);
  } catch (error) {
    throw new TypeError(
      `A file to send is a Blob, a File or its bytes (a Buffer or Uint8Array), not ${described(file)}. ` +
        `In Node: await fs.openAsBlob(path), or new File([await fs.readFile(path)], "bill.pdf").`,
      { cause: error },
    );
  }
  return form;
}
