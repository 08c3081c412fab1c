import type { SessionUser } from "../../machines/session.machine"

/** Whether the signed-in admin carries the reviewer permission (GET /admins/me `reviewer`). */
export const isReviewer = (user: SessionUser | null | undefined): boolean =>
  !!user && "userId" in user && (user as { reviewer?: unknown }).reviewer === true
