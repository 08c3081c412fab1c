/** GET /instruments..., /users/instruments... (issue 4). Placeholder: the area's routes are being written. */
import type { ApiRoutes } from "../context"

export const instrumentRoutes: ApiRoutes = { name: "instruments", mount: () => undefined }
