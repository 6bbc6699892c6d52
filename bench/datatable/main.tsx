// The bench's back-office table: the design system's DataTable with the partner list's own columns and
// 10,000 rows, all shown ('Tous'). The app's list pages by the server (100 rows at most), so this page is
// where the table's cost at any size is measured (bench/browser/lists.ts).
import { createRoot } from 'react-dom/client'
import { DataTable } from '@/src/design-system/components/DataTable/index.ts'
import { DesignSystemProvider } from '@/src/design-system/theme/index.ts'
import { partnerColumns } from '@/src/screens/backoffice/partners/partnerColumns.tsx'
import { fakePartner } from '../lib/fakePartner.ts'

const ROWS = 10_000
const partners = Array.from({ length: ROWS }, (_, i) => fakePartner(i))

createRoot(document.getElementById('root')!).render(
  <DesignSystemProvider>
    <main style={{ padding: 24 }}>
      <DataTable
        caption="Partenaires"
        rows={partners}
        columns={partnerColumns}
        getRowId={(p) => String(p.partnerId.id)}
        onRowClick={() => undefined}
        rowLabel={(p) => `Consulter ${p.name}`}
        searchLabel="Rechercher un partenaire"
        defaultRowsPerPage={-1}
      />
    </main>
  </DesignSystemProvider>,
)
