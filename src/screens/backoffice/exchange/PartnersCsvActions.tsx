import { mdiUpload } from '@mdi/js'
import { Link } from 'react-router'
import styled from 'styled-components'
import type { PartnerStatus } from '@/contract/schemas.ts'
import { exportPartners } from '@/src/api/exchange/exportPartners.ts'
import { Button } from '@/src/design-system/components/Button/index.ts'
import { Icon } from '@/src/design-system/icons/index.ts'
import { useListParams } from '../common/useListParams.ts'
import { CsvExportButton } from './CsvExportButton.tsx'
import { theme } from '@/src/design-system/theme/index.ts'

export const CsvActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${theme.space[2]}px;
  margin-top: -${theme.space[4]}px;
`

/**
 * Above the partner list: export what the list shows (its search, status and sort, read from the address as
 * the list reads them; every page), or go to the CSV import.
 */
export function PartnersCsvActions() {
  const list = useListParams('name')
  const query = {
    q: list.q.trim() || undefined,
    status: (list.status || undefined) as PartnerStatus | undefined,
    sort: list.sortParam,
  }
  return (
    <CsvActions>
      <CsvExportButton download={() => exportPartners(query)} fileName="partenaires" />
      <Button variant="outlined" asChild startIcon={<Icon path={mdiUpload} size={20} />}>
        <Link to="/bo/partenaires/import">Importer (CSV)</Link>
      </Button>
    </CsvActions>
  )
}
