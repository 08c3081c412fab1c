// The static first paint of the signed-out pages (index.html, #shell): before the app's JavaScript
// has loaded, the login side panel shows in the app's language (the stored choice, else the
// browser's languages, else English, as src/i18n/languages.ts `preferredLanguage` decides), with the
// same layout as src/views/auth/auth-layout.tsx. React replaces it on its first render. Where the
// app will not show the side panel (signed-in pages, a kept session) the shell is removed at once;
// with a kept session the start-up splash (#boot-splash) shows instead.
// A classic script (the CSP allows only same-origin scripts, no inline ones); the texts come from
// the JSON block the build writes into index.html from src/i18n/locales/*/common.json.
;(function () {
  var shell = document.getElementById("shell")
  if (!shell) return
  var read = function (name) {
    try {
      return JSON.parse(localStorage.getItem("chartfolio.v1." + name) || "null")
    } catch {
      return null
    }
  }
  var texts = null
  try {
    texts = JSON.parse(document.getElementById("shell-texts").textContent)
  } catch {}
  var splash = document.getElementById("boot-splash")
  var path = location.pathname.replace(/\/+$/, "") || "/"
  var session = read("session")
  var stored = read("language")
  var lang = texts && typeof stored === "string" && texts[stored] ? stored : null
  var wanted = navigator.languages || [navigator.language]
  for (var i = 0; texts && !lang && i < wanted.length; i++) {
    var base = String(wanted[i] || "")
      .toLowerCase()
      .split("-")[0]
    if (texts[base]) lang = base
  }
  var t = texts && texts[lang || "en"]
  // A kept session: the signed-in start's chunks (the block the build writes, vite.config.ts
  // startPreloads) are asked for now, beside the entry, instead of once the entry has run.
  if (session && session.token) {
    try {
      var start = JSON.parse(document.getElementById("start-preloads").textContent)
      var urls = start.area.concat(start.paths[path] || [], start.texts[lang || "en"] || [])
      for (var k = 0; k < urls.length; k++) {
        var link = document.createElement("link")
        link.rel = "modulepreload"
        link.href = urls[k]
        document.head.appendChild(link)
      }
    } catch {}
  }
  // A kept session: the app opens a signed-in page, which it renders once its first answers have
  // come (src/main.tsx); until then the splash shows, as the app's own would.
  if (t && splash && session && session.token) {
    splash.setAttribute("aria-label", t.splash)
    splash.removeAttribute("hidden")
  }
  if (!t || ["/login", "/forgot-password", "/auth/registration"].indexOf(path) < 0 || (session && session.token)) {
    shell.parentNode.removeChild(shell)
    return
  }
  var year = String(new Date().getFullYear())
  var slots = shell.querySelectorAll("[data-text]")
  for (var j = 0; j < slots.length; j++) slots[j].textContent = (t[slots[j].getAttribute("data-text")] || "").replace("{{year}}", year)
  shell.removeAttribute("hidden")
})()
