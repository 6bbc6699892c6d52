import { mdiUpload } from '@mdi/js'
import { Link } from 'react-router'
import styled from 'styled-components'
import { exportPartners } from '@/src/api/exchange/exportPartners.ts'
import { Button } from '@/src/design-system/components/Button/index.ts'
import { Icon } from '@/src/design-system/icons/index.ts'
import { CsvExportButton } from './CsvExportButton.tsx'

export const CsvActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space[2]}px;
  margin-top: -${({ theme }) => theme.space[4]}px;
`

/** Above the partner list: export every partner, or go to the CSV import. */
export function PartnersCsvActions() {
  return (
    <CsvActions>
      <CsvExportButton download={exportPartners} fileName="partenaires" />
      <Button variant="outlined" asChild startIcon={<Icon path={mdiUpload} size={20} />}>
        <Link to="/bo/partenaires/import">Importer (CSV)</Link>
      </Button>
    </CsvActions>
  )
}
