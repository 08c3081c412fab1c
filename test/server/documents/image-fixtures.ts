/**
 * Image bytes for the upload tests: real images made with sharp, metadata written into them with
 * the real exiftool (Debian's libimage-exiftool-perl), PNG chunks written out byte by byte (valid
 * CRCs) for the chunk names exiftool reads but the PNG standard does not (exIf, zxIf, tXMP), and
 * images that start like a JPEG or PNG but do not decode. `exifTags` is what exiftool reads back.
 */
import { execFileSync } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { crc32, deflateSync } from "node:zlib"
import sharp from "sharp"

const ascii = (text: string) => Buffer.from(text, "latin1")

/** A PNG chunk with its CRC. */
export const chunk = (type: string, data: Uint8Array = new Uint8Array()): Buffer => {
  const body = Buffer.concat([ascii(type), data])
  const head = Buffer.alloc(4)
  head.writeUInt32BE(data.length)
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([head, body, crc])
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

/** An IHDR chunk: width, height, bit depth, colour type (0 grey, 2 RGB, 6 RGBA). */
export const ihdr = (width: number, height: number, bitDepth = 8, colourType = 2): Buffer => {
  const data = Buffer.alloc(13)
  data.writeUInt32BE(width, 0)
  data.writeUInt32BE(height, 4)
  data[8] = bitDepth
  data[9] = colourType
  return chunk("IHDR", data)
}

/** Unfiltered rows of zero bytes (black or transparent pixels) for an IDAT. */
const zeroRows = (width: number, height: number, bytesPerPixel: number) => Buffer.alloc((width * bytesPerPixel + 1) * height)

/** A PNG of the given chunks: signature, IHDR, `extra`, IDAT, IEND. */
export const pngOf = (header: Buffer, idat: Uint8Array, ...extra: ReadonlyArray<Uint8Array>): Buffer =>
  Buffer.concat([PNG_SIGNATURE, header, ...extra, chunk("IDAT", idat), chunk("IEND")])

/** A 1x1 transparent PNG with the given chunks between IHDR and IDAT. */
export const png = (...extra: ReadonlyArray<Uint8Array>): Buffer => pngOf(ihdr(1, 1, 8, 6), deflateSync(zeroRows(1, 1, 4)), ...extra)

/** A valid PNG of exactly `size` bytes (an ancillary private chunk pads it). */
export const pngOfSize = (size: number): Buffer => {
  const padding = size - png().length - 12
  if (padding < 0) throw new Error(`a PNG needs at least ${png().length + 12} bytes`)
  return png(chunk("prVt", new Uint8Array(padding)))
}

/** A black greyscale PNG of width x height pixels: a small file however many pixels it has. */
export const greyPng = (width: number, height: number): Buffer => pngOf(ihdr(width, height, 8, 0), deflateSync(zeroRows(width, height, 1), { level: 9 }))

/** Whether `needle` occurs in `bytes`. */
export const contains = (bytes: Uint8Array, needle: string) => Buffer.from(bytes).includes(ascii(needle))

// ---- real images, and metadata written with exiftool ----

/**
 * A photo of width x height: the top-left quarter red, the rest blue, so its orientation can be
 * told from its pixels.
 */
export const photo = async (kind: "jpeg" | "png", width = 80, height = 40): Promise<Buffer> => {
  const corner = await sharp({ create: { width: width / 2, height: height / 2, channels: 3, background: "#ff0000" } })
    .png()
    .toBuffer()
  const image = sharp({ create: { width, height, channels: 3, background: "#0000ff" } }).composite([{ input: corner, left: 0, top: 0 }])
  return kind === "jpeg" ? image.jpeg({ quality: 95 }).toBuffer() : image.png().toBuffer()
}

/** Runs exiftool on the bytes in a temporary file; resolves with the file's bytes afterwards and exiftool's output. */
const withExiftool = (bytes: Uint8Array, extension: string, args: ReadonlyArray<string>): { bytes: Buffer; output: string } => {
  const dir = mkdtempSync(join(tmpdir(), "chartfolio-exiftool-"))
  try {
    const file = join(dir, `image.${extension}`)
    writeFileSync(file, bytes)
    const output = execFileSync("exiftool", [...args, file], { encoding: "utf8" })
    return { bytes: readFileSync(file), output }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Tags written into the image by exiftool, e.g. `["-GPSLatitude=6.5244", "-Orientation#=6"]`. */
export const withTags = (bytes: Uint8Array, kind: "jpeg" | "png", tags: ReadonlyArray<string>): Buffer =>
  withExiftool(bytes, kind === "jpeg" ? "jpg" : "png", ["-q", "-q", "-overwrite_original", ...tags]).bytes

/** Everything exiftool reads from the bytes, as `Group:Tag` -> value (every group, duplicates too). */
export const exifTags = (bytes: Uint8Array): Map<string, string> => {
  const { output } = withExiftool(bytes, "img", ["-a", "-G1", "-s", "-j", "-n"])
  const [tags = {}] = JSON.parse(output) as Array<Record<string, unknown>>
  return new Map(Object.entries(tags).map(([k, v]) => [k, String(v)]))
}

/**
 * The tags exiftool reports for a file with no metadata at all: its own, the file system's, and
 * what it reads from the image's structure (size, kind, encoding).
 */
const STRUCTURE_GROUPS = new Set(["ExifTool", "System", "File", "Composite"])
const STRUCTURE_PNG_TAGS = new Set(["ImageWidth", "ImageHeight", "BitDepth", "ColorType", "Compression", "Filter", "Interlace", "Palette", "Transparency"])

/** The tags exiftool reads from the bytes that are metadata (anything beyond the image's own structure). */
export const metadataTags = (bytes: Uint8Array): string[] =>
  [...exifTags(bytes).keys()].filter((key) => {
    const [group = "", tag = ""] = key.split(":")
    if (key === "SourceFile" || STRUCTURE_GROUPS.has(group)) return false
    return !(group === "PNG" && STRUCTURE_PNG_TAGS.has(tag))
  })

/** An EXIF (TIFF) block with a GPS position (Lagos), made by exiftool. */
export const gpsExif = (): Buffer => {
  const dir = mkdtempSync(join(tmpdir(), "chartfolio-exiftool-"))
  try {
    const file = join(dir, "gps.exif")
    execFileSync("exiftool", ["-q", "-o", file, "-GPSLatitude=6.5244", "-GPSLatitudeRef=N", "-GPSLongitude=3.3792", "-GPSLongitudeRef=E"])
    return readFileSync(file)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** GPS tags in exiftool's reading (the position the probe printed). */
export const gpsTagsOf = (bytes: Uint8Array): string[] => [...exifTags(bytes).keys()].filter((k) => /GPS/.test(k))

/** A PNG chunk under a name the standard does not use but exiftool reads: EXIF in exIf, compressed EXIF in zxIf, XMP in tXMP. */
export const privateMetadataChunks = (exif: Buffer): Buffer[] => [
  chunk("exIf", exif),
  chunk("zxIf", Buffer.concat([Buffer.from([0, 0, 0, 0, 0]), deflateSync(exif)])),
  chunk(
    "tXMP",
    ascii(
      `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:description>taken at home</dc:description></rdf:Description></rdf:RDF></x:xmpmeta>`,
    ),
  ),
]

/** The standard text and EXIF chunks: tEXt, zTXt, iTXt and eXIf. */
export const standardMetadataChunks = (exif: Buffer): Buffer[] => [
  chunk("tEXt", ascii("Comment\0at home, 6.5244 N")),
  chunk("zTXt", Buffer.concat([ascii("Author\0\0"), deflateSync(ascii("Ada Obi"))])),
  chunk("iTXt", ascii("Description\0\0\0\0\0taken at home")),
  chunk("eXIf", exif),
]

/** A PNG made by sharp with `extra` chunks inserted before its first IDAT. */
export const withChunks = (image: Buffer, extra: ReadonlyArray<Buffer>): Buffer => {
  const at = image.indexOf(ascii("IDAT")) - 4
  return Buffer.concat([image.subarray(0, at), ...extra, image.subarray(at)])
}

// ---- images that start like a JPEG or PNG and do not decode ----

/** A JPEG marker segment: FF, the marker, the big-endian length (data + 2), the data. */
const segment = (marker: number, data: ReadonlyArray<number>) => Buffer.from([0xff, marker, (data.length + 2) >> 8, (data.length + 2) & 0xff, ...data])

/** The kinds of undecodable image the probe sent, each of which the server must refuse. */
export const undecodable = async (): Promise<Record<string, Buffer>> => {
  const noise = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 60 } } })
  const noisyPng = await noise.clone().png().toBuffer()
  const noisyJpeg = await noise.clone().jpeg({ quality: 95 }).toBuffer()
  const nineComponents = Array.from({ length: 9 }, (_, i) => [i + 1, 0x11, 0]).flat()
  return {
    // IDAT bytes that are not a zlib stream, under a valid CRC.
    "random image data with a valid checksum": pngOf(ihdr(16, 16), Buffer.from(Array.from({ length: 64 }, (_, i) => (i * 151 + 7) & 0xff))),
    "a cut-short PNG": noisyPng.subarray(0, Math.floor(noisyPng.length * 0.7)),
    "a cut-short JPEG": noisyJpeg.subarray(0, Math.floor(noisyJpeg.length * 0.95)),
    "a PNG of width 0": pngOf(ihdr(0, 16), deflateSync(zeroRows(0, 16, 3))),
    "a PNG with an invalid bit depth (3)": pngOf(ihdr(16, 16, 3, 2), deflateSync(zeroRows(16, 16, 3))),
    "rows with an unknown filter type": pngOf(ihdr(4, 4), deflateSync(Buffer.alloc(13 * 4, 7))),
    "a JPEG of 0x0 with 9 components": Buffer.concat([
      Buffer.from([0xff, 0xd8]),
      segment(0xdb, [0, ...new Array<number>(64).fill(1)]),
      segment(0xc0, [8, 0, 0, 0, 0, 9, ...nineComponents]),
      segment(0xda, [1, 1, 0, 0, 0x3f, 0]),
      Buffer.from([0x12, 0x34, 0xff, 0xd9]),
    ]),
  }
}
