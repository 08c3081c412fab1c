import type { ReactNode } from "react"
import type { SnapshotFrom } from "xstate"
import { userProfileMachine } from "../../machines/user-profile.machine"
import { createWorkflowContext } from "../workflows"

const UserProfile = createWorkflowContext(userProfileMachine)

/**
 * Starts the user-account area's profile chart (GET /users/profile on entry) for the side panel
 * and every subpage; mounted by the /user-account frame, so leaving the area stops it and coming
 * back fetches the profile again.
 */
export function UserProfileProvider({ children }: { children: ReactNode }) {
  return <UserProfile.Provider input={{}}>{children}</UserProfile.Provider>
}

/** The area's profile actor; send it `profile.retry`. */
export const useUserProfileActor = UserProfile.useActorRef

/** Reads part of the profile snapshot: `useUserProfile((s) => s.context.profile)`. */
export const useUserProfile = <T,>(select: (snapshot: SnapshotFrom<typeof userProfileMachine>) => T, compare?: (a: T, b: T) => boolean): T =>
  UserProfile.useSelector(select, compare)
