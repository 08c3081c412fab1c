/**
 * The selector menu's 'New Portfolio' dialog. The create-portfolio dialog is built with the
 * dashboard (src/views/portfolios/create-portfolio-dialog.tsx); until it exists, nothing opens.
 */
export const CAN_CREATE_PORTFOLIO = false

export function NewPortfolioDialog(_: { open: boolean; onClose: () => void }) {
  return null
}
