// Files the suite hands the product, made here rather than kept as fixtures on disk.

/** The smallest valid PNG: one transparent pixel (no text to read). */
export const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);
