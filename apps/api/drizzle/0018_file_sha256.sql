-- issue 22: a file's SHA-256, which the export names it with, taken once as it is stored and sealed
-- under FILES_KEY as its bytes are (src/files/file-encryption.ts). Files already stored have none:
-- their export hashes them as before.
ALTER TABLE "file_contents" ADD COLUMN "sealed_sha256" "bytea";
