import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test'
import {
  Button,
  Chip,
  DataTable,
  StatusChip,
  Tooltip,
  type DataTableColumn,
} from '@/src/design-system/index.ts'
import { mdiPlus } from '@/src/design-system/icons/index.ts'
import { Icon } from '@/src/design-system/icons/index.ts'
import { useState } from 'react'
import type { SortDirection } from '@/src/design-system/components/DataTable/index.ts'
import { guides, withGuidance } from './guidance.ts'

interface Row {
  id: string
  name: string
  city: string
  email: string
  categories: string[]
  status: string
}

const cities = ['Marseille', 'Aix-en-Provence', 'Aubagne', 'Cassis', 'La Ciotat']
const categories = ['Restaurants', 'Bien-être', 'Loisirs', 'Culture']
const statuses = ['ACTIF', 'PROSPECT', 'DESACTIVE']
const rows: Row[] = Array.from({ length: 42 }, (_, i) => ({
  id: String(i + 1),
  name: `Partenaire ${String(i + 1).padStart(2, '0')}`,
  city: cities[i % cities.length],
  email: `contact${i + 1}@exemple.fr`,
  categories: i % 3 === 0 ? [categories[i % 4], categories[(i + 1) % 4]] : [categories[i % 4]],
  status: statuses[i % 3],
}))

const columns: DataTableColumn<Row>[] = [
  { key: 'name', header: 'Dénomination', value: (r) => r.name },
  { key: 'city', header: 'Ville', value: (r) => r.city },
  { key: 'email', header: 'Email', value: (r) => r.email },
  {
    key: 'categories',
    header: 'Catégories',
    render: (r) =>
      r.categories.length > 1 ? (
        <Tooltip content={r.categories.join(', ')}>
          <span tabIndex={0}>
            <Chip size="small" label={`${r.categories[0]}...`} />
          </span>
        </Tooltip>
      ) : (
        <Chip size="small" label={r.categories[0]} />
      ),
  },
  { key: 'status', header: 'Status', render: (r) => <StatusChip status={r.status} /> },
]

const meta = {
  title: 'Système de conception/Affichage de données/Tableau de données',
  component: DataTable<Row>,
  args: {
    caption: 'Partenaires',
    rows,
    columns,
    getRowId: (r: Row) => r.id,
    onRowClick: fn(),
    rowLabel: (r: Row) => `Consulter ${r.name}`,
    searchPredicate: (r: Row, q: string) =>
      [r.name, r.city, r.email, ...r.categories].some((text) =>
        text
          .normalize('NFD')
          .replace(/[\u0300-\u036f]/g, '')
          .toLowerCase()
          .includes(q),
      ),
    actions: <Button startIcon={<Icon path={mdiPlus} size={20} />}>Nouveau</Button>,
  },
  parameters: withGuidance(guides.dataTable, { layout: 'padded' }),
  globals: { viewport: { value: 'desktop' } },
} satisfies Meta<typeof DataTable<Row>>

export default meta
type Story = StoryObj<typeof meta>

const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1)

export const Paginates: Story = {
  name: 'Pagination',
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table', { name: 'Partenaires' })
    await expect(bodyRows(table)).toHaveLength(10)
    await expect(canvas.getByText('1–10 sur 42')).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Page suivante' }))
    await expect(canvas.getByText('11–20 sur 42')).toBeVisible()
    await expect(within(table).getByText('Partenaire 11')).toBeVisible()
    await userEvent.click(canvas.getByRole('combobox', { name: 'Lignes par page' }))
    await userEvent.click(await screen.findByRole('option', { name: 'Tous' }))
    await waitFor(() => expect(bodyRows(table)).toHaveLength(42))
    await expect(canvas.getByRole('button', { name: 'Page suivante' })).toBeDisabled()
  },
}

export const RowsPerPageOptions: Story = {
  name: 'Lignes par page',
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: 'Lignes par page' }))
    const options = await screen.findAllByRole('option')
    await expect(options.map((o) => o.textContent)).toEqual(['10', '25', '50', '100', 'Tous'])
    await userEvent.click(options[1])
    await waitFor(() => expect(bodyRows(canvas.getByRole('table'))).toHaveLength(25))
  },
}

