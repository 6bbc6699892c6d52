import { useState } from 'react'
import { useNavigate } from 'react-router'
import { useSWRConfig } from 'swr'
import type { PartnerStatus } from '@/contract/schemas.ts'
import { getPartner } from '@/src/api/partners/getPartner.ts'
import { partnerListKeys, usePartners } from '@/src/api/partners/getPartners.ts'
import { updatePartner } from '@/src/api/partners/updatePartner.ts'
import { exportPartners } from '@/src/api/exchange/exportPartners.ts'
import { PageHeader } from '@/src/design-system/components/PageHeader/index.ts'
import { Panel } from '../common/Panel.tsx'
import { PartnersCsvActions } from '../exchange/PartnersCsvActions.tsx'
import { partnerColumns } from './partnerColumns.tsx'
import { partnerToValues, valuesToPartnerBody } from './partnerForm.ts'
import { BulkActions } from '../common/BulkActions.tsx'
import { backofficeTitle, usePageTitle } from '@/src/pageTitle/index.ts'
import { ListCount, ServerListTable, StatusListActions, useStatusListQuery } from '../common/ServerList.tsx'

/** One partner's status, by its own save (read just before, so only the status changes; journaled as an edit). */
async function setPartnerStatus(id: string, status: PartnerStatus) {
  const partner = await getPartner(id)
  if (partner.status === status) return
  await updatePartner({
    ...valuesToPartnerBody(partnerToValues(partner)),
    partnerId: partner.partnerId,
    status,
  })
}

/**
 * /bo/partenaires: the partners, searched (name, city), filtered, sorted and paged by the server; the list's
 * state lives in the address. Rows picked (on any page) change status together.
 */
export function PartnersListScreen() {
  usePageTitle(backofficeTitle('Partenaires'))
  const navigate = useNavigate()
  const { list, query } = useStatusListQuery<PartnerStatus>('name')
  const result = usePartners(query)
  const { mutate } = useSWRConfig()
  const [selected, setSelected] = useState<Set<string>>(() => new Set())

  return (
    <Panel>
      <PageHeader
        title="Partenaires"
        subtitle={<ListCount total={result.data?.total} singular="partenaire" plural="partenaires" />}
      />
      <PartnersCsvActions />
      <BulkActions
        selected={selected}
        onSelectedChange={setSelected}
        singular="partenaire"
        plural="partenaires"
        setStatus={setPartnerStatus}
        onChanged={() => void mutate(partnerListKeys)}
        exportSelection={{
          // In the list's order; only the picked rows, whatever the search and filter shown now.
          download: (ids) => exportPartners({ ids: ids.join(','), sort: list.sortParam }),
          fileName: 'partenaires-selection',
        }}
      />
      <ServerListTable
        list={list}
        result={result}
        errorMessage="Impossible de charger les partenaires."
        caption="Partenaires"
        columns={partnerColumns}
        getRowId={(p) => String(p.partnerId.id)}
        onRowClick={(p) => navigate(`/bo/partenaires/${p.partnerId.id}`)}
        rowLabel={(p) => `Consulter ${p.name}`}
        selection={{ selected, onChange: setSelected, label: (p) => `Sélectionner ${p.name}` }}
        searchLabel="Rechercher un partenaire"
        emptyMessage="Aucun partenaire"
        sort={{ ...list.sort, onChange: list.setSort }}
        actions={<StatusListActions list={list} onCreate={() => navigate('/bo/partenaires/nouveau')} />}
      />
    </Panel>
  )
}

export default PartnersListScreen
