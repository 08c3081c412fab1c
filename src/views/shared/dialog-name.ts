import { useId } from "react"

/**
 * A dialog (or drawer) named by its title, whatever renders it: the title gets an id of ours
 * (`ids` on the Root) and the content points at it (`aria-labelledby` on the Content). Zag names
 * the content only once it has seen the title in the document one frame after opening, which a
 * renderer that commits the portal later misses: the dialog then had no accessible name.
 */
export const useDialogName = (): { ids: { title: string }; labelledBy: string } => {
  const title = `${useId()}-title`
  return { ids: { title }, labelledBy: title }
}
