/** POST /users/order, PATCH /users/order/:id/cancel (issue 5). Placeholder: the area's routes are being written. */
import type { ApiRoutes } from "../context"

export const orderRoutes: ApiRoutes = { name: "orders", mount: () => undefined }
