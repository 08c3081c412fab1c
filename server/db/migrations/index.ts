/**
 * Every migration in order, keyed by name ("NNNN-name", sorted by name). Add a migration as
 * server/db/migrations/NNNN-name.ts exporting `migrationNNNN` and list it here; never edit one that
 * has shipped. Listed in code (not read from the file system) so the esbuild bundle carries them.
 */
import type { Migration } from "kysely"
import { migration0001 } from "./0001-initial"
import { migration0002 } from "./0002-auth"
import { migration0003 } from "./0003-orders"
import { migration0004 } from "./0004-bank-codes"
import { migration0005 } from "./0005-order-rejections"
import { migration0006 } from "./0006-reviewers"
import { migration0007 } from "./0007-auth-rate-limits"
import { migration0008 } from "./0008-document-files"
import { migration0010 } from "./0010-payout-conversion"
import { migration0011 } from "./0011-transaction-texts"
import { migration0012 } from "./0012-payment-step-texts"
import { migration0013 } from "./0013-chart-versions"
import { migration0019 } from "./0019-account-versions"
import { migration0030 } from "./0030-watchlists"
import { migration0031 } from "./0031-sessions-list"
import { migration0032 } from "./0032-recovery-codes"
import { migration0033 } from "./0033-step-ups"
import { migration0034 } from "./0034-payout-statuses"
import { migration0035 } from "./0035-notifications"
import { migration0036 } from "./0036-price-alerts"
import { migration0037 } from "./0037-user-versions"

/** The migrations by name, for migrate.ts's in-code provider. */
export const migrations: Readonly<Record<string, Migration>> = {
  "0001-initial": migration0001,
  "0002-auth": migration0002,
  "0003-orders": migration0003,
  "0004-bank-codes": migration0004,
  "0005-order-rejections": migration0005,
  "0006-reviewers": migration0006,
  "0007-auth-rate-limits": migration0007,
  "0008-document-files": migration0008,
  "0010-payout-conversion": migration0010,
  "0011-transaction-texts": migration0011,
  "0012-payment-step-texts": migration0012,
  "0013-chart-versions": migration0013,
  "0019-account-versions": migration0019,
  "0030-watchlists": migration0030,
  "0031-sessions-list": migration0031,
  "0032-recovery-codes": migration0032,
  "0033-step-ups": migration0033,
  "0034-payout-statuses": migration0034,
  "0035-notifications": migration0035,
  "0036-price-alerts": migration0036,
  "0037-user-versions": migration0037,
}
