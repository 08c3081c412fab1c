import type { SessionUser } from "../../machines/session.machine"

/** Whether the signed-in admin carries the compliance reviewer permission (GET /admins/me `reviewer`). */
export const isReviewer = (user: SessionUser | null | undefined): boolean => !!user && "userId" in user && user.reviewer
