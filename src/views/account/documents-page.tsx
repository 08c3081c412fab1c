import { Box, Button, Card, EmptyState, Heading, Image, Skeleton, Stack, Table, Text } from "@chakra-ui/react"
import { getRouteApi, useNavigate } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import { useEffect } from "react"
import { useTranslation } from "react-i18next"
import type { ActorRefFrom } from "xstate"
import type { Document } from "../../contract/documents"
import { maskIdSixStars } from "../../domain/masks"
import { formatDate } from "../../domain/dates"
import { documentUploadMachine } from "../../machines/document-upload.machine"
import { DOCUMENTS_TAGS, documentsMachine } from "../../machines/documents.machine"
import { RetryState } from "../shared/retry-state"
import { WorkflowDialog } from "../shared/workflow-dialog"
import { FactList, StatusBadge, useIntlLocale } from "../portfolio/shared"
import { useEnumLabel } from "../shared/enum-label"
import { useWorkflowActor } from "../workflows"
import { DocumentUploadModal } from "./document-upload-modal"
import { TableHead } from "../shared/table-head"

type DocumentsActor = ActorRefFrom<typeof documentsMachine>

const documentsRoute = getRouteApi("/signed-in/user-account/documents")

/**
 * /user-account/documents (spec part 2 "User account area"; issue 11): the card 'Documents' (user
 * uploaded documents) with New Document, the table (CATEGORY with underscores as spaces, TYPE,
 * STATUS, DATE, a view button per row opening the details modal) or its empty state. The
 * documents chart owns the list and the details; the upload chart the modal. `?document=<id>` (a
 * "document reviewed" notice links there) reads the list again and opens that document's details,
 * once: the parameter is then taken off the address, so a reload or Back does not open it again.
 */
export function DocumentsPage() {
  const { t } = useTranslation("account")
  const documents = useWorkflowActor(documentsMachine)
  const linked = documentsRoute.useSearch().document
  const navigate = useNavigate()
  useEffect(() => {
    if (linked === undefined) return
    // The notice says the document changed: the list is read again, and its details open.
    documents.send({ type: "documents.reload" })
    documents.send({ type: "details.open", documentId: linked })
    void navigate({ to: "/user-account/documents", search: {}, replace: true })
  }, [linked, documents, navigate])
  const upload = useWorkflowActor(documentUploadMachine, { input: { documents } })
  const list = useSelector(documents, (s) => s.context.documents)
  const loading = useSelector(documents, (s) => s.hasTag(DOCUMENTS_TAGS.list.loading))
  const failed = useSelector(documents, (s) => s.hasTag(DOCUMENTS_TAGS.list.failed))
  return (
    <Stack gap="4">
      <Heading as="h1" size="lg">
        {t("tabs.documents")}
      </Heading>
      <Card.Root as="section" variant="outline" minWidth="0" aria-labelledby="documents-card-title">
        <Card.Header flexDirection="row" justifyContent="space-between" alignItems="flex-start" gap="3" flexWrap="wrap">
          <Stack gap="0">
            <Heading as="h2" size="md" id="documents-card-title">
              {t("documents.title")}
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              {t("documents.subtitle")}
            </Text>
          </Stack>
          <Button size="sm" colorPalette="blue" onClick={() => upload.send({ type: "modal.open" })}>
            {t("documents.new")}
          </Button>
        </Card.Header>
        <Card.Body minWidth="0">
          {failed ? (
            <RetryState title={t("documents.failed")} retry={t("documents.retry")} onRetry={() => documents.send({ type: "documents.retry" })} />
          ) : list === null ? (
            <Stack gap="3" role="status" aria-label={t("documents.loading")}>
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} height="10" />
              ))}
            </Stack>
          ) : list.length === 0 ? (
            <EmptyState.Root size="sm">
              <EmptyState.Content>
                <EmptyState.Title>{t("documents.empty")}</EmptyState.Title>
                <EmptyState.Description>{t("documents.emptyHelp")}</EmptyState.Description>
              </EmptyState.Content>
            </EmptyState.Root>
          ) : (
            <DocumentsTable documents={list} actor={documents} busy={loading} />
          )}
        </Card.Body>
      </Card.Root>
      <DocumentDetailsModal actor={documents} />
      <DocumentUploadModal actor={upload} />
    </Stack>
  )
}

