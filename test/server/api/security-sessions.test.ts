/**
 * The Security page's calls (issue 35): the customer's sessions (token chains) with the User-Agent
 * and address they signed in from and `current` for the caller's; ending one revokes all its tokens
 * (the next request with any of them is the 401 the app turns into re-authentication, and a reauth
 * cannot renew it); ending every other session keeps the caller's; trusted devices listed and
 * forgotten; another user's session or device id answers 404.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ErrorBody, ErrorCodes } from "../../../src/contract/errors"
import { EndedSessions, SessionList, TrustedDeviceList } from "../../../src/contract/security"
import { DEMO_EMAILS, DEMO_PASSWORD } from "../../../server/db/seed/demo-users"
import { decode, SEEDED, startApiHarness, type ApiHarness } from "./api-harness"

let h: ApiHarness
beforeAll(async () => {
  h = await startApiHarness()
}, 60_000)
afterAll(() => h?.close())

const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0"
const SAFARI_IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"

interface Device {
  readonly token: string
  readonly deviceId: string
}

/** Signs `email` in from a browser (its User-Agent) on a device and address, code entered: a satisfied token. */
const signInFrom = async (email: string, deviceId: string, userAgent: string, address: string, trusted = false): Promise<Device> => {
  const login = await h.call("POST", "/api/auth/login", { body: { email, password: DEMO_PASSWORD }, deviceId, address, headers: { "User-Agent": userAgent } })
  expect(login.status).toBe(200)
  const token = (login.body as { access_token: string }).access_token
  const code = await h.call("POST", "/api/auth/2fa-otp", {
    token,
    deviceId,
    headers: { "User-Agent": userAgent },
    body: { otp: await h.latestCode(email), trusted },
  })
  expect(code.status).toBe(200)
  return { token, deviceId }
}

const as = (d: Device, method: string, path: string) => h.call(method, `/api${path}`, { token: d.token, deviceId: d.deviceId })
const sessionsOf = async (d: Device) => {
  const res = await as(d, "GET", "/users/sessions")
  expect(res.status).toBe(200)
  return decode(SessionList, res.body)
}

