import { ChakraProvider } from "@chakra-ui/react"
import { RouterProvider } from "@tanstack/react-router"
import { StrictMode, startTransition } from "react"
import { createRoot } from "react-dom/client"
import { I18nextProvider } from "react-i18next"
import { createActor } from "xstate"
import { routeProgressMachine } from "./machines/route-progress.machine"
import { splashMachine } from "./machines/splash.machine"
import { initI18n, loadAfterPaintTexts } from "./i18n/i18n"
import { warmIntlOffThread } from "./i18n/intl-warmup"
import { intlLocale } from "./i18n/languages"
import { makeRouter } from "./app/router"
import { system } from "./app/theme"
import { startApp } from "./app/wiring"
import { AppActorsProvider } from "./views/app-actors"
import { whenIdle } from "./views/shared/when-idle"
import { Splash } from "./views/shell/splash"
import { inspectActors } from "./views/inspection"
import { WorkflowProvider } from "./views/workflows"

// Start-up: the splash shows at once; translations, the workflow source, the session and the
// router are built once; the splash hides 3000 ms after nothing is loading.
const app = startApp()
const splash = createActor(app.workflows.now(splashMachine).machine, { inspect: inspectActors }).start()
splash.send({ type: "loading.started" })
const routeProgress = createActor(app.workflows.now(routeProgressMachine).machine, { inspect: inspectActors }).start()

// The signed-in pages show money and dates at once: their locale's formatting data loads on another
// thread (src/i18n/intl-warmup.ts) from the start of a signed-in visit, or as the one-time code is
// accepted. Not on the signed-out pages, which show neither (and whose first paint it would slow).
// The API runtime loads then too: every signed-in page calls the API as its frame mounts, and loaded
// this early it is ready before the frame has rendered. So does the portfolios workflow (with the
// signed-in chunk it is in), whose first load the signed-in route starts: its calls then leave as
// soon as the route's loader runs instead of once that chunk has come. And that first load's GETs
// leave at once, ahead of all of these (src/app/first-answers.ts): the loader finds their answers.
let intlWarmed = false
const warmIntlWhenSignedIn = () =>
  void app.auth.access().then((access) => {
    if (access !== "satisfied" || intlWarmed) return
    intlWarmed = true
    signInWatch.unsubscribe()
    app.askFirstAnswers()
    warmIntlOffThread(intlLocale(app.language))
    app.workflows.prefetchApi()
    app.workflows.preload(["portfolios"]).catch(() => undefined)
  })
const signInWatch = app.session.subscribe(warmIntlWhenSignedIn)
warmIntlWhenSignedIn()

// No top-level await here: the lazy routes' chunks import the entry's chunk (vite.config.ts), and
// an entry still awaiting the first route would never finish evaluating for them.
const boot = async () => {
  const i18n = await initI18n(app.language)
  const router = makeRouter(app.auth, app.workflows)
  router.subscribe("onResolved", (event) => {
    if (event.pathChanged) routeProgress.send({ type: "route.changed" })
  })
  // When the session ends (logout, "use another account" at the code step, a forced logout after a
  // 403), the guards run again and the page gives way to /login. A navigation under way (the /logout
  // route itself) is let finish first: reloading in the middle of it would run its guards twice.
  const recheckGuards = () => {
    if (router.state.status === "pending") {
      const stop = router.subscribe("onResolved", () => {
        stop()
        recheckGuards()
      })
      return
    }
    void router.invalidate()
  }
  let wasSignedOut = app.session.getSnapshot().matches("signedOut")
  app.session.subscribe((snapshot) => {
    const signedOut = snapshot.matches("signedOut")
    if (signedOut && !wasSignedOut) recheckGuards()
    wasSignedOut = signedOut
  })

  const root = document.getElementById("root")
  if (!root) throw new Error("index.html has no #root element")
  // A visit that starts signed in renders once its first route has loaded (the frame's loader waits
  // briefly for the portfolios' first answers): one render of the page with its figures, while the
  // static splash from index.html shows (public/shell.js), instead of a render of the splash first,
  // whose main-thread time the page's first answers waited behind (docs/decisions/0150-browser-start-work.md). Other visits render at once, under the splash.
  const startsSignedIn = (await app.auth.access()) === "satisfied"
  const firstLoad = async () => {
    await router.load().catch(() => undefined)
    splash.send({ type: "loading.finished" })
  }
  if (startsSignedIn) await firstLoad()
  const reactRoot = createRoot(root)
  const tree = (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <ChakraProvider value={system}>
          <AppActorsProvider actors={{ session: app.session, splash, routeProgress }}>
            <WorkflowProvider source={app.workflows}>
              <RouterProvider router={router} />
              {/* Outside the router: it must show while the first route is still loading. */}
              <Splash />
            </WorkflowProvider>
          </AppActorsProvider>
        </ChakraProvider>
      </I18nextProvider>
    </StrictMode>
  )
  // A signed-out visit's first render is a transition: React renders it in slices of a few
  // milliseconds, so the main thread is never blocked for the whole render (Lighthouse's total
  // blocking time on /login) and input that arrives meanwhile is handled between slices. A
  // signed-in visit renders its loaded page at once: sliced, its largest paint came later.
  if (startsSignedIn) reactRoot.render(tree)
  else startTransition(() => reactRoot.render(tree))
  if (!startsSignedIn) await firstLoad()
  // The app is usable from here (its first route loaded, the splash going); `npm run bench` counts
  // the bytes requested before this mark as the first page's.
  performance.mark("chartfolio:ready")
  // The API runtime, the error texts and the other namespaces' import table are not needed to
  // render; fetch them once the browser is idle (while the splash is up).
  whenIdle(() => {
    app.workflows.prefetchApi()
    loadAfterPaintTexts()
  }, 1500)
}
void boot()
