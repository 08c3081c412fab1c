import { userProfileMachine } from "../../machines/user-profile.machine"
import { defineWorkflow } from "../workflow"

/** /user-account: the profile, fetched on entry of the area, with a retry after a failure. */
export default defineWorkflow({
  chart: userProfileMachine,
  texts: ["account"],
  calls: {
    loadProfile:
      ({ Portfolio }) =>
      () =>
        Portfolio.use((p) => p.profile()),
  },
  effects: ({ notify }) => ({ notify: (_, notice) => notify(notice) }),
})
