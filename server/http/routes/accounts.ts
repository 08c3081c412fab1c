/** GET /users/profile, /users/account..., POST /users/account, GET /users/suggestion (issue 4). Placeholder: the area's routes are being written. */
import type { ApiRoutes } from "../context"

export const accountRoutes: ApiRoutes = { name: "accounts", mount: () => undefined }
