// issue 21: how a stored document is described in the Documents list: its type in words, its size
// as the person's locale writes it.

/** "PDF", "PNG image", "Word document"... from the type the server detected. */
export function documentTypeText(contentType: string): string {
  switch (contentType) {
    case "application/pdf":
      return "PDF";
    case "image/png":
      return "PNG image";
    case "image/jpeg":
      return "JPEG image";
    case "application/msword":
    case "application/vnd.openxmlformats-officedocument.wordprocessingml.document":
      return "Word document";
    default:
      return contentType;
  }
}

/** "812 bytes", "48 kB", "3.2 MB": decimal units, as file managers show them. */
export function fileSizeText(bytes: number, locale?: string): string {
  const [unit, value] =
    bytes < 1_000
      ? (["byte", bytes] as const)
      : bytes < 1_000_000
        ? (["kilobyte", bytes / 1_000] as const)
        : (["megabyte", bytes / 1_000_000] as const);
  return new Intl.NumberFormat(locale, {
    style: "unit",
    unit,
    unitDisplay: unit === "byte" ? "long" : "short",
    maximumFractionDigits: value < 10 && unit !== "byte" ? 1 : 0,
  }).format(value);
}
