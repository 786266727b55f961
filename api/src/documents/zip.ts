import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

export interface ZipEntry {
  name: string;
  data: Uint8Array | string;
  /** The file's time in the archive (default: now). */
  date?: Date;
}

/** Already-compressed formats are stored, not deflated again. */
const STORED = /\.(zip|png|jpe?g|gz|pgb|xlsx)$/i;

/**
 * A ZIP written as it is fed: each entry is compressed and handed to `sink` chunk by chunk, so a
 * pack of a thousand statements never sits in memory uncompressed all at once. `end()` writes the
 * central directory and resolves when the last chunk has been handed over.
 */
export class ZipWriter {
  private readonly zip: Zip;
  private readonly done: Promise<void>;
  private readonly names = new Set<string>();

  constructor(sink: (chunk: Uint8Array) => void) {
    let settle!: { resolve: () => void; reject: (e: Error) => void };
    this.done = new Promise<void>((resolve, reject) => {
      settle = { resolve, reject };
    });
    this.zip = new Zip((err, chunk, final) => {
      if (err) return settle.reject(err);
      sink(chunk);
      if (final) settle.resolve();
    });
  }

  add(entry: ZipEntry): void {
    if (this.names.has(entry.name)) throw new Error(`The ZIP already has a file named ${entry.name}`);
    this.names.add(entry.name);
    const file = STORED.test(entry.name) ? new ZipPassThrough(entry.name) : new ZipDeflate(entry.name, { level: 6 });
    file.mtime = entry.date ?? new Date();
    this.zip.add(file);
    file.push(typeof entry.data === 'string' ? new TextEncoder().encode(entry.data) : entry.data, true);
  }

  end(): Promise<void> {
    this.zip.end();
    return this.done;
  }
}

/** A whole ZIP in memory (for the archive, whose rows hold the file). */
export async function zipFiles(entries: Iterable<ZipEntry>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  const writer = new ZipWriter((c) => chunks.push(c));
  for (const e of entries) writer.add(e);
  await writer.end();
  return concat(chunks);
}

export function concat(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((a, c) => a + c.byteLength, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}
