// Installs missing Debian packages for the test run: with apt-get when running as root, otherwise
// stops with the exact command to run. Used by ensure-chromium.mjs, ensure-pdf-tools.mjs and
// postgres-cluster.mjs.
import { execFileSync, spawnSync } from "node:child_process"

/** Whether a command is on PATH. */
export const has = (command) => spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0

/**
 * `missing`: what was not found ("Chromium"); `why`: what needs it; `packages`: Debian packages to
 * install; `hint`: an extra line for the manual route (optional).
 */
export const aptInstallOrExit = ({ missing, why, packages, hint }) => {
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0
  if (!isRoot || !has("apt-get")) {
    console.error(
      `${missing} not found: ${why}. Install Debian's ${packages.length > 1 ? "packages" : "package"}, then run the tests again:\n\n` +
        `    sudo apt-get update && sudo apt-get install -y ${packages.join(" ")}\n` +
        (hint ? `\n${hint}\n` : ""),
    )
    process.exit(1)
  }
  console.log(`${missing} not found: installing ${packages.join(" ")} (apt-get)…`)
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" }
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env })
  execFileSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", ...packages], { stdio: "inherit", env })
}
