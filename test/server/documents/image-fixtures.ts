/**
 * Hand-built image bytes for the upload tests: a JPEG with chosen marker segments and PNGs with
 * chosen chunks (valid CRCs), so every metadata case is written out byte by byte.
 */
import { crc32 } from "../../../server/documents/image-metadata"

const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0))

/** A JPEG marker segment: FF, the marker, the big-endian length (data + 2), the data. */
export const segment = (marker: number, data: ReadonlyArray<number> | Uint8Array) => {
  const length = data.length + 2
  return Uint8Array.from([0xff, marker, length >> 8, length & 0xff, ...data])
}

export const JFIF_APP0 = segment(0xe0, [...ascii("JFIF"), 0, 1, 1, 0, 0, 1, 0, 1, 0, 0])
/** APP1 EXIF with a GPS IFD tag (0x8825) and a GPS latitude text, so the test can look for it. */
export const EXIF_GPS_APP1 = segment(0xe1, [...ascii("Exif"), 0, 0, ...ascii("MM"), 0, 42, 0, 0, 0, 8, 0, 1, 0x88, 0x25, 0, 4, 0, 0, 0, 1, 0, 0, 0, 26, ...ascii("GPSLatitude 6.5244 N")])
export const XMP_APP1 = segment(0xe1, ascii("http://ns.adobe.com/xap/1.0/\0<x:xmpmeta>secret</x:xmpmeta>"))
export const ICC_APP2 = segment(0xe2, [...ascii("ICC_PROFILE"), 0, 1, 1, 1, 2, 3, 4])
export const ADOBE_APP14 = segment(0xee, [...ascii("Adobe"), 0, 100, 0, 0, 0, 0, 1])
export const IPTC_APP13 = segment(0xed, ascii("Photoshop 3.0\0IPTC caption"))
export const COMMENT = segment(0xfe, ascii("taken at home"))
const DQT = segment(0xdb, [0, ...new Array<number>(64).fill(1)])
const SOF0 = segment(0xc0, [8, 0, 1, 0, 1, 1, 1, 0x11, 0])
const DHT = segment(0xc4, [0, 1, ...new Array<number>(15).fill(0), 0])
const SOS = segment(0xda, [1, 1, 0, 0, 0x3f, 0])
/** Entropy-coded bytes with a stuffed FF 00 and a restart marker, which are data, not segments. */
const SCAN = Uint8Array.from([0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56])

const join = (parts: ReadonlyArray<Uint8Array | ReadonlyArray<number>>) => Uint8Array.from(parts.flatMap((p) => Array.from(p)))

/** A JPEG: SOI, the given segments before the frame, DQT SOF0 DHT SOS, scan data, EOI. */
export const jpeg = (...extra: ReadonlyArray<Uint8Array>) => join([[0xff, 0xd8], ...extra, DQT, SOF0, DHT, SOS, SCAN, [0xff, 0xd9]])

/** A PNG chunk with its CRC. */
export const chunk = (type: string, data: ReadonlyArray<number> | Uint8Array = []) => {
  const body = Uint8Array.from([...ascii(type), ...data])
  const crc = crc32(body)
  const length = data.length
  return join([[length >>> 24, (length >> 16) & 0xff, (length >> 8) & 0xff, length & 0xff], body, [crc >>> 24, (crc >> 16) & 0xff, (crc >> 8) & 0xff, crc & 0xff]])
}

export const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
const IHDR = chunk("IHDR", [0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0])
/** The zlib stream of one transparent pixel. */
const IDAT = chunk("IDAT", [0x78, 0x9c, 0x63, 0x60, 0x00, 0x02, 0x00, 0x00, 0x05, 0x00, 0x01])
const IEND = chunk("IEND")

export const TEXT_CHUNK = chunk("tEXt", ascii("Comment\0at home, 6.5244 N"))
export const ITXT_CHUNK = chunk("iTXt", ascii("XML:com.adobe.xmp\0\0\0\0\0<x:xmpmeta/>"))
export const ZTXT_CHUNK = chunk("zTXt", ascii("Author\0\0x"))
export const EXIF_CHUNK = chunk("eXIf", [...ascii("MM"), 0, 42, 0, 0, 0, 8, ...ascii("GPSLatitude")])
export const TIME_CHUNK = chunk("tIME", [0x07, 0xea, 11, 25, 7, 30, 0])
export const GAMA_CHUNK = chunk("gAMA", [0, 0, 0xb1, 0x8f])

/** A 1x1 PNG with the given chunks between IHDR and IDAT. */
export const png = (...extra: ReadonlyArray<Uint8Array>) => join([PNG_SIGNATURE, IHDR, ...extra, IDAT, IEND])

/** A valid PNG of exactly `size` bytes (an ancillary private chunk pads it). */
export const pngOfSize = (size: number) => {
  const base = png().length
  const padding = size - base - 12
  if (padding < 0) throw new Error(`a PNG needs at least ${base + 12} bytes`)
  return png(chunk("prVt", new Uint8Array(padding)))
}

/** Whether `needle` occurs in `bytes`. */
export const contains = (bytes: Uint8Array, needle: string) => Buffer.from(bytes).includes(Buffer.from(needle, "latin1"))
