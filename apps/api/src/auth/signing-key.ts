// decisions D3: the key our tokens are signed with. Ed25519 (JWS "EdDSA"), asymmetric, so the
// verifying half could be published; TOKEN_SIGNING_KEY in production, a generated key kept in
// the data directory elsewhere.
import {
  type KeyObject,
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
} from "node:crypto";
import { join } from "node:path";
import type { Config } from "../config.js";
import { readOrCreateSecretFile } from "../data-dir.js";

/** The only algorithm tokens are signed with, and the only one verification accepts. */
export const TOKEN_ALGORITHM = "EdDSA";

export interface SigningKeys {
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** Names the key in the JWT header, so a future rotation can keep several. */
  kid: string;
}

/** The generated key's file, when TOKEN_SIGNING_KEY is not set. */
export function signingKeyPath(dataDir: string): string {
  return join(dataDir, "token-signing-key.pem");
}

/** Keys from an Ed25519 PKCS#8 PEM private key. */
export function signingKeysFromPem(pem: string): SigningKeys {
  const privateKey = createPrivateKey({ key: pem, format: "pem" });
  if (privateKey.asymmetricKeyType !== "ed25519") {
    throw new Error("The token signing key must be an Ed25519 private key");
  }
  const publicKey = createPublicKey(privateKey);
  const spki = publicKey.export({ type: "spki", format: "der" });
  const kid = createHash("sha256").update(spki).digest("base64url").slice(0, 16);
  return { privateKey, publicKey, kid };
}

/** A new Ed25519 private key as PKCS#8 PEM. */
export function generateSigningKeyPem(): string {
  const { privateKey } = generateKeyPairSync("ed25519");
  return privateKey.export({ type: "pkcs8", format: "pem" }).toString();
}

/**
 * TOKEN_SIGNING_KEY when set; otherwise the key in `{DATA_DIR}/token-signing-key.pem`, created
 * on first start. (config.ts already refuses production without TOKEN_SIGNING_KEY.)
 */
export function loadSigningKeys(
  config: Pick<Config, "tokenSigningKey" | "dataDir" | "nodeEnv">,
): SigningKeys {
  if (config.tokenSigningKey !== null) return signingKeysFromPem(config.tokenSigningKey);
  if (config.nodeEnv === "production") {
    throw new Error("TOKEN_SIGNING_KEY is required in production");
  }
  const path = signingKeyPath(config.dataDir);
  return signingKeysFromPem(readOrCreateSecretFile(path, config.dataDir, generateSigningKeyPem));
}
