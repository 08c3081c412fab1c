import { splashMachine } from "../../machines/splash.machine"
import { defineWorkflow } from "../workflow"

/** The start-up splash (shown until loading ends, or 3000 ms with nothing loading). */
export default defineWorkflow({ chart: splashMachine, texts: ["common"] })
