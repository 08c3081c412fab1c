import { issue, ValidationCodes as C, type ValidationIssue } from "./validation"

/** The largest document accepted, in bytes (spec part 2 section 9: 10,000,000). */
export const MAX_UPLOAD_BYTES = 10_000_000

/**
 * The most pixels (width x height) an uploaded image may decode to: 40 megapixels, enough for a
 * 40-megapixel photo or an A4 page scanned at 600 dpi (about 35 megapixels). A larger image is
 * refused, however small its file (docs/decisions/0162-document-images-decoded.md).
 */
export const MAX_IMAGE_PIXELS = 40_000_000

/** Accepted file extensions, lower case. */
export const ALLOWED_UPLOAD_EXTENSIONS: ReadonlyArray<string> = ["jpg", "jpeg", "png"]

/** The document categories, in display order. */
export const DOCUMENT_CATEGORIES = ["PICTURE_ID", "PROOF_OF_ADDRESS", "PICTURE_ID_PROOF_OF_ADDRESS", "TAX", "TRUST_DOCUMENTS"] as const

/** A document category. */
export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number]

/** True for one of `DOCUMENT_CATEGORIES`. */
export const isDocumentCategory = (value: unknown): value is DocumentCategory =>
  typeof value === "string" && (DOCUMENT_CATEGORIES as ReadonlyArray<string>).includes(value)

/** The image kinds an upload may hold. */
export type ImageKind = "jpeg" | "png"

/** The lower-case extension of a file name ("ID.JPG" -> "jpg"), or "" when it has none. */
export const fileExtension = (fileName: string): string => {
  const dot = fileName.lastIndexOf(".")
  return dot > 0 && dot < fileName.length - 1 ? fileName.slice(dot + 1).toLowerCase() : ""
}

/** True when the file name ends in .jpg, .jpeg or .png (any case). */
export const hasAllowedExtension = (fileName: string): boolean => ALLOWED_UPLOAD_EXTENSIONS.includes(fileExtension(fileName))

const JPEG = [0xff, 0xd8, 0xff]
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

const startsWith = (bytes: Uint8Array, magic: ReadonlyArray<number>): boolean => bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b)

/** The image kind the first bytes of a file announce (JPEG FF D8 FF; PNG 89 50 4E 47 0D 0A 1A 0A), or null for anything else. */
export const sniffImageKind = (bytes: Uint8Array): ImageKind | null => (startsWith(bytes, JPEG) ? "jpeg" : startsWith(bytes, PNG) ? "png" : null)

/** A chosen file as far as the rules go: its name, size and optionally its first bytes. */
export interface UploadFile {
  readonly name: string
  readonly size: number
  /** At least the first 8 bytes; when given, the content must match the extension. */
  readonly bytes?: Uint8Array
}

/**
 * The first failing rule of a chosen file, or null when it may be uploaded: a file is required
 * ('Select document File'); the extension must be jpg, jpeg or png ('Invalid File Selection');
 * at most 10,000,000 bytes ('File too large (10mb Max)'); when `bytes` are given, they must be a
 * JPEG for .jpg/.jpeg and a PNG for .png ('Invalid File Selection'). The browser and the server
 * run the same rule.
 */
export const validateUploadFile = (file: UploadFile | null | undefined): ValidationIssue | null => {
  if (!file) return issue(C.documentFile)
  if (!hasAllowedExtension(file.name)) return issue(C.invalidFile)
  if (file.size > MAX_UPLOAD_BYTES) return issue(C.fileTooLarge)
  if (file.bytes) {
    const expected: ImageKind = fileExtension(file.name) === "png" ? "png" : "jpeg"
    if (sniffImageKind(file.bytes) !== expected) return issue(C.invalidFile)
  }
  return null
}

/** Document upload fields; idType and idValue are optional and not checked. */
export interface DocumentUploadForm {
  readonly category: string | null
  readonly file: UploadFile | null
}

/** Document upload rules: a category ('Please provide document Category') and `validateUploadFile`. */
export const validateDocumentUpload = (form: DocumentUploadForm): { category?: ValidationIssue; file?: ValidationIssue } => {
  const result: { category?: ValidationIssue; file?: ValidationIssue } = {}
  if (!isDocumentCategory(form.category)) result.category = issue(C.documentCategory)
  const fileIssue = validateUploadFile(form.file)
  if (fileIssue) result.file = fileIssue
  return result
}

/** The longest ID type or ID value an upload may carry, in characters. */
export const MAX_ID_FIELD_LENGTH = 100

/** The longest data URL prefix an upload may carry ("data:image/jpeg;base64,"). */
const LONGEST_DATA_URL_PREFIX = "data:image/jpeg;base64,".length

/** The base64 length of `bytes` bytes (padded to whole groups of four). */
export const base64Length = (bytes: number): number => 4 * Math.ceil(bytes / 3)

/**
 * The largest POST /users/document body, in bytes: the data URL of a `MAX_UPLOAD_BYTES` image
 * (its base64 text plus the longest prefix) and a 2,048-byte envelope for the JSON around it: the
 * keys, the longest category and two ID fields of `MAX_ID_FIELD_LENGTH` characters even when every
 * character is written as a six-byte \uXXXX escape (2 x 100 x 6 = 1,200 bytes).
 */
export const UPLOAD_BODY_LIMIT = base64Length(MAX_UPLOAD_BYTES) + LONGEST_DATA_URL_PREFIX + 2_048

const IMAGE_DATA_URL_PREFIX = /^data:image\/(?:jpeg|jpg|png);base64,/
/** 1 for the 64 digits of base64 (A-Z, a-z, 0-9, +, /), by character code. */
const BASE64_DIGITS = Uint8Array.from({ length: 128 }, (_, c) => Number(/[A-Za-z0-9+/]/.test(String.fromCharCode(c))))

/**
 * True for the data URL of a JPEG or PNG as an upload sends it: "data:image/jpeg;base64,",
 * "data:image/jpg;base64," or "data:image/png;base64," then at least one base64 digit and at most
 * two "=" at the end (no spaces, no line breaks). One loop over a lookup table: a 13 MB data URL
 * takes a few tens of milliseconds (a regular expression over it took several times longer, on the
 * server's only thread).
 */
export const isImageDataUrl = (text: string): boolean => {
  const prefix = IMAGE_DATA_URL_PREFIX.exec(text.slice(0, 32))
  if (!prefix) return false
  let end = text.length
  for (let padding = 0; padding < 2 && text.charCodeAt(end - 1) === 0x3d; padding++) end--
  if (end <= prefix[0].length) return false
  for (let i = prefix[0].length; i < end; i++) {
    const c = text.charCodeAt(i)
    if (c > 127 || BASE64_DIGITS[c] === 0) return false
  }
  return true
}

/** The first bytes of a data URL's content (at most `count`), decoded; empty when it is not base64. */
export const dataUrlHead = (dataUrl: string, count = 16): Uint8Array => {
  const comma = dataUrl.indexOf(",")
  if (comma < 0 || !/;base64$/i.test(dataUrl.slice(0, comma))) return new Uint8Array()
  const head = dataUrl.slice(comma + 1, comma + 1 + 4 * Math.ceil(count / 3)).replace(/=+$/, "")
  try {
    const text = atob(head.length % 4 === 1 ? head.slice(0, -1) : head)
    return Uint8Array.from(text.slice(0, count), (ch) => ch.charCodeAt(0))
  } catch {
    return new Uint8Array()
  }
}
