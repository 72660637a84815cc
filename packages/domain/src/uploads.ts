// spec 5, 9: the file types Upload accepts. The server checks an upload by its bytes (decisions
// D14); the browser only refuses at once what plainly is none of these types.

export const INVALID_FILE_TYPE_MESSAGE =
  "Invalid file type. Please upload a PNG, JPG, PDF, or DOC file.";

/** spec 9: PNG, JPEG, PDF, DOC, DOCX, each by its file name extensions and MIME type. */
export const ACCEPTED_UPLOAD_TYPES = [
  { extensions: ["png"], mimeType: "image/png" },
  { extensions: ["jpg", "jpeg"], mimeType: "image/jpeg" },
  { extensions: ["pdf"], mimeType: "application/pdf" },
  { extensions: ["doc"], mimeType: "application/msword" },
  {
    extensions: ["docx"],
    mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  },
] as const;

/**
 * Other names the accepted types go by, which the server takes too (it goes by the bytes alone,
 * apps/api/src/files/document-types.ts): a JPEG saved as .jfif or .jpe, and the MIME types older
 * Windows and Android apps give ("image/jpg" is no registered type, but common).
 */
const OTHER_EXTENSIONS = ["jfif", "jpe", "pjpeg", "pjp"];
const OTHER_MIME_TYPES = ["image/jpg", "image/pjpeg", "image/x-png", "application/x-pdf"];

// Functions, not constants: nothing is computed when the module loads, so that the dashboard's
// first download, which holds this module for ACCEPTED_UPLOAD_TYPES, drops them (issue 7).
function knownExtensions(): string[] {
  return [...ACCEPTED_UPLOAD_TYPES.flatMap((type) => type.extensions), ...OTHER_EXTENSIONS];
}
function knownMimeTypes(): string[] {
  return [...ACCEPTED_UPLOAD_TYPES.map((type) => type.mimeType), ...OTHER_MIME_TYPES];
}
/** What a phone's files app or a browser says of a file whose type it does not know. */
const UNKNOWN_MIME_TYPE = "application/octet-stream";
/** The same, and a desktop browser's word for it (no extension, say). */
const UNKNOWN_MIME_TYPES = ["", UNKNOWN_MIME_TYPE];

/**
 * The file input's `accept` attribute: every extension and MIME type above, so that a phone's
 * picker, which goes by the type, shows photos whatever their names; and the unknown type, so that
 * a photo saved with no extension (which isAcceptedUpload leaves to the server) is not hidden.
 */
export const UPLOAD_ACCEPT = /* @__PURE__ */ acceptAttribute();

function acceptAttribute(): string {
  return [
    ...knownExtensions().map((extension) => `.${extension}`),
    ...knownMimeTypes(),
    UNKNOWN_MIME_TYPE,
  ].join(",");
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot <= 0 ? "" : name.slice(dot + 1).toLowerCase();
}

/**
 * False only when the file's name or the browser's type plainly says it is something else (a .zip,
 * an .exe, a .heic photo, text/html), so that the person hears no before waiting for an upload.
 * The server has the final word: it reads the bytes, so a PDF with no extension or a photo typed
 * "image/jpg" is let through to it, and a .pdf that is not one is refused there.
 */
export function isAcceptedUpload(file: { name: string; type: string }): boolean {
  const extension = extensionOf(file.name);
  const mimeType = file.type.toLowerCase();
  const nameFits = extension === "" || knownExtensions().includes(extension);
  const typeFits = UNKNOWN_MIME_TYPES.includes(mimeType) || knownMimeTypes().includes(mimeType);
  return nameFits && typeFits;
}
