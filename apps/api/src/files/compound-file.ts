// A Word 97-2003 document (.doc) is an OLE compound file ("cfb", MS-CFB), as are Excel's .xls,
// PowerPoint's .ppt, Outlook's .msg and .msi installers: only a Word document has a stream named
// "WordDocument" ([MS-DOC] 2.1.1). This reads the compound file's directory, and nothing else, to
// find its streams' names: the header, the FAT sectors it lists and the directory's chain of
// sectors, every step bounded by the file's own size (a loop or a wild sector number ends it).
const SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const HEADER_DIFAT_ENTRIES = 109;
const DIRECTORY_ENTRY_BYTES = 128;
/** Sector numbers at and above this mark an end or a free sector, never a place in the file. */
const MAX_REGULAR_SECTOR = 0xfffffffa;
const STREAM = 2;

export function isCompoundFile(bytes: Uint8Array): boolean {
  return bytes.length >= 512 && SIGNATURE.every((byte, i) => bytes[i] === byte);
}

/**
 * The names of the streams in a compound file's directory (any depth), or null when the bytes are
 * not a readable compound file.
 */
export function compoundFileStreamNames(bytes: Uint8Array): string[] | null {
  if (!isCompoundFile(bytes)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const sectorShift = view.getUint16(0x1e, true);
  if (sectorShift !== 9 && sectorShift !== 12) return null;
  const sectorSize = 1 << sectorShift;
  const sectorCount = Math.floor((bytes.length - sectorSize) / sectorSize) + 1;
  const sectorAt = (sector: number): number | null => {
    if (sector >= MAX_REGULAR_SECTOR || sector >= sectorCount) return null;
    const start = (sector + 1) * sectorSize;
    return start + sectorSize <= bytes.length ? start : null;
  };

  // The FAT's own sectors: the first 109 listed in the header, the rest in the DIFAT chain.
  const fatSectors: number[] = [];
  const fatSectorCount = view.getUint32(0x2c, true);
  if (fatSectorCount > sectorCount) return null;
  for (let i = 0; i < HEADER_DIFAT_ENTRIES && fatSectors.length < fatSectorCount; i += 1) {
    fatSectors.push(view.getUint32(0x4c + i * 4, true));
  }
  let difat = view.getUint32(0x44, true);
  const seenDifat = new Set<number>();
  while (fatSectors.length < fatSectorCount) {
    const start = sectorAt(difat);
    if (start === null || seenDifat.has(difat)) return null;
    seenDifat.add(difat);
    const perSector = sectorSize / 4 - 1;
    for (let i = 0; i < perSector && fatSectors.length < fatSectorCount; i += 1) {
      fatSectors.push(view.getUint32(start + i * 4, true));
    }
    difat = view.getUint32(start + perSector * 4, true);
  }
  const fatStarts = fatSectors.map(sectorAt);
  if (fatStarts.some((start) => start === null)) return null;
  const nextSector = (sector: number): number | null => {
    const entriesPerSector = sectorSize / 4;
    const start = fatStarts[Math.floor(sector / entriesPerSector)];
    if (start === undefined || start === null) return null;
    return view.getUint32(start + (sector % entriesPerSector) * 4, true);
  };

  const names: string[] = [];
  const seen = new Set<number>();
  let sector: number | null = view.getUint32(0x30, true);
  while (sector !== null && sector < MAX_REGULAR_SECTOR) {
    const start = sectorAt(sector);
    if (start === null || seen.has(sector)) return null;
    seen.add(sector);
    for (let entry = start; entry < start + sectorSize; entry += DIRECTORY_ENTRY_BYTES) {
      if (bytes[entry + 0x42] !== STREAM) continue;
      // The name's length in bytes, its terminating NUL included: at most 32 UTF-16 units.
      const nameBytes = view.getUint16(entry + 0x40, true);
      if (nameBytes < 2 || nameBytes > 64 || nameBytes % 2 !== 0) continue;
      const units: number[] = [];
      for (let i = 0; i < nameBytes - 2; i += 2) units.push(view.getUint16(entry + i, true));
      names.push(String.fromCharCode(...units));
    }
    sector = nextSector(sector);
  }
  return names;
}
