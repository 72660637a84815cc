// issue 22, decisions D14: the temporary file an import's ZIP waits in is sealed, so that the
// person's documents are never on disk in the clear (file-encryption.ts keeps them encrypted in
// the database; the ZIP carries them as they were). AES-256-CTR under a key drawn for this one
// import and held only in memory: a stream cipher, so the file is written as it arrives, and any
// range of it decrypts on its own (the counter of the block it starts in), which is how yauzl
// reads a ZIP: by ranges, through a RandomAccessReader.
import { createCipheriv, createDecipheriv, randomBytes, type Cipheriv } from "node:crypto";
import { close, createReadStream } from "node:fs";
import { type Readable, Transform, pipeline } from "node:stream";
import yauzl from "yauzl";

const ALGORITHM = "aes-256-ctr";
const BLOCK_BYTES = 16;

/** This import's key and first counter block. */
export interface Seal {
  key: Buffer;
  iv: Buffer;
}

export function newSeal(): Seal {
  return { key: randomBytes(32), iv: randomBytes(BLOCK_BYTES) };
}

/** Encrypts the file's bytes in order, from its first. */
export function sealing({ key, iv }: Seal): Cipheriv {
  return createCipheriv(ALGORITHM, key, iv);
}

/** The counter block of block number `block`: the IV plus `block`, as OpenSSL counts (128 bits). */
function counterAt(iv: Buffer, block: number): Buffer {
  const counter = Buffer.from(iv);
  let carry = BigInt(block);
  for (let i = BLOCK_BYTES - 1; i >= 0 && carry > 0n; i -= 1) {
    const sum = BigInt(counter[i] ?? 0) + (carry & 0xffn);
    counter[i] = Number(sum & 0xffn);
    carry = (carry >> 8n) + (sum >> 8n);
  }
  return counter;
}

/** A sealed file, read by ranges in the clear: what yauzl reads the ZIP through. */
export class SealedReader extends yauzl.RandomAccessReader {
  constructor(
    private readonly fd: number,
    private readonly seal: Seal,
  ) {
    super();
  }

  override _readStreamForRange(start: number, end: number): Readable {
    const block = Math.floor(start / BLOCK_BYTES);
    const decipher = createDecipheriv(ALGORITHM, this.seal.key, counterAt(this.seal.iv, block));
    let skip = start - block * BLOCK_BYTES;
    const sealed = createReadStream("", {
      fd: this.fd,
      start: block * BLOCK_BYTES,
      end: end - 1,
      autoClose: false,
    });
    const clear = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        let bytes = decipher.update(chunk);
        if (skip > 0) {
          const dropped = Math.min(skip, bytes.length);
          bytes = bytes.subarray(dropped);
          skip -= dropped;
        }
        done(null, bytes);
      },
    });
    // An error of the read reaches yauzl through the stream it reads.
    return pipeline(sealed, clear, () => undefined);
  }

  override close(callback: (err: Error | null) => void): void {
    close(this.fd, (error) => {
      callback(error ?? null);
    });
  }
}
