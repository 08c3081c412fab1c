import { Box, Button, EmptyState, Field, Heading, HStack, Input, Link, NativeSelect, Skeleton, Stack, Table, Text } from "@chakra-ui/react"
import { Link as RouterLink } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import { useEffect, useId, useState, type ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { formatPercent, formatPrice } from "../../domain/format"
import { sortWatchlistRows, WATCHLIST_NAME_MAX, type WatchlistSortKey } from "../../domain/watchlist"
import { TAG } from "../../machines/kit"
import { selectedList, watchlistMachine } from "../../machines/watchlist.machine"
import type { WatchlistRow } from "../../contract/watchlists"
import { useFailureText } from "../hooks/failure-text"
import { useOrderTicket } from "../orders/order-ticket-context"
import { FormAlert } from "../shared/form-alert"
import { useIntlLocale } from "../shared/locale"
import { ConfirmDialog } from "../shared/confirm-dialog"
import { FormDialog } from "../shared/form-dialog"
import { useWorkflowActor } from "../workflows"
import { Sparkline } from "./sparkline"
import { StarButton, type WatchlistActor } from "./watchlist-star"

/** Tells the chart when the browser tab is hidden or shown again (no refresh while hidden). */
export const usePageVisibility = (actor: WatchlistActor) => {
  useEffect(() => {
    const report = () => actor.send({ type: document.visibilityState === "hidden" ? "page.hidden" : "page.visible" })
    report()
    document.addEventListener("visibilitychange", report)
    return () => document.removeEventListener("visibilitychange", report)
  }, [actor])
}

/**
 * /watchlist (issue 36): the user's watchlists, one shown at a time, its instruments with the last
 * price, today's change, a month's sparkline, BUY / SELL (the order ticket) and the star that
 * removes it; sortable columns; new, rename, delete and move lists. The prices refresh while the
 * page is visible (the chart polls).
 */
export function WatchlistPage() {
  const { t } = useTranslation("watchlist")
  const actor = useWorkflowActor(watchlistMachine)
  usePageVisibility(actor)
  return (
    <Stack gap="4" minWidth="0">
      <Heading as="h1" size="lg">
        {t("title")}
      </Heading>
      <WhenLoaded actor={actor}>
        <ListBar actor={actor} />
        <WatchlistRows actor={actor} />
        <NameDialog actor={actor} />
        <DeleteDialog actor={actor} />
      </WhenLoaded>
    </Stack>
  )
}

/** The watchlists while they load (skeleton rows), when they failed (the reason and Retry), else `children`. */
export function WhenLoaded({ actor, children }: { actor: WatchlistActor; children: ReactNode }) {
  const { t } = useTranslation("watchlist")
  const phase = useSelector(actor, (s) => (s.hasTag(TAG.loading) ? "loading" : s.hasTag(TAG.failed) ? "failed" : "ready"))
  if (phase === "loading")
    return (
      <Stack gap="2" role="status" aria-label={t("loading")}>
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} height="8" />
        ))}
      </Stack>
    )
  if (phase === "failed")
    return (
      <HStack gap="3" wrap="wrap">
        <Text color="fg.muted">{t("failed")}</Text>
        <Button size="sm" variant="outline" onClick={() => actor.send({ type: "list.retry" })}>
          {t("retry")}
        </Button>
      </HStack>
    )
  return <>{children}</>
}

/** The list's name as shown: the default list is named in the user's language. */
const useListName = () => {
  const { t } = useTranslation("watchlist")
  return (name: string | null) => name ?? t("defaultName")
}