export const FiltersCaseAndCategory: Story = {
  name: 'Filtres : casse et catégorie',
  play: async ({ canvas }) => {
    const search = canvas.getByRole('searchbox', { name: 'Rechercher' })
    await userEvent.click(canvas.getByRole('button', { name: 'Page suivante' }))
    // Matches a category label, ignoring case and accents; back to the first page.
    await userEvent.type(search, 'BIEN-ETRE')
    await waitFor(() => expect(canvas.getByText(/^1–\d+ sur \d+$/)).toBeVisible())
    const table = canvas.getByRole('table')
    const names = bodyRows(table).map((row) => (row as HTMLTableRowElement).cells[0].textContent)
    await expect(names.length).toBeGreaterThan(0)
    for (const name of names) {
      await expect(rows.find((r) => r.name === name)?.categories).toContain('Bien-être')
    }
    await userEvent.clear(search)
    await userEvent.type(search, 'cassis')
    await waitFor(() =>
      expect(bodyRows(table).every((row) => row.textContent?.includes('Cassis'))).toBe(true),
    )
  },
}

export const RowClick: Story = {
  name: 'Clic sur une ligne',
  play: async ({ args, canvas }) => {
    await userEvent.click(canvas.getByRole('row', { name: 'Consulter Partenaire 03' }))
    await expect(args.onRowClick).toHaveBeenCalledWith(rows[2])
    canvas.getByRole('row', { name: 'Consulter Partenaire 04' }).focus()
    await userEvent.keyboard('{Enter}')
    await expect(args.onRowClick).toHaveBeenLastCalledWith(rows[3])
  },
}

export const NoMatch: Story = {
  name: 'Aucun résultat',
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByRole('searchbox'), 'zzz introuvable')
    await expect(canvas.getByText('Aucune donnée')).toBeVisible()
    await expect(canvas.getByText('0 sur 0')).toBeVisible()
  },
}

export const Empty: Story = {
  name: 'Vide',
  args: { rows: [], emptyMessage: 'Aucun partenaire' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Aucun partenaire')).toBeVisible()
  },
}

export const Loading: Story = {
  name: 'Chargement',
  args: { loading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: 'Chargement' })).toBeVisible()
  },
}

export const ManyRowsAll: Story = {
  name: 'Toutes les lignes',
  args: {
    rows: Array.from({ length: 300 }, (_, i) => ({
      ...rows[i % rows.length],
      id: String(i),
      name: `Partenaire n°${i + 1}`,
    })),
    defaultRowsPerPage: -1,
  },
  play: async ({ canvas }) => {
    await expect(bodyRows(canvas.getByRole('table'))).toHaveLength(300)
  },
}

export const Phone: Story = {
  name: 'Sur téléphone',
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('table')).toBeVisible()
  },
}

/**
 * « Tous » avec des milliers de lignes : seules les lignes proches de l’écran sont dessinées, dans le même
 * tableau.
 */
export const ThousandsAllVirtualised: Story = {
  name: 'Des milliers de lignes',
  args: {
    rows: Array.from({ length: 2000 }, (_, i) => ({
      ...rows[i % rows.length],
      id: String(i),
      name: `Partenaire n°${i + 1}`,
    })),
    defaultRowsPerPage: -1,
  },
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table', { name: 'Partenaires' })
    await waitFor(() => expect(canvas.getByRole('row', { name: 'Consulter Partenaire n°1' })).toBeVisible())
    await expect(bodyRows(table).length).toBeLessThan(200)
    await expect(canvas.getByText('1–2000 sur 2000')).toBeVisible()
    window.scrollTo(0, document.documentElement.scrollHeight)
    await waitFor(() =>
      expect(canvas.getByRole('row', { name: 'Consulter Partenaire n°2000' })).toBeInTheDocument(),
    )
    await expect(bodyRows(table).length).toBeLessThan(200)
  },
}