describe("sessions", () => {
  it("lists the user's sessions with the browser and address they signed in from, the caller's marked current", async () => {
    const laptop = await signInFrom(DEMO_EMAILS.new, "sec-laptop", FIREFOX_LINUX, "198.51.100.7")
    h.clock.advance(60_000)
    const phone = await signInFrom(DEMO_EMAILS.new, "sec-phone", SAFARI_IPHONE, "203.0.113.9")
    const seen = await sessionsOf(laptop)
    expect(seen.map((s) => [s.userAgent, s.address, s.place, s.current])).toEqual([
      [SAFARI_IPHONE, "203.0.113.9", null, false],
      [FIREFOX_LINUX, "198.51.100.7", null, true],
    ])
    const mine = seen.find((s) => s.current)!
    expect(Date.parse(mine.firstSeen)).toBe(h.clock.now() - 60_000)
    // The same list from the phone marks the phone's.
    expect((await sessionsOf(phone)).find((s) => s.current)?.userAgent).toBe(SAFARI_IPHONE)
    // No other user's session is listed: demo@'s list holds none of these.
    const demo = await signInFrom(DEMO_EMAILS.demo, "sec-demo", FIREFOX_LINUX, "198.51.100.8")
    expect((await sessionsOf(demo)).some((s) => seen.some((o) => o.id === s.id))).toBe(false)
  })

  it("ending one session refuses every token of it at once (401) and it cannot be renewed; the caller's stays", async () => {
    const laptop = await signInFrom(DEMO_EMAILS.new, "end-laptop", FIREFOX_LINUX, "198.51.100.7")
    const phone = await signInFrom(DEMO_EMAILS.new, "end-phone", SAFARI_IPHONE, "203.0.113.9")
    const phoneSessionId = (await sessionsOf(phone)).find((s) => s.current)!.id
    // The phone's session renewed by a reauth: two tokens of one chain, one session (the same id).
    h.clock.advance(31 * 60_000)
    const reauth = await h.call("POST", `/api/auth/login?action=reauth&userId=${SEEDED.users.new}`, {
      deviceId: phone.deviceId,
      body: { email: DEMO_EMAILS.new, password: DEMO_PASSWORD },
    })
    expect(reauth.status).toBe(200)
    const renewed: Device = { token: (reauth.body as { access_token: string }).access_token, deviceId: phone.deviceId }
    const laptopAgain = await signInFrom(DEMO_EMAILS.new, laptop.deviceId, FIREFOX_LINUX, "198.51.100.7")
    const target = (await sessionsOf(renewed)).find((s) => s.current)!
    expect(target.id).toBe(phoneSessionId)

    const ended = await as(laptopAgain, "DELETE", `/users/sessions/${target.id}`)
    expect(ended.status).toBe(200)
    const refused = await as(renewed, "GET", "/users/profile")
    expect(refused.status).toBe(401)
    expect((refused.body as ErrorBody).code).toBe(ErrorCodes.unauthorized)
    // A reauth on the phone cannot renew an ended session.
    const again = await h.call("POST", `/api/auth/login?action=reauth&userId=${SEEDED.users.new}`, {
      deviceId: phone.deviceId,
      body: { email: DEMO_EMAILS.new, password: DEMO_PASSWORD },
    })
    expect(again.status).toBe(403)
    expect((await sessionsOf(laptopAgain)).some((s) => s.id === target.id)).toBe(false)
    expect((await as(laptopAgain, "GET", "/users/profile")).status).toBe(200)
    // Ending it again: it is no longer listed, so 404.
    expect((await as(laptopAgain, "DELETE", `/users/sessions/${target.id}`)).status).toBe(404)
  })

  it("ending every other session keeps only the caller's", async () => {
    const a = await signInFrom(DEMO_EMAILS.new, "others-a", FIREFOX_LINUX, "198.51.100.7")
    const b = await signInFrom(DEMO_EMAILS.new, "others-b", SAFARI_IPHONE, "203.0.113.9")
    const c = await signInFrom(DEMO_EMAILS.new, "others-c", SAFARI_IPHONE, "203.0.113.10")
    const count = (await sessionsOf(a)).length
    expect(count).toBeGreaterThanOrEqual(3)
    const res = await as(a, "POST", "/users/sessions/end-others")
    expect(res.status).toBe(200)
    expect(decode(EndedSessions, res.body).ended).toBe(count - 1)
    const left = await sessionsOf(a)
    expect(left.map((s) => s.current)).toEqual([true])
    for (const other of [b, c]) expect((await as(other, "GET", "/users/profile")).status).toBe(401)
    expect((await as(a, "GET", "/users/profile")).status).toBe(200)
  })

  it("another user's session id, or one that does not exist, answers 404 and ends nothing", async () => {
    const demo = await signInFrom(DEMO_EMAILS.demo, "scope-demo", FIREFOX_LINUX, "198.51.100.8")
    const other = await signInFrom(DEMO_EMAILS.new, "scope-new", SAFARI_IPHONE, "203.0.113.9")
    const theirs = (await sessionsOf(other)).find((s) => s.current)!
    for (const id of [theirs.id, crypto.randomUUID(), "not-a-uuid"]) {
      const res = await as(demo, "DELETE", `/users/sessions/${id}`)
      expect(res.status).toBe(404)
      expect((res.body as ErrorBody).code).toBe(ErrorCodes.notFound)
    }
    expect((await as(other, "GET", "/users/profile")).status).toBe(200)
  })
})

describe("trusted devices", () => {
  it("lists the devices that skip the code, this one marked, and forgets one (the code is asked for there again)", async () => {
    const laptop = await signInFrom(DEMO_EMAILS.new, "trust-laptop", FIREFOX_LINUX, "198.51.100.7", true)
    await signInFrom(DEMO_EMAILS.new, "trust-phone", SAFARI_IPHONE, "203.0.113.9", true)
    const res = await as(laptop, "GET", "/users/trusted-devices")
    expect(res.status).toBe(200)
    const devices = decode(TrustedDeviceList, res.body)
    const phone = devices.find((d) => d.userAgent === SAFARI_IPHONE)!
    expect(devices.find((d) => d.current)?.userAgent).toBe(FIREFOX_LINUX)
    expect(Date.parse(phone.expiresAt) - Date.parse(phone.trustedAt)).toBe(30 * 24 * 60 * 60_000)

    // Another user cannot forget it.
    const demo = await signInFrom(DEMO_EMAILS.demo, "trust-demo", FIREFOX_LINUX, "198.51.100.8")
    for (const id of [phone.id, crypto.randomUUID(), "not-a-uuid"]) expect((await as(demo, "DELETE", `/users/trusted-devices/${id}`)).status).toBe(404)

    expect((await as(laptop, "DELETE", `/users/trusted-devices/${phone.id}`)).status).toBe(200)
    const after = decode(TrustedDeviceList, (await as(laptop, "GET", "/users/trusted-devices")).body)
    expect(after.some((d) => d.id === phone.id)).toBe(false)
    expect((await as(laptop, "DELETE", `/users/trusted-devices/${phone.id}`)).status).toBe(404)
    // Signing in on the forgotten phone asks for the code again.
    const login = await h.call("POST", "/api/auth/login", { body: { email: DEMO_EMAILS.new, password: DEMO_PASSWORD }, deviceId: "trust-phone" })
    expect((await h.call("GET", "/api/users/profile", { token: (login.body as { access_token: string }).access_token, deviceId: "trust-phone" })).status).toBe(
      403,
    )
  })
})
