/**
 * Checks an uploaded image by decoding it with libvips (sharp) and writes it afresh, so what is
 * stored is pixels and nothing else (issue 30):
 *
 * - the kind comes from the bytes' signature (JPEG or PNG, never a name or a MIME type), and
 *   libvips must read the same format;
 * - the header must give a width and height above 0 and at most MAX_IMAGE_PIXELS pixels; the
 *   header is read before any pixel is, so a small file that would decode to gigabytes costs
 *   nothing;
 * - every pixel is decoded with `failOn: "warning"`: a cut-short stream, a corrupt scan or
 *   compressed data, an impossible bit depth or component count is refused;
 * - the EXIF orientation is applied to the pixels (a photo shows as it was taken), then a new JPEG
 *   (quality 90, no chroma subsampling, so text on a scan stays sharp) or PNG is encoded. sharp
 *   writes no metadata unless asked: no EXIF (GPS), XMP, IPTC, ICC profile or comment; a PNG keeps
 *   only the chunks that carry the image (IHDR, PLTE, tRNS, IDAT, IEND), so not even the encoder's
 *   pixel density (pHYs) is left.
 *
 * libvips does the decoding and encoding on libuv's thread pool: the event loop only waits.
 */
import sharp, { type Metadata } from "sharp"
import { MAX_IMAGE_PIXELS, sniffImageKind, type ImageKind } from "../../src/domain/upload"

// Every upload is decoded once: libvips' operation cache would only keep other people's images in memory.
sharp.cache(false)

/** An image that decoded, written afresh without metadata. */
export interface CleanImage {
  readonly kind: ImageKind
  readonly contentType: "image/jpeg" | "image/png"
  readonly bytes: Uint8Array
  /** Its size once the orientation was applied. */
  readonly width: number
  readonly height: number
}

/** Why an upload is not an image that may be stored. */
export type ImageRefusal =
  /** The bytes do not start like a JPEG or PNG. */
  | { readonly reason: "not_an_image" }
  /** They start like one but do not decode. */
  | { readonly reason: "unreadable" }
  /** They decode to more than MAX_IMAGE_PIXELS pixels. */
  | { readonly reason: "too_many_pixels"; readonly pixels: number }

/** The result of `cleanImage`. */
export type ImageCheck = { readonly ok: true; readonly image: CleanImage } | ({ readonly ok: false } & ImageRefusal)

const refused = (refusal: ImageRefusal): ImageCheck => ({ ok: false, ...refusal })

/** The PNG chunks that carry the image itself; every other chunk is dropped from the encoder's output. */
const IMAGE_CHUNKS: ReadonlySet<string> = new Set(["IHDR", "PLTE", "tRNS", "IDAT", "IEND"])

/** A PNG written by libvips with only the chunks that carry the image (each kept byte for byte, with its CRC). */
const onlyImageChunks = (png: Buffer): Buffer => {
  const kept: Buffer[] = [png.subarray(0, 8)]
  let at = 8
  while (at + 12 <= png.length) {
    const end = at + 12 + png.readUInt32BE(at)
    const type = png.toString("latin1", at + 4, at + 8)
    if (IMAGE_CHUNKS.has(type)) kept.push(png.subarray(at, end))
    at = end
    if (type === "IEND") break
  }
  return Buffer.concat(kept)
}

/**
 * Decodes the bytes and writes them afresh as the same kind, oriented and without metadata (see
 * the module comment); a refusal says why.
 */
export const cleanImage = async (bytes: Uint8Array): Promise<ImageCheck> => {
  const kind = sniffImageKind(bytes)
  if (kind === null) return refused({ reason: "not_an_image" })
  let header: Metadata
  try {
    // The header only: the pixel count is checked here, before anything is decoded.
    header = await sharp(bytes, { failOn: "warning", limitInputPixels: false }).metadata()
  } catch {
    return refused({ reason: "unreadable" })
  }
  const pixels = (header.width ?? 0) * (header.height ?? 0)
  if (header.format !== kind || !(pixels > 0)) return refused({ reason: "unreadable" })
  if (pixels > MAX_IMAGE_PIXELS) return refused({ reason: "too_many_pixels", pixels })
  try {
    const decoded = sharp(bytes, { failOn: "warning", limitInputPixels: MAX_IMAGE_PIXELS }).autoOrient()
    const encoded = kind === "png" ? decoded.png() : decoded.jpeg({ quality: 90, chromaSubsampling: "4:4:4" })
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true })
    return {
      ok: true,
      image: {
        kind,
        contentType: kind === "png" ? "image/png" : "image/jpeg",
        bytes: kind === "png" ? onlyImageChunks(data) : data,
        width: info.width,
        height: info.height,
      },
    }
  } catch {
    return refused({ reason: "unreadable" })
  }
}
