import { useNavigate } from 'react-router'
import type { ApiError } from '@/src/api/client.ts'
import { useBackofficeGoBack } from './useBackofficeGoBack.ts'
import { useSubmitFlow } from './useSubmitFlow.ts'

interface SaveFlow<Values, Item, Body, Created> {
  /** The item being edited; undefined on a creation page. */
  item: Item | undefined
  toBody: (values: Values) => Body
  create: (body: Body) => Promise<Created>
  update: (body: Body, item: Item) => Promise<unknown>
  /** Where a created item is consulted: that page replaces the form's. */
  consultPath: (created: Created) => string
  messages: { created: string; updated: string }
  /** An edit refused as stale (412): versionConflict.tsx shows it. */
  onStale?: (error: ApiError) => void
}

/**
 * The create-or-edit page's save (spec section 4): an edit goes back one step (to its list when the page was
 * opened from outside the app), a creation replaces the page with the new item's consult page.
 */
export function useSaveFlow<Values, Item, Body, Created>({
  item,
  toBody,
  create,
  update,
  consultPath,
  messages,
  onStale,
}: SaveFlow<Values, Item, Body, Created>) {
  const navigate = useNavigate()
  const goBack = useBackofficeGoBack()
  return useSubmitFlow<Values, Created | null>({
    send: async (values) => {
      const body = toBody(values)
      if (item === undefined) return create(body)
      await update(body, item)
      return null
    },
    successMessage: item === undefined ? messages.created : messages.updated,
    onSuccess: (created) => {
      if (created === null) goBack()
      else navigate(consultPath(created), { replace: true })
    },
    onStale,
  })
}