function ListBar({ actor }: { actor: WatchlistActor }) {
  const { t } = useTranslation("watchlist")
  const nameOf = useListName()
  const lists = useSelector(actor, (s) => s.context.lists)
  const selected = useSelector(actor, (s) => selectedList(s.context))
  const idle = useSelector(actor, (s) => s.matches({ ready: "idle" }) || s.matches({ ready: "paused" }))
  const index = lists.findIndex((l) => l.id === selected?.id)
  const selectId = useId()
  return (
    <Stack gap="3" direction={{ base: "column", md: "row" }} align={{ base: "stretch", md: "end" }}>
      <Field.Root maxWidth={{ md: "xs" }}>
        <Field.Label htmlFor={selectId}>{t("lists")}</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field id={selectId} value={selected?.id ?? ""} onChange={(e) => actor.send({ type: "list.select", id: e.currentTarget.value })}>
            {lists.map((l) => (
              <option key={l.id} value={l.id}>
                {nameOf(l.name)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <HStack gap="2" wrap="wrap">
        <Button size="sm" variant="outline" disabled={!idle} onClick={() => actor.send({ type: "create.open" })}>
          {t("new")}
        </Button>
        <Button size="sm" variant="outline" disabled={!idle} onClick={() => actor.send({ type: "rename.open" })}>
          {t("rename")}
        </Button>
        <Button size="sm" variant="outline" disabled={!idle || lists.length < 2} onClick={() => actor.send({ type: "delete.request" })}>
          {t("delete")}
        </Button>
        <Button size="sm" variant="ghost" disabled={!idle || index <= 0} onClick={() => selected && actor.send({ type: "list.move", id: selected.id, by: -1 })}>
          {t("moveUp")}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          disabled={!idle || index < 0 || index >= lists.length - 1}
          onClick={() => selected && actor.send({ type: "list.move", id: selected.id, by: 1 })}
        >
          {t("moveDown")}
        </Button>
      </HStack>
    </Stack>
  )
}

const COLUMNS: ReadonlyArray<{ key: WatchlistSortKey; numeric: boolean; hideOnPhone?: boolean }> = [
  { key: "symbol", numeric: false },
  { key: "name", numeric: false, hideOnPhone: true },
  { key: "last", numeric: true },
  { key: "change", numeric: true, hideOnPhone: true },
  { key: "percent", numeric: true },
]

/** The shown list's instruments as a table with sortable columns (the page and the dashboard card). */
export function WatchlistRows({ actor }: { actor: WatchlistActor }) {
  const { t } = useTranslation("watchlist")
  const locale = useIntlLocale()
  const rows = useSelector(actor, (s) => s.context.rows)
  const fetching = useSelector(actor, (s) => s.matches({ ready: "fetching" }))
  const [sort, setSort] = useState<{ key: WatchlistSortKey; direction: "asc" | "desc" } | null>(null)
  const shown = sort ? sortWatchlistRows(rows, sort.key, sort.direction) : rows
  if (rows.length === 0 && fetching) return <Skeleton height="24" role="status" aria-label={t("loading")} />
  if (rows.length === 0)
    return (
      <EmptyState.Root size="md" borderWidth="1px" borderRadius="md">
        <EmptyState.Content>
          <EmptyState.Title>{t("empty")}</EmptyState.Title>
          <EmptyState.Description>{t("emptyHelp")}</EmptyState.Description>
        </EmptyState.Content>
      </EmptyState.Root>
    )
  const toggle = (key: WatchlistSortKey) =>
    setSort((s) =>
      s?.key === key ? { key, direction: s.direction === "asc" ? "desc" : "asc" } : { key, direction: key === "symbol" || key === "name" ? "asc" : "desc" },
    )
  return (
    <Box overflowX="auto" maxWidth="full">
      <Table.Root size="sm" aria-label={t("tableLabel")}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader width="1">
              <Text srOnly>{t("columns.star")}</Text>
            </Table.ColumnHeader>
            {COLUMNS.map((c) => (
              <Table.ColumnHeader
                key={c.key}
                textAlign={c.numeric ? "end" : "start"}
                display={c.hideOnPhone ? { base: "none", md: "table-cell" } : undefined}
                aria-sort={sort?.key === c.key ? (sort.direction === "asc" ? "ascending" : "descending") : "none"}
              >
                <Button size="xs" variant="ghost" paddingX="1" onClick={() => toggle(c.key)}>
                  {t(`columns.${c.key}`)}
                  {sort?.key === c.key && <span aria-hidden="true">{sort.direction === "asc" ? " ▲" : " ▼"}</span>}
                </Button>
              </Table.ColumnHeader>
            ))}
            <Table.ColumnHeader display={{ base: "none", sm: "table-cell" }}>{t("columns.trend")}</Table.ColumnHeader>
            <Table.ColumnHeader>
              <Text srOnly>{t("columns.actions")}</Text>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {shown.map((row) => (
            <RowLine key={row.instrumentId} actor={actor} row={row} locale={locale} />
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  )
}

function RowLine({ actor, row, locale }: { actor: WatchlistActor; row: WatchlistRow; locale: string }) {
  const { t } = useTranslation("watchlist")
  const { open } = useOrderTicket()
  const tone = row.priceChange.startsWith("-") ? "red.fg" : /[1-9]/.test(row.priceChange) ? "green.fg" : "fg"
  const percent = formatPercent(row.priceChangePercent, locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: "exceptZero" })
  const side = (value: "BUY" | "SELL") => (open ? () => open({ instrumentId: row.instrumentId, symbol: row.symbol, name: row.name, side: value }) : undefined)
  const first = row.closes[0]
  const last = row.closes.at(-1)
  return (
    <Table.Row>
      <Table.Cell paddingX="1">
        <StarButton actor={actor} instrumentId={row.instrumentId} size="xs" />
      </Table.Cell>
      <Table.Cell fontWeight="semibold">
        <Link asChild color="blue.fg">
          <RouterLink to="/instruments/view/$instrumentId" params={{ instrumentId: row.instrumentId }}>
            {row.symbol}
          </RouterLink>
        </Link>
      </Table.Cell>
      <Table.Cell display={{ base: "none", md: "table-cell" }} maxWidth="60" truncate>
        {row.name}
      </Table.Cell>
      <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
        {formatPrice(row.last, locale)}
      </Table.Cell>
      <Table.Cell textAlign="end" color={tone} fontVariantNumeric="tabular-nums" display={{ base: "none", md: "table-cell" }}>
        {formatPrice(row.priceChange, locale)}
      </Table.Cell>
      <Table.Cell textAlign="end" color={tone} fontVariantNumeric="tabular-nums">
        {percent}
      </Table.Cell>
      <Table.Cell display={{ base: "none", sm: "table-cell" }}>
        <Sparkline
          closes={row.closes}
          label={t("sparkline", { symbol: row.symbol, first: formatPrice(first ?? 0, locale), last: formatPrice(last ?? 0, locale) })}
        />
      </Table.Cell>
      <Table.Cell>
        <HStack gap="1" justify="end">
          <Button
            size="xs"
            colorPalette="green"
            bg="green.700"
            _hover={{ bg: "green.800" }}
            disabled={!side("BUY")}
            onClick={side("BUY")}
            aria-label={t("buy", { symbol: row.symbol })}
          >
            {t("buyShort")}
          </Button>
          <Button
            size="xs"
            colorPalette="red"
            bg="red.700"
            _hover={{ bg: "red.800" }}
            disabled={!side("SELL")}
            onClick={side("SELL")}
            aria-label={t("sell", { symbol: row.symbol })}
          >
            {t("sellShort")}
          </Button>
        </HStack>
      </Table.Cell>
    </Table.Row>
  )
}

function NameDialog({ actor }: { actor: WatchlistActor }) {
  const { t } = useTranslation("watchlist")
  const failureText = useFailureText()
  const editing = useSelector(actor, (s) => (s.matches({ ready: "naming" }) || s.matches({ ready: "saving" }) ? s.context.editing : null))
  const name = useSelector(actor, (s) => s.context.name)
  const problem = useSelector(actor, (s) => s.context.nameProblem)
  const failure = useSelector(actor, (s) => s.context.failure)
  const busy = useSelector(actor, (s) => s.matches({ ready: "saving" }))
  const inputId = useId()
  return (
    <FormDialog
      open={editing !== null}
      onDismiss={() => actor.send({ type: "name.cancel" })}
      busy={busy}
      title={editing === "rename" ? t("form.renameTitle") : t("form.createTitle")}
      closeLabel={t("form.cancel")}
      onSubmit={() => actor.send({ type: "name.submit" })}
      cancelLabel={t("form.cancel")}
      submitLabel={t("form.save")}
    >
      <Stack gap="3">
        <FormAlert text={failureText(failure)} />
        <Field.Root invalid={problem !== null} required>
          <Field.Label htmlFor={inputId}>{t("form.name")}</Field.Label>
          <Input
            id={inputId}
            value={name}
            maxLength={WATCHLIST_NAME_MAX * 2}
            autoComplete="off"
            onChange={(e) => actor.send({ type: "name.change", name: e.target.value })}
          />
          <Field.ErrorText>{problem === "required" ? t("form.required") : t("form.tooLong", { max: WATCHLIST_NAME_MAX })}</Field.ErrorText>
        </Field.Root>
      </Stack>
    </FormDialog>
  )
}

function DeleteDialog({ actor }: { actor: WatchlistActor }) {
  const { t } = useTranslation("watchlist")
  const nameOf = useListName()
  const open = useSelector(actor, (s) => s.matches({ ready: "confirmingDelete" }) || s.matches({ ready: "deleting" }))
  const busy = useSelector(actor, (s) => s.matches({ ready: "deleting" }))
  const name = useSelector(actor, (s) => nameOf(selectedList(s.context)?.name ?? null))
  return (
    <ConfirmDialog
      open={open}
      busy={busy}
      title={t("confirm.title")}
      text={t("confirm.body", { name })}
      keepLabel={t("confirm.keep")}
      confirmLabel={t("confirm.delete")}
      onKeep={() => actor.send({ type: "delete.cancel" })}
      onConfirm={() => actor.send({ type: "delete.confirm" })}
    />
  )
}
