// The only reader of import.meta.env: the build-time configuration, validated once.
import { parseEnv } from "./env-schema";

export const env = parseEnv(import.meta.env);
