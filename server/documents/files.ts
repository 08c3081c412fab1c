/**
 * Uploaded documents live as files in one directory (Config.documentsDir, DATA_DIR/documents by
 * default), under names the server makes: `<uuid>.jpg` or `<uuid>.png`, in a subdirectory named
 * after the name's first two characters (`3f/3f2a....png`), so no directory grows past a few
 * thousand entries. The database row (table documents) holds the metadata and the file's name
 * (`file_name`); nothing a user sends ever becomes part of a path (ASVS 5.3.2). Every server process
 * of one database must see the same directory.
 *
 * A file is written to a temporary name, flushed to disk and renamed into place, so a reader never
 * sees half a file; the row is inserted after the rename. Files are only readable by the server's
 * user (0600 files, 0700 directories).
 */
import { randomBytes, randomUUID } from "node:crypto"
import { mkdir, open, readdir, readFile, rename, rm, stat } from "node:fs/promises"
import { dirname, join } from "node:path"
import type { Kysely } from "kysely"
import type { ImageKind } from "../../src/domain/upload"
import type { DB } from "../db/schema"
import { cleanImage } from "./images"

/** The names the server makes (and the seed's, which are UUIDs too). */
const FILE_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg)$/

/** Whether `name` is a document file name the server makes. */
export const isDocumentFileName = (name: string): boolean => FILE_NAME.test(name)

/** A new server-made file name for an image of `kind`. */
export const newDocumentFileName = (kind: ImageKind): string => `${randomUUID()}.${kind === "png" ? "png" : "jpg"}`

/** The documents directory. */
export interface DocumentFiles {
  readonly dir: string
  /** Writes the file in full (temporary name, flush, rename). */
  readonly write: (name: string, bytes: Uint8Array) => Promise<void>
  /** The file's bytes; rejects (ENOENT) when it is not there. */
  readonly read: (name: string) => Promise<Buffer>
  /** Removes the file; nothing happens when it is not there. */
  readonly remove: (name: string) => Promise<void>
  /** Every document file in the directory, with its modification time (ms since the epoch). */
  readonly list: () => Promise<ReadonlyArray<{ readonly name: string; readonly modifiedAt: number }>>
}

/** The documents directory at `dir` (created when the first file is written). */
export const documentFiles = (dir: string): DocumentFiles => {
  const pathOf = (name: string): string => {
    if (!isDocumentFileName(name)) throw new Error(`Not a document file name: ${JSON.stringify(name)}`)
    return join(dir, name.slice(0, 2), name)
  }
  /** Flushes a directory's entries (the rename) to disk; some file systems cannot, which is fine. */
  const syncDir = async (path: string): Promise<void> => {
    const handle = await open(path, "r").catch(() => null)
    await handle?.sync().catch(() => undefined)
    await handle?.close()
  }
  return {
    dir,
    write: async (name, bytes) => {
      const path = pathOf(name)
      await mkdir(dirname(path), { recursive: true, mode: 0o700 })
      const temporary = `${path}.${randomBytes(6).toString("hex")}.partial`
      const handle = await open(temporary, "wx", 0o600)
      try {
        await handle.writeFile(bytes)
        await handle.sync()
      } catch (error) {
        await handle.close()
        await rm(temporary, { force: true })
        throw error
      }
      await handle.close()
      await rename(temporary, path)
      await syncDir(dirname(path))
    },
    read: (name) => readFile(pathOf(name)),
    remove: (name) => rm(pathOf(name), { force: true }),
    list: async () => {
      const found: Array<{ name: string; modifiedAt: number }> = []
      const shards = await readdir(dir).catch(() => [])
      for (const shard of shards) {
        const names = await readdir(join(dir, shard)).catch(() => [])
        for (const name of names) {
          if (!isDocumentFileName(name)) continue
          const info = await stat(join(dir, shard, name)).catch(() => null)
          if (info?.isFile()) found.push({ name, modifiedAt: info.mtimeMs })
        }
      }
      return found
    },
  }
}

/**
 * Moves documents whose bytes are still in the database (the seeded demo documents, and documents
 * stored before files were used) into the directory, one at a time: each image is decoded and
 * written afresh without metadata like a new upload (cleanImage); one that does not decode is
 * moved as it is, since deleting a customer's document would be worse (a warning names it). Then
 * the row's bytes are cleared. Safe to run from several processes at once: a document moved twice
 * is written twice under the same name with the same bytes. Resolves with how many were moved.
 */
export const moveDocumentsToFiles = async (db: Kysely<DB>, files: DocumentFiles): Promise<number> => {
  const pending = await db.selectFrom("documents").select(["id"]).where("content", "is not", null).orderBy("id").execute()
  let moved = 0
  for (const { id } of pending) {
    const row = await db.selectFrom("documents").select(["fileName", "contentType", "content"]).where("id", "=", id).executeTakeFirst()
    if (!row?.content) continue
    const checked = await cleanImage(row.content)
    let fileName = row.fileName
    let contentType = row.contentType
    let bytes: Uint8Array = row.content
    if (checked.ok) {
      // Same kind as before; a name from before this directory existed is made again if it is not one of ours.
      contentType = checked.image.contentType
      bytes = checked.image.bytes
      if (!isDocumentFileName(fileName)) fileName = newDocumentFileName(checked.image.kind)
    } else {
      console.warn(`Document ${id} does not decode as an image (${checked.reason}); moved to the documents directory as it was stored.`)
      if (!isDocumentFileName(fileName)) fileName = `${randomUUID()}.${contentType === "image/png" ? "png" : "jpg"}`
    }
    await files.write(fileName, bytes)
    await db.updateTable("documents").set({ fileName, contentType, content: null }).where("id", "=", id).execute()
    moved++
  }
  return moved
}

/**
 * Removes files no document row names that were last written more than `olderThanMs` ago (a
 * process that stopped between writing a file and inserting its row, or rows wiped by --reset).
 * The age keeps a file another process is about to insert the row of. Resolves with how many.
 */
export const removeUnreferencedFiles = async (
  db: Kysely<DB>,
  files: DocumentFiles,
  options: { readonly now: number; readonly olderThanMs: number },
): Promise<number> => {
  const listed = await files.list()
  if (listed.length === 0) return 0
  const named = new Set((await db.selectFrom("documents").select("fileName").execute()).map((r) => r.fileName))
  let removed = 0
  for (const file of listed) {
    if (named.has(file.name) || options.now - file.modifiedAt < options.olderThanMs) continue
    await files.remove(file.name)
    removed++
  }
  return removed
}
