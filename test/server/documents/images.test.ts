/**
 * server/documents/images.ts with libvips (sharp) and the real exiftool: every image is decoded;
 * what does not decode or decodes to more than MAX_IMAGE_PIXELS is refused; the EXIF orientation is
 * applied; what comes out is a fresh JPEG or PNG in which exiftool finds no metadata at all.
 */
import sharp from "sharp"
import { beforeAll, describe, expect, it } from "vitest"
import { MAX_IMAGE_PIXELS } from "../../../src/domain/upload"
import { cleanImage, type CleanImage } from "../../../server/documents/images"
import {
  gpsExif,
  gpsTagsOf,
  greyPng,
  metadataTags,
  photo,
  png,
  privateMetadataChunks,
  standardMetadataChunks,
  undecodable,
  withChunks,
  withTags,
} from "./image-fixtures"

let exif: Buffer
beforeAll(() => {
  exif = gpsExif()
})

const clean = async (bytes: Uint8Array): Promise<CleanImage> => {
  const checked = await cleanImage(bytes)
  if (!checked.ok) throw new Error(`refused: ${checked.reason}`)
  return checked.image
}

/** The colour of the pixel at (x, y) of an image, as "r,g,b" rounded to the nearest 64 (JPEG is lossy). */
const colourAt = async (bytes: Uint8Array, x: number, y: number): Promise<string> => {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  const at = (y * info.width + x) * info.channels
  return [data[at]!, data[at + 1]!, data[at + 2]!].map((v) => Math.round(v / 64) * 64).join(",")
}
const RED = "256,0,0"
const BLUE = "0,0,256"

describe("metadata", () => {
  it("a JPEG loses its EXIF GPS position, XMP, IPTC, ICC profile and comment", async () => {
    const base = await sharp(await photo("jpeg"))
      .withIccProfile("p3")
      .jpeg()
      .toBuffer()
    const dirty = withTags(base, "jpeg", [
      "-GPSLatitude=6.5244",
      "-GPSLatitudeRef=N",
      "-GPSLongitude=3.3792",
      "-GPSLongitudeRef=E",
      "-XMP:Description=taken at home",
      "-IPTC:Caption-Abstract=home",
      "-Comment=taken at home",
      "-Artist=Ada Obi",
    ])
    // The probe is real: exiftool reads the position and the rest from what is uploaded.
    expect(gpsTagsOf(dirty)).toContain("Composite:GPSPosition")
    expect(metadataTags(dirty)).toEqual(expect.arrayContaining(["XMP-dc:Description", "IPTC:Caption-Abstract", "IFD0:Artist", "ICC-header:ProfileClass"]))
    const image = await clean(dirty)
    expect(image).toMatchObject({ kind: "jpeg", contentType: "image/jpeg", width: 80, height: 40 })
    expect(metadataTags(image.bytes)).toEqual([])
  })

  it("a PNG loses tEXt, zTXt, iTXt and eXIf, and the chunk names exiftool reads outside the standard: exIf, zxIf, tXMP", async () => {
    for (const chunks of [standardMetadataChunks(exif), privateMetadataChunks(exif)]) {
      const dirty = withChunks(await photo("png"), chunks)
      expect(metadataTags(dirty).length).toBeGreaterThan(0)
      const image = await clean(dirty)
      expect(image).toMatchObject({ kind: "png", contentType: "image/png" })
      expect(metadataTags(image.bytes)).toEqual([])
    }
    // Each private name on its own carries what exiftool reads (the GPS position for the EXIF ones).
    for (const one of privateMetadataChunks(exif).slice(0, 2)) expect(gpsTagsOf(withChunks(await photo("png"), [one]))).toContain("Composite:GPSPosition")
  })

  it("a PNG from an ICC-profiled source keeps only the chunks of the image (no iCCP, pHYs, tIME...)", async () => {
    const source = await sharp({ create: { width: 20, height: 10, channels: 4, background: "#33669980" } })
      .withIccProfile("p3")
      .withMetadata({ density: 300 })
      .png()
      .toBuffer()
    expect(metadataTags(source).length).toBeGreaterThan(0)
    const image = await clean(source)
    expect(metadataTags(image.bytes)).toEqual([])
    expect(await colourAt(image.bytes, 0, 0)).not.toBe("")
  })
})

describe("orientation", () => {
  it("a JPEG shown rotated by its EXIF orientation is stored with the rotation applied to its pixels", async () => {
    // Orientation 6: turn 90 degrees clockwise to show. The red corner (top left as stored) shows top right.
    const rotated = withTags(await photo("jpeg", 80, 40), "jpeg", ["-Orientation#=6"])
    expect((await sharp(rotated).metadata()).orientation).toBe(6)
    const image = await clean(rotated)
    expect([image.width, image.height]).toEqual([40, 80])
    const meta = await sharp(image.bytes).metadata()
    expect([meta.width, meta.height, meta.orientation]).toEqual([40, 80, undefined])
    expect(await colourAt(image.bytes, 30, 5)).toBe(RED)
    expect(await colourAt(image.bytes, 5, 5)).toBe(BLUE)
  })

  it("an image without orientation keeps its pixels where they were", async () => {
    const image = await clean(await photo("png", 80, 40))
    expect([image.width, image.height]).toEqual([80, 40])
    expect(await colourAt(image.bytes, 5, 5)).toBe(RED)
    expect(await colourAt(image.bytes, 70, 35)).toBe(BLUE)
  })
})

describe("refusals", () => {
  it("refuses every image that does not decode in full", async () => {
    for (const [what, bytes] of Object.entries(await undecodable())) {
      expect(await cleanImage(bytes), what).toEqual({ ok: false, reason: "unreadable" })
    }
  })

  it("refuses bytes that are no JPEG or PNG at all", async () => {
    expect(await cleanImage(Buffer.from("This is a text file renamed to id.png"))).toEqual({ ok: false, reason: "not_an_image" })
    expect(await cleanImage(new Uint8Array())).toEqual({ ok: false, reason: "not_an_image" })
  })

  it(`takes an image of exactly ${MAX_IMAGE_PIXELS.toLocaleString("en")} pixels and refuses one of a row more, whatever its file size`, async () => {
    const atLimit = greyPng(8000, 5000)
    const above = greyPng(8000, 5001)
    expect(above.length).toBeLessThan(100_000)
    expect(await cleanImage(above)).toEqual({ ok: false, reason: "too_many_pixels", pixels: 8000 * 5001 })
    expect(await clean(atLimit)).toMatchObject({ kind: "png", width: 8000, height: 5000 })
  }, 60_000)

  it("the 1x1 PNG the other tests upload decodes", async () => {
    expect(await clean(png())).toMatchObject({ width: 1, height: 1 })
  })
})
