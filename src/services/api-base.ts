import { API_BASE } from "../contract/paths"

/** The API base: the given one (a trailing slash ignored), else "/api" on the page's origin. */
export const apiBaseUrl = (configured: string | undefined): string => (configured || API_BASE).replace(/\/+$/, "")

/**
 * The build's API base: `VITE_API_BASE_URL` (a partner deployment's absolute URL), else "/api".
 * Effect-free: the start-up's early requests use it (src/app/first-answers.ts) as the pipeline does.
 */
export const buildApiBaseUrl = (): string => apiBaseUrl(import.meta.env?.VITE_API_BASE_URL as string | undefined)
