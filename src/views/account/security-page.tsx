import type { ReactNode } from "react"
import { Badge, Box, Button, Flex, Heading, Stack, Text } from "@chakra-ui/react"
import { useSelector } from "@xstate/react"
import type { TFunction } from "i18next"
import { useTranslation } from "react-i18next"
import type { ActorRefFrom } from "xstate"
import type { SessionInfo, TrustedDevice } from "../../contract/security"
import { formatDateTime } from "../../domain/dates"
import { parseUserAgent } from "../../domain/user-agent"
import { TAG } from "../../machines/kit"
import { hasOtherSessions, securitySessionsMachine, selectedDevice, selectedSession } from "../../machines/security-sessions.machine"
import { useIntlLocale } from "../shared/locale"
import { EmptyRows, SubpageCard } from "../portfolio/subpage-card"
import { RetryState } from "../shared/retry-state"
import { RecoveryCodesCard } from "./recovery-codes-card"
import { ConfirmDialog } from "../shared/confirm-dialog"
import { useWorkflowActor } from "../workflows"

type SecurityActor = ActorRefFrom<typeof securitySessionsMachine>

/** "Firefox 128 on Linux" for a User-Agent; the parts not recognised are said as unknown. */
const browserText = (t: TFunction<"account">, userAgent: string): string => {
  const info = parseUserAgent(userAgent)
  return t("security.browserOn", { browser: info.browser ?? t("security.unknownBrowser"), os: info.os ?? t("security.unknownOs") })
}

/**
 * /user-account/security (issue 35): where the customer is signed in (device, browser and OS read
 * from the User-Agent, the address and approximate place, first and last seen, this device marked)
 * with "Sign out" for every other session and "Sign out everywhere else", and the trusted devices
 * (the 30-day code skip) with "Forget". The security-sessions chart owns the lists and the
 * confirmations; the recovery codes are their own card and chart (recovery-codes-card.tsx).
 */
// The lists are as long as the user's sessions and devices, so no skeleton can have their height:
// while they load, only the sessions card shows (a skeleton of one session, this one), and the cards
// below it come with the lists, so nothing in view moves when they do (decision 0228). The recovery
// codes card is mounted from the start (its chart loads beside the lists) but kept out of the layout.
const SESSION_SKELETON = { rows: 1, height: "100px" }

export function SecurityPage() {
  const { t } = useTranslation("account")
  const actor = useWorkflowActor(securitySessionsMachine)
  const lists = useSelector(actor, (s) => s.context.lists)
  const failed = useSelector(actor, (s) => s.hasTag(TAG.failed))
  const others = useSelector(actor, (s) => hasOtherSessions(s.context))

  return (
    <Stack gap="4">
      <Heading as="h1" size="lg">
        {t("tabs.security")}
      </Heading>
      {failed && lists === null ? (
        <RetryState title={t("security.failed")} retry={t("security.retry")} onRetry={() => actor.send({ type: "list.retry" })} />
      ) : (
        <>
          <SubpageCard title={t("security.sessions.title")} subtitle={t("security.sessions.subtitle")} loading={lists === null} skeleton={SESSION_SKELETON}>
            {lists !== null && (
              <Stack gap="3" alignItems="flex-start">
                <Stack as="ul" gap="3" listStyleType="none" alignSelf="stretch" aria-label={t("security.sessions.title")}>
                  {lists.sessions.map((s) => (
                    <SessionRow key={s.id} session={s} actor={actor} />
                  ))}
                </Stack>
                {/* Below the list, not in the card's header: there it would come with the list and push the list down. */}
                {others && (
                  <Button size="sm" variant="outline" colorPalette="red" onClick={() => actor.send({ type: "others.end" })}>
                    {t("security.sessions.endOthers")}
                  </Button>
                )}
              </Stack>
            )}
          </SubpageCard>
          {lists !== null && (
            <SubpageCard title={t("security.devices.title")} subtitle={t("security.devices.subtitle")} loading={false}>
              {lists.devices.length === 0 ? (
                <EmptyRows text={t("security.devices.empty")} />
              ) : (
                <Stack as="ul" gap="3" listStyleType="none" aria-label={t("security.devices.title")}>
                  {lists.devices.map((d) => (
                    <DeviceRow key={d.id} device={d} actor={actor} />
                  ))}
                </Stack>
              )}
            </SubpageCard>
          )}
        </>
      )}
      <Box display={lists === null && !failed ? "none" : undefined}>
        <RecoveryCodesCard />
      </Box>
      <EndSessionConfirmation actor={actor} />
      <EndOthersConfirmation actor={actor} />
      <ForgetDeviceConfirmation actor={actor} />
    </Stack>
  )
}

