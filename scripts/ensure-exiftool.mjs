// Finds exiftool (Debian's libimage-exiftool-perl), which the document tests read uploaded and
// downloaded images with (no GPS position, no metadata at all). Installs it with apt-get when
// running as root, otherwise stops with the exact command to run, as ensure-pdf-tools.mjs does.
import { aptInstallOrExit, has } from "./apt-install.mjs"

export const ensureExiftool = () => {
  if (has("exiftool")) return
  aptInstallOrExit({
    missing: "exiftool",
    why: "the document tests read the images' metadata with it",
    packages: ["libimage-exiftool-perl"],
  })
  if (!has("exiftool")) {
    console.error("apt-get finished but exiftool is still missing.")
    process.exit(1)
  }
}

if (import.meta.url === `file://${process.argv[1]}`) ensureExiftool()
