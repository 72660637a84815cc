// decisions D14: the key the stored files are encrypted with (files/file-encryption.ts): FILES_KEY
// in production, a generated key kept in the data directory elsewhere, like the signing key.
import { type KeyObject, createSecretKey, randomBytes } from "node:crypto";
import { join } from "node:path";
import { type Config, filesKeyBytes } from "../config.js";
import { readOrCreateSecretFile } from "../data-dir.js";

/** The generated key's file, when FILES_KEY is not set. */
export function filesKeyPath(dataDir: string): string {
  return join(dataDir, "files-key");
}

/**
 * FILES_KEY when set; otherwise the key in `{DATA_DIR}/files-key`, created on first start (32
 * random bytes, base64). (config.ts already refuses production without FILES_KEY.) Losing this
 * key loses every stored file: with PostgreSQL, set FILES_KEY rather than rely on the directory.
 */
export function loadFilesKey(config: Pick<Config, "files" | "dataDir" | "nodeEnv">): KeyObject {
  if (config.files.key !== null) return createSecretKey(config.files.key);
  if (config.nodeEnv === "production") throw new Error("FILES_KEY is required in production");
  const path = filesKeyPath(config.dataDir);
  const text = readOrCreateSecretFile(path, config.dataDir, () =>
    randomBytes(32).toString("base64"),
  );
  const bytes = filesKeyBytes(text.trim());
  if (bytes === null) throw new Error(`${path} does not hold a files key (32 bytes of base64)`);
  return createSecretKey(bytes);
}