/** A row of either list: the browser's name with "This device", the lines about it, and its action. */
function SecurityRow({ name, current, children, action }: { name: string; current: boolean; children: ReactNode; action?: ReactNode }) {
  const { t } = useTranslation("account")
  return (
    <Box as="li" borderWidth="1px" borderColor="border" borderRadius="l2" padding="3" aria-label={name}>
      <Flex gap="3" justifyContent="space-between" alignItems="flex-start" flexWrap="wrap">
        <Stack gap="1" minWidth="0" flex="1 1 14rem">
          <Flex gap="2" alignItems="center" flexWrap="wrap">
            <Text fontWeight="semibold" overflowWrap="anywhere">
              {name}
            </Text>
            {current && <Badge colorPalette="green">{t("security.thisDevice")}</Badge>}
          </Flex>
          {children}
        </Stack>
        {action}
      </Flex>
    </Box>
  )
}

/** One session: what it is, where and when, "This device" or its Sign out. */
function SessionRow({ session, actor }: { session: SessionInfo; actor: SecurityActor }) {
  const { t } = useTranslation("account")
  const locale = useIntlLocale()
  const name = browserText(t, session.userAgent)
  const device = parseUserAgent(session.userAgent).device
  return (
    <SecurityRow
      name={name}
      current={session.current}
      action={
        session.current ? undefined : (
          <Button
            size="sm"
            variant="outline"
            colorPalette="red"
            onClick={() => actor.send({ type: "session.end", id: session.id })}
            aria-label={t("security.sessions.endOne", { session: name })}
          >
            {t("security.sessions.end")}
          </Button>
        )
      }
    >
      <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
        {t("security.sessions.where", {
          device: t(`security.device.${device}`),
          address: session.address,
          place: session.place ?? t("security.placeUnknown"),
        })}
      </Text>
      <Text fontSize="sm" color="fg.muted">
        {t("security.sessions.when", { first: formatDateTime(session.firstSeen, locale), last: formatDateTime(session.lastSeen, locale) })}
      </Text>
    </SecurityRow>
  )
}

/** One trusted device: what it is, since and until when, and Forget. */
function DeviceRow({ device, actor }: { device: TrustedDevice; actor: SecurityActor }) {
  const { t } = useTranslation("account")
  const locale = useIntlLocale()
  const name = browserText(t, device.userAgent)
  return (
    <SecurityRow
      name={name}
      current={device.current}
      action={
        <Button
          size="sm"
          variant="outline"
          onClick={() => actor.send({ type: "device.forget", id: device.id })}
          aria-label={t("security.devices.forgetOne", { device: name })}
        >
          {t("security.devices.forget")}
        </Button>
      }
    >
      <Text fontSize="sm" color="fg.muted">
        {t("security.devices.when", { since: formatDateTime(device.trustedAt, locale), until: formatDateTime(device.expiresAt, locale) })}
      </Text>
    </SecurityRow>
  )
}

/** The alert dialog of one confirmation; it cannot be dismissed while its call runs. */
type ConfirmTag = "confirm-session" | "confirm-others" | "confirm-device"

function Confirmation({ actor, tag, title, text, confirm }: { actor: SecurityActor; tag: ConfirmTag; title: string; text: string; confirm: string }) {
  const { t } = useTranslation("account")
  const open = useSelector(actor, (s) => s.hasTag(tag))
  const busy = useSelector(actor, (s) => s.hasTag(TAG.busy))
  const cancel = () => actor.send({ type: "confirm.cancel" })
  return (
    <ConfirmDialog
      open={open}
      busy={busy}
      title={title}
      text={text}
      keepLabel={t("security.confirm.cancel")}
      confirmLabel={confirm}
      onKeep={cancel}
      onConfirm={() => actor.send({ type: "confirm.accept" })}
    />
  )
}

function EndSessionConfirmation({ actor }: { actor: SecurityActor }) {
  const { t } = useTranslation("account")
  const session = useSelector(actor, (s) => selectedSession(s.context))
  return (
    <Confirmation
      actor={actor}
      tag="confirm-session"
      title={t("security.confirm.endTitle")}
      text={t("security.confirm.endText", { session: session ? browserText(t, session.userAgent) : "" })}
      confirm={t("security.sessions.end")}
    />
  )
}

function EndOthersConfirmation({ actor }: { actor: SecurityActor }) {
  const { t } = useTranslation("account")
  return (
    <Confirmation
      actor={actor}
      tag="confirm-others"
      title={t("security.confirm.othersTitle")}
      text={t("security.confirm.othersText")}
      confirm={t("security.sessions.endOthers")}
    />
  )
}

function ForgetDeviceConfirmation({ actor }: { actor: SecurityActor }) {
  const { t } = useTranslation("account")
  const device = useSelector(actor, (s) => selectedDevice(s.context))
  return (
    <Confirmation
      actor={actor}
      tag="confirm-device"
      title={t("security.confirm.forgetTitle")}
      text={t("security.confirm.forgetText", { device: device ? browserText(t, device.userAgent) : "" })}
      confirm={t("security.devices.forget")}
    />
  )
}
