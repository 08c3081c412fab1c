import { setup } from "xstate"
import type { Profile } from "../contract/profile"
import { type Notice } from "./failure"
import { loadWithRetry, notifyFailure, type Tag, providedCall, providedAction } from "./kit"

export interface UserProfileContext {
  /** The profile as GET /users/profile answered it on entry of the area; null until it has. */
  readonly profile: Profile | null
}

export type UserProfileEvent = { type: "profile.retry" }

/**
 * The user-account area (/user-account, spec part 2 "User account area"): GET /users/profile on
 * entry (the spec's "fetched on entry", so a page never shows the profile as it was at sign-in),
 * shared by the side panel and every subpage. A failure is an error toast and a retry; a request
 * the client cancelled shows nothing (the retry is still offered).
 *
 * Provide the actor `loadProfile` (void -> Profile) and the action `notify` (params: Notice).
 */
export const userProfileMachine = setup({
  types: {
    tags: {} as Tag,
    context: {} as UserProfileContext,
    events: {} as UserProfileEvent,
  },
  actors: {
    loadProfile: providedCall<Profile, void>("loadProfile"),
  },
  actions: {
    notifyFailure: notifyFailure(),
    notify: providedAction<Notice>("notify"),
  },
}).createMachine({
  id: "user-profile",
  // What the chart's events and guards mean (English; the workflows namespace translates them).
  meta: {
    title: "User profile",
    purpose: "The user's profile, loaded on entry of the user-account area, with a retry.",
    events: {
      "profile.retry": "The user asks to load the profile again.",
    },
    guards: {},
  },
  context: { profile: null },
  initial: "loading",
  states: {
    ...loadWithRetry<UserProfileContext, Profile>()({
      call: "loadProfile",
      loaded: { target: "shown", take: (profile) => ({ profile }) },
      loading: { description: "GET /users/profile; the side panel and the subpage show skeletons" },
      failed: { description: "The profile could not be loaded (an error toast unless the request was cancelled); the area offers a retry" },
      retry: ["profile.retry"],
    }),
    shown: {
      meta: { description: "The side panel and the subpage show the profile, read-only" },
    },
  },
})
