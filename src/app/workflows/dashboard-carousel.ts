import { carouselMachine } from "../../machines/dashboard-carousel.machine"
import { defineWorkflow } from "../workflow"

/** The dashboard's suggestions carousel (autoplay, paused on hover, focus and reduced motion). */
export default defineWorkflow({ chart: carouselMachine, texts: ["dashboard"] })
