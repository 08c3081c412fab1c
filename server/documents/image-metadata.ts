/**
 * Checks an uploaded image by its bytes and strips its metadata before it is stored (issue 11,
 * identity documents), with no native image library:
 *
 * - JPEG: SOI, then well-formed marker segments up to EOI, with a frame header (SOFn) and a scan
 *   (SOS); entropy-coded data is walked byte by byte (FF 00 stuffing, RSTn, fill bytes) so segments
 *   between progressive scans are checked too. Kept: APP0 (JFIF), APP2 only when it is an ICC
 *   profile, APP14 (Adobe colour transform) and every segment decoding needs (DQT, DHT, SOFn, SOS,
 *   DRI, DNL, DAC...). Dropped: every other APPn (APP1 EXIF with its GPS position, XMP; APP13
 *   Photoshop IPTC...) and COM. Bytes after EOI are dropped.
 * - PNG: the signature, then chunks with valid CRCs from IHDR (first, 13 bytes) to IEND, with at
 *   least one IDAT. Dropped: tEXt, zTXt, iTXt, eXIf, tIME. Bytes after IEND are dropped.
 *
 * Anything else (a text file named .png, a truncated or malformed image) is `null`.
 */
import type { ImageKind } from "../../src/domain/upload"
import { sniffImageKind } from "../../src/domain/upload"

/** An image that passed the checks, with its metadata removed. */
export interface CleanImage {
  readonly kind: ImageKind
  readonly contentType: "image/jpeg" | "image/png"
  readonly bytes: Uint8Array
}

// ---- JPEG ----

const SOI = 0xd8
const EOI = 0xd9
const SOS = 0xda
const COM = 0xfe
const APP0 = 0xe0
const APP2 = 0xe2
const APP14 = 0xee
const APP15 = 0xef
/** SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC). */
const isSof = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc
const isRst = (m: number) => m >= 0xd0 && m <= 0xd7
const ICC_PROFILE = [0x49, 0x43, 0x43, 0x5f, 0x50, 0x52, 0x4f, 0x46, 0x49, 0x4c, 0x45, 0x00] // "ICC_PROFILE\0"

const startsAt = (bytes: Uint8Array, at: number, magic: ReadonlyArray<number>) => magic.every((b, i) => bytes[at + i] === b)

/** Whether a marker segment is metadata the image does not need to be decoded. */
const isJpegMetadata = (marker: number, bytes: Uint8Array, dataStart: number): boolean => {
  if (marker === COM) return true
  if (marker < APP0 || marker > APP15) return false
  if (marker === APP0 || marker === APP14) return false
  if (marker === APP2) return !startsAt(bytes, dataStart, ICC_PROFILE)
  return true
}

/** The JPEG without its metadata segments, or null when it is not a well-formed JPEG. */
export const stripJpegMetadata = (bytes: Uint8Array): Uint8Array | null => {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== SOI) return null
  const kept: Uint8Array[] = [bytes.subarray(0, 2)]
  let at = 2
  let sawFrame = false
  let sawScan = false
  while (at < bytes.length) {
    if (bytes[at] !== 0xff) return null
    // Fill bytes before a marker.
    let m = at + 1
    while (m < bytes.length && bytes[m] === 0xff) m++
    if (m >= bytes.length) return null
    const marker = bytes[m]!
    if (marker === EOI) {
      kept.push(Uint8Array.of(0xff, EOI))
      return sawFrame && sawScan ? concat(kept) : null
    }
    if (marker === 0x00 || marker === SOI || isRst(marker)) return null // not allowed between segments
    if (m + 2 >= bytes.length) return null
    const length = (bytes[m + 1]! << 8) | bytes[m + 2]!
    if (length < 2 || m + 1 + length > bytes.length) return null
    const end = m + 1 + length
    if (isSof(marker)) sawFrame = true
    if (!isJpegMetadata(marker, bytes, m + 3)) kept.push(Uint8Array.of(0xff, marker), bytes.subarray(m + 1, end))
    at = end
    if (marker === SOS) {
      if (!sawFrame) return null
      sawScan = true
      // Entropy-coded data: up to the next marker that is not stuffing (FF 00), a restart or fill.
      let scan = at
      for (;;) {
        if (scan >= bytes.length - 1) return null
        if (bytes[scan] === 0xff) {
          const next = bytes[scan + 1]!
          if (next === 0x00 || isRst(next)) {
            scan += 2
            continue
          }
          if (next === 0xff) {
            scan += 1
            continue
          }
          break
        }
        scan++
      }
      kept.push(bytes.subarray(at, scan))
      at = scan
    }
  }
  return null
}

// ---- PNG ----

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
/** Chunks that carry text, EXIF (GPS position) or a modification time: never stored. */
export const PNG_METADATA_CHUNKS: ReadonlyArray<string> = ["tEXt", "zTXt", "iTXt", "eXIf", "tIME"]

const CRC_TABLE = (() => {
  const table = new Uint32Array(256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    table[n] = c >>> 0
  }
  return table
})()

/** CRC-32 as PNG chunks use it (over the chunk type and data). */
export const crc32 = (bytes: Uint8Array): number => {
  let c = 0xffffffff
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

const u32 = (bytes: Uint8Array, at: number) => ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0

/** The PNG without its metadata chunks, or null when it is not a well-formed PNG. */
export const stripPngMetadata = (bytes: Uint8Array): Uint8Array | null => {
  if (!startsAt(bytes, 0, PNG_SIGNATURE)) return null
  const kept: Uint8Array[] = [bytes.subarray(0, 8)]
  let at = 8
  let first = true
  let sawData = false
  while (at + 12 <= bytes.length) {
    const length = u32(bytes, at)
    const end = at + 12 + length
    if (length > 0x7fffffff || end > bytes.length) return null
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8))
    if (!/^[A-Za-z]{4}$/.test(type)) return null
    if (crc32(bytes.subarray(at + 4, at + 8 + length)) !== u32(bytes, at + 8 + length)) return null
    if (first && (type !== "IHDR" || length !== 13)) return null
    first = false
    if (type === "IDAT") sawData = true
    if (!PNG_METADATA_CHUNKS.includes(type)) kept.push(bytes.subarray(at, end))
    at = end
    if (type === "IEND") return sawData ? concat(kept) : null
  }
  return null
}

const concat = (parts: ReadonlyArray<Uint8Array>): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

/** The image the bytes hold (by their signature, never a name), checked and without metadata; null for anything else. */
export const cleanImage = (bytes: Uint8Array): CleanImage | null => {
  const kind = sniffImageKind(bytes)
  if (kind === "jpeg") {
    const clean = stripJpegMetadata(bytes)
    return clean ? { kind, contentType: "image/jpeg", bytes: clean } : null
  }
  if (kind === "png") {
    const clean = stripPngMetadata(bytes)
    return clean ? { kind, contentType: "image/png", bytes: clean } : null
  }
  return null
}