function DocumentsTable({ documents, actor, busy }: { documents: ReadonlyArray<Document>; actor: DocumentsActor; busy: boolean }) {
  const { t } = useTranslation("account")
  const label = useEnumLabel()
  const locale = useIntlLocale()
  return (
    <Box overflowX="auto" aria-busy={busy}>
      <Table.Root size="sm" aria-label={t("documents.title")} minWidth="32rem">
        <TableHead
          columns={[
            { label: t("documents.columns.category") },
            { label: t("documents.columns.type") },
            { label: t("documents.columns.status") },
            { label: t("documents.columns.date") },
            { label: t("documents.columns.actions"), srOnly: true },
          ]}
        />
        <Table.Body>
          {documents.map((d) => {
            const category = label("documentCategory", d.type)
            const date = formatDate(d.created, locale)
            return (
              <Table.Row key={d.documentId}>
                <Table.Cell>{category}</Table.Cell>
                <Table.Cell>{d.idType ?? "—"}</Table.Cell>
                <Table.Cell>
                  <StatusBadge status={d.status} />
                </Table.Cell>
                <Table.Cell>{date}</Table.Cell>
                <Table.Cell textAlign="end">
                  <Button
                    size="xs"
                    variant="outline"
                    aria-label={t("documents.viewLabel", { category, date })}
                    onClick={() => actor.send({ type: "details.open", documentId: d.documentId })}
                  >
                    {t("documents.view")}
                  </Button>
                </Table.Cell>
              </Table.Row>
            )
          })}
        </Table.Body>
      </Table.Root>
    </Box>
  )
}

/** The details modal of one document: its image (loaded through the signed details call), status and rejection reason. */
function DocumentDetailsModal({ actor }: { actor: DocumentsActor }) {
  const { t } = useTranslation("account")
  const label = useEnumLabel()
  const locale = useIntlLocale()
  const open = useSelector(actor, (s) => s.hasTag(DOCUMENTS_TAGS.details.open))
  const loading = useSelector(actor, (s) => s.hasTag(DOCUMENTS_TAGS.details.loading))
  const failed = useSelector(actor, (s) => s.hasTag(DOCUMENTS_TAGS.details.failed))
  const details = useSelector(actor, (s) => s.context.details)
  const close = () => actor.send({ type: "details.close" })
  const category = details ? label("documentCategory", details.type) : ""
  return (
    <WorkflowDialog
      open={open}
      onDismiss={close}
      title={t("documents.details.title")}
      closeLabel={t("documents.details.close")}
      footer={
        <Button variant="outline" onClick={close}>
          {t("documents.details.close")}
        </Button>
      }
    >
      {loading && <Skeleton height="48" role="status" aria-label={t("documents.details.loading")} />}
      {failed && <RetryState title={t("documents.details.failed")} retry={t("documents.retry")} onRetry={() => actor.send({ type: "details.retry" })} />}
      {!loading && !failed && details && (
        <Stack gap="4">
          {details.document && (
            <Image
              src={details.document}
              alt={t("documents.details.imageAlt", { category })}
              maxHeight="20rem"
              objectFit="contain"
              borderWidth="1px"
              borderRadius="md"
            />
          )}
          <FactList
            breakValues
            facts={[
              [t("documents.columns.category"), category],
              [t("documents.columns.type"), details.idType ?? "—"],
              // Masked as the side panel masks the profile's ID (its last 5 shown), and so never wider than the dialog.
              [t("documents.details.idValue"), details.idValue ? maskIdSixStars(details.idValue) : "—"],
              [t("documents.columns.status"), <StatusBadge status={details.status} />],
              [t("documents.columns.date"), formatDate(details.created, locale)],
              ...(details.rejectionReason ? ([[t("documents.details.rejectionReason"), details.rejectionReason]] as const) : []),
            ]}
          />
        </Stack>
      )}
    </WorkflowDialog>
  )
}
