// Paints the first frame in the right colour mode (issue 15), before the app's JavaScript loads:
// the stored choice (chartfolio.v1.colorMode, "light" or "dark"), else the system's preference, as
// the class Chakra's semantic tokens follow on <html>. A classic blocking script in <head>, served
// from our origin because the Content-Security-Policy allows no inline script. The colour-mode
// chart (src/machines/color-mode.machine.ts) takes over from here.
;(function () {
  var mode = null
  try {
    mode = JSON.parse(window.localStorage.getItem("chartfolio.v1.colorMode"))
  } catch {
    mode = null
  }
  if (mode !== "light" && mode !== "dark") mode = window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light"
  var root = document.documentElement
  root.classList.add(mode)
  root.style.colorScheme = mode
})()
