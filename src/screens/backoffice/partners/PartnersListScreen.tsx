import { useNavigate } from 'react-router'
import type { PartnerStatus } from '@/contract/schemas.ts'
import { usePartners } from '@/src/api/partners/getPartners.ts'
import { PageHeader } from '@/src/design-system/components/PageHeader/index.ts'
import { Panel } from '../common/Panel.tsx'
import { PartnersCsvActions } from '../exchange/PartnersCsvActions.tsx'
import { partnerColumns } from './partnerColumns.tsx'
import { backofficeTitle, usePageTitle } from '@/src/pageTitle/index.ts'
import { ListCount, ServerListTable, StatusListActions, useStatusListQuery } from '../common/ServerList.tsx'

/**
 * /bo/partenaires: the partners, searched (name, city), filtered, sorted and paged by the server; the list's
 * state lives in the address.
 */
export function PartnersListScreen() {
  usePageTitle(backofficeTitle('Partenaires'))
  const navigate = useNavigate()
  const { list, query } = useStatusListQuery<PartnerStatus>('name')
  const result = usePartners(query)

  return (
    <Panel>
      <PageHeader
        title="Partenaires"
        subtitle={
          result.data ? (
            <ListCount total={result.data.total} singular="partenaire" plural="partenaires" />
          ) : null
        }
      />
      <PartnersCsvActions />
      <ServerListTable
        list={list}
        result={result}
        errorMessage="Impossible de charger les partenaires."
        caption="Partenaires"
        columns={partnerColumns}
        getRowId={(p) => String(p.partnerId.id)}
        onRowClick={(p) => navigate(`/bo/partenaires/${p.partnerId.id}`)}
        rowLabel={(p) => `Consulter ${p.name}`}
        searchLabel="Rechercher un partenaire"
        emptyMessage="Aucun partenaire"
        sort={{ ...list.sort, onChange: list.setSort }}
        actions={<StatusListActions list={list} onCreate={() => navigate('/bo/partenaires/nouveau')} />}
      />
    </Panel>
  )
}

export default PartnersListScreen
