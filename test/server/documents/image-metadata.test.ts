/**
 * server/documents/image-metadata.ts on hand-built bytes: only real JPEG and PNG structures pass,
 * judged by their bytes; EXIF (GPS), XMP, IPTC and comments leave a JPEG, text, EXIF and time
 * chunks leave a PNG; what decoding needs stays, byte for byte.
 */
import { describe, expect, it } from "vitest"
import { cleanImage, stripJpegMetadata, stripPngMetadata } from "../../../server/documents/image-metadata"
import { ADOBE_APP14, COMMENT, contains, EXIF_CHUNK, EXIF_GPS_APP1, GAMA_CHUNK, ICC_APP2, IPTC_APP13, ITXT_CHUNK, JFIF_APP0, jpeg, png, TEXT_CHUNK, TIME_CHUNK, XMP_APP1, ZTXT_CHUNK } from "./image-fixtures"

describe("JPEG", () => {
  it("drops APP1 EXIF with its GPS position, XMP, APP13 and comments; keeps JFIF, ICC and Adobe", () => {
    const dirty = jpeg(JFIF_APP0, EXIF_GPS_APP1, XMP_APP1, ICC_APP2, IPTC_APP13, ADOBE_APP14, COMMENT)
    expect(contains(dirty, "GPSLatitude")).toBe(true)
    const clean = stripJpegMetadata(dirty)!
    expect(clean).not.toBeNull()
    expect(contains(clean, "Exif")).toBe(false)
    expect(contains(clean, "GPSLatitude")).toBe(false)
    expect(contains(clean, "xmpmeta")).toBe(false)
    expect(contains(clean, "IPTC")).toBe(false)
    expect(contains(clean, "taken at home")).toBe(false)
    expect(Array.from(clean)).toEqual(Array.from(jpeg(JFIF_APP0, ICC_APP2, ADOBE_APP14)))
  })

  it("leaves a JPEG without metadata unchanged and drops bytes after EOI", () => {
    const plain = jpeg(JFIF_APP0)
    expect(Array.from(stripJpegMetadata(plain)!)).toEqual(Array.from(plain))
    const trailing = Uint8Array.from([...plain, ...Buffer.from("hidden trailer")])
    expect(Array.from(stripJpegMetadata(trailing)!)).toEqual(Array.from(plain))
  })

  it("refuses a JPEG signature over anything else: text, truncation, a bad length, no frame", () => {
    const good = jpeg(JFIF_APP0)
    expect(stripJpegMetadata(Uint8Array.from([0xff, 0xd8, 0xff, ...Buffer.from("just text")]))).toBeNull()
    expect(stripJpegMetadata(good.subarray(0, good.length - 2))).toBeNull()
    const badLength = Uint8Array.from(good)
    badLength[5] = 0xff // APP0 length far beyond the end
    expect(stripJpegMetadata(badLength)).toBeNull()
    expect(stripJpegMetadata(Uint8Array.from([0xff, 0xd8, ...JFIF_APP0, 0xff, 0xd9]))).toBeNull()
  })
})

describe("PNG", () => {
  it("drops tEXt, zTXt, iTXt, eXIf and tIME; keeps the rest byte for byte", () => {
    const dirty = png(TEXT_CHUNK, ZTXT_CHUNK, ITXT_CHUNK, EXIF_CHUNK, TIME_CHUNK, GAMA_CHUNK)
    const clean = stripPngMetadata(dirty)!
    for (const type of ["tEXt", "zTXt", "iTXt", "eXIf", "tIME", "GPSLatitude", "at home"]) expect(contains(clean, type), type).toBe(false)
    expect(Array.from(clean)).toEqual(Array.from(png(GAMA_CHUNK)))
  })

  it("refuses a PNG signature over text, a bad CRC, a missing IHDR or IDAT, a truncated file", () => {
    const good = png()
    expect(stripPngMetadata(Uint8Array.from([...good.subarray(0, 8), ...Buffer.from("this is a text file, renamed")]))).toBeNull()
    const badCrc = Uint8Array.from(good)
    badCrc[8 + 8 + 13] = badCrc[8 + 8 + 13]! ^ 0xff
    expect(stripPngMetadata(badCrc)).toBeNull()
    expect(stripPngMetadata(good.subarray(0, good.length - 4))).toBeNull()
    expect(stripPngMetadata(Uint8Array.from([...good.subarray(0, 8), ...good.subarray(33)]))).toBeNull()
  })
})

describe("cleanImage", () => {
  it("judges by the bytes: a PNG, a JPEG, and text (whatever its name) is null", () => {
    expect(cleanImage(png(TEXT_CHUNK))).toMatchObject({ kind: "png", contentType: "image/png" })
    expect(cleanImage(jpeg(EXIF_GPS_APP1))).toMatchObject({ kind: "jpeg", contentType: "image/jpeg" })
    expect(cleanImage(Uint8Array.from(Buffer.from("hello, I am a text file")))).toBeNull()
    expect(cleanImage(new Uint8Array())).toBeNull()
  })
})
