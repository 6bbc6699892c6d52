import { exportUsers } from '@/src/api/exchange/exportUsers.ts'
import { CsvExportButton } from './CsvExportButton.tsx'
import { CsvActions } from './PartnersCsvActions.tsx'

/** Above the user list: export every user. */
export function UsersCsvActions() {
  return (
    <CsvActions>
      <CsvExportButton download={exportUsers} fileName="utilisateurs" />
    </CsvActions>
  )
}
