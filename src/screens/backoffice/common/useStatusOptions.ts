import { useMemo } from 'react'
import type { StatusOption } from '@/contract/schemas.ts'
import type { SelectOption } from '@/src/design-system/components/Select/index.ts'

/** A resource's statuses (as the API lists them) as a Select's options; stable while the list is. */
export function useStatusOptions(statuses: readonly StatusOption[] | undefined): SelectOption[] {
  return useMemo(
    () => (statuses ?? []).map((status) => ({ value: status.code, label: status.label })),
    [statuses],
  )
}