/** The columns of the sorting stories: the first three sort; e-mails stay on one line. */
const sortableColumns: DataTableColumn<Row>[] = columns.map((column) => ({
  ...column,
  sortable: ['name', 'city', 'email'].includes(column.key),
  nowrap: column.key === 'email',
}))

/** A parent that sorts and pages as a server would: the table only shows `rows` and reports clicks. */
function ServerSortedTable({
  initial,
  onSort,
}: {
  initial: { key: string; direction: SortDirection }
  onSort?: (key: string, direction: SortDirection) => void
}) {
  const [sort, setSort] = useState(initial)
  const [page, setPage] = useState(0)
  const sorted = [...rows].sort(
    (a, b) =>
      (a[sort.key as 'name'].localeCompare(b[sort.key as 'name']) || Number(a.id) - Number(b.id)) *
      (sort.direction === 'asc' ? 1 : -1),
  )
  return (
    <DataTable<Row>
      caption="Partenaires"
      rows={sorted.slice(page * 10, page * 10 + 10)}
      columns={sortableColumns}
      getRowId={(r) => r.id}
      searchable={false}
      sort={{
        ...sort,
        onChange: (key, direction) => {
          onSort?.(key, direction)
          setSort({ key, direction })
          setPage(0)
        },
      }}
      server={{
        total: rows.length,
        page,
        rowsPerPage: 10,
        onPageChange: setPage,
        onRowsPerPageChange: () => undefined,
      }}
    />
  )
}

const firstCells = (canvas: ReturnType<typeof within>) =>
  within(canvas.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0].textContent)

export const SortedAscending: Story = {
  name: 'Tri croissant',
  render: () => <ServerSortedTable initial={{ key: 'name', direction: 'asc' }} />,
  play: async ({ canvas }) => {
    const name = canvas.getByRole('columnheader', { name: 'Dénomination' })
    await expect(name).toHaveAttribute('aria-sort', 'ascending')
    await expect(canvas.getByRole('columnheader', { name: 'Ville' })).toHaveAttribute('aria-sort', 'none')
    // Columns that do not sort have no button and no aria-sort.
    const categories = canvas.getByRole('columnheader', { name: 'Catégories' })
    await expect(categories).not.toHaveAttribute('aria-sort')
    await expect(within(categories).queryByRole('button')).toBeNull()
    await expect(firstCells(canvas)[0]).toBe('Partenaire 01')
    await expect(canvas.getByText('1–10 sur 42')).toBeVisible()
  },
}

export const SortedDescending: Story = {
  name: 'Tri décroissant',
  render: () => <ServerSortedTable initial={{ key: 'name', direction: 'desc' }} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('columnheader', { name: 'Dénomination' })).toHaveAttribute(
      'aria-sort',
      'descending',
    )
    await expect(firstCells(canvas)[0]).toBe('Partenaire 42')
  },
}

const onSort = fn()

export const SortByClickAndKeyboard: Story = {
  name: 'Tri au clic et au clavier',
  beforeEach: () => {
    onSort.mockClear()
  },
  render: () => <ServerSortedTable initial={{ key: 'name', direction: 'asc' }} onSort={onSort} />,
  play: async ({ canvas }) => {
    const city = canvas.getByRole('button', { name: 'Ville' })
    await userEvent.click(city)
    await expect(onSort).toHaveBeenLastCalledWith('city', 'asc')
    await expect(canvas.getByRole('columnheader', { name: 'Ville' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    )
    await expect(canvas.getByRole('columnheader', { name: 'Dénomination' })).toHaveAttribute(
      'aria-sort',
      'none',
    )
    await expect(firstCells(canvas)[0]).toBe('Partenaire 02')
    // The same header again, from the keyboard: the other way.
    city.focus()
    await userEvent.keyboard('{Enter}')
    await expect(onSort).toHaveBeenLastCalledWith('city', 'desc')
    await expect(canvas.getByRole('columnheader', { name: 'Ville' })).toHaveAttribute(
      'aria-sort',
      'descending',
    )
    await userEvent.keyboard(' ')
    await expect(canvas.getByRole('columnheader', { name: 'Ville' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    )
  },
}
