/** GET /overview/business-news (issue 4). Placeholder: the area's routes are being written. */
import type { ApiRoutes } from "../context"

export const newsRoutes: ApiRoutes = { name: "news", mount: () => undefined }
