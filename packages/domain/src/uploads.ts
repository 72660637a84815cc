// spec 5, 9: the file types Upload accepts. The server will check uploads by the same rule
// (decisions, "Files").

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

/** The file input's `accept` attribute: every extension and MIME type above. */
export const UPLOAD_ACCEPT = /* @__PURE__ */ ACCEPTED_UPLOAD_TYPES.flatMap((type) => [
  ...type.extensions.map((extension) => `.${extension}`),
  type.mimeType,
]).join(",");

function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot <= 0 ? "" : name.slice(dot + 1).toLowerCase();
}

/**
 * True when the name's extension is an accepted one and the MIME type is that extension's.
 * An empty MIME type is allowed with an accepted extension: browsers report "" when the operating
 * system does not know the type (often .doc/.docx without an office suite installed).
 */
export function isAcceptedUpload(file: { name: string; type: string }): boolean {
  const extension = extensionOf(file.name);
  const kind = ACCEPTED_UPLOAD_TYPES.find((type) =>
    (type.extensions as readonly string[]).includes(extension),
  );
  if (!kind) return false;
  const mimeType = file.type.toLowerCase();
  return mimeType === "" || mimeType === kind.mimeType;
}
