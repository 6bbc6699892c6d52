import { useCallback, useEffect, useRef, useState } from 'react'
import { useForm, useFormState } from 'react-final-form'
import { getIn } from 'final-form'
import styled from 'styled-components'
import { etagOf, type ApiError } from '@/src/api/client.ts'
import { Alert } from '@/src/design-system/components/Alert/index.ts'
import { Button } from '@/src/design-system/components/Button/index.ts'
import { ConfirmDialog } from '@/src/design-system/components/ConfirmDialog/index.ts'
import { theme } from '@/src/design-system/theme/index.ts'

/**
 * Optimistic concurrency in the back-office forms (server/services/versions.ts): a form saves with the ETag of
 * the version it loaded (If-Match); when someone changed the record since, the server refuses with 412 and the
 * form keeps what was typed, says who changed it and when, and offers 'Recharger' (their version, typed changes
 * lost after a confirmation) and 'Comparer' (the fields that differ, mine and theirs). Nothing is overwritten
 * without the administrator choosing to.
 */
export interface VersionedEdit<Item> {
  /** The record as last read (undefined while it loads, or on a creation). */
  item: Item | undefined
  /** The ETag to send as If-Match: the version the typed values start from. */
  etag: string | null
  /** The 412's message while a conflict is shown. */
  conflict: string | null
  /** For useSubmitFlow's onStale. */
  onStale: (error: ApiError) => void
  setEtag: (etag: string | null) => void
  clear: () => void
  /** Reads the record again (into the cache) and answers it. */
  reload: () => Promise<Item | undefined>
}

export function useVersionedEdit<Item extends object>(
  item: Item | undefined,
  reload: () => Promise<Item | undefined>,
): VersionedEdit<Item> {
  const [etag, setEtag] = useState<string | null>(null)
  const [conflict, setConflict] = useState<string | null>(null)
  const onStale = useCallback((error: ApiError) => setConflict(error.message), [])
  const clear = useCallback(() => setConflict(null), [])
  return { item, etag, conflict, onStale, setEtag, clear, reload }
}

/** One field the comparison shows: its path in the form's values, its label, and how to write its value. */
export interface ComparedField {
  name: string
  label: string
  format?: (value: unknown) => string
}

function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—'
  if (Array.isArray(value))
    return (
      value
        .map((entry) =>
          typeof entry === 'object' && entry && 'label' in entry ? String(entry.label) : String(entry),
        )
        .join(', ') || '—'
    )
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

const Notice = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[3]}px;
  margin-bottom: ${theme.space[4]}px;
  scroll-margin-top: ${theme.space[8]}px;
`

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[2]}px;
  margin-top: ${theme.space[2]}px;
`

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${theme.fontSizes.sm};
  caption {
    text-align: left;
    font-weight: ${theme.fontWeights.bold};
    margin-bottom: ${theme.space[2]}px;
  }
  th,
  td {
    text-align: left;
    vertical-align: top;
    padding: ${theme.space[2]}px;
    border-bottom: 1px solid ${theme.colors.border};
    overflow-wrap: anywhere;
  }
`

interface NoticeProps<Item, Values> {
  edit: VersionedEdit<Item>
  toValues: (item: Item) => Values
  fields: ComparedField[]
  /** 'ce partenaire', 'cet utilisateur'… for the texts. */
  what: string
}

/**
 * Rendered inside the form: keeps the ETag of the version the values start from, and shows the 412 with
 * 'Recharger' and 'Comparer'.
 */
export function VersionConflictNotice<Item extends object, Values>({
  edit,
  toValues,
  fields,
  what,
}: NoticeProps<Item, Values>) {
  const form = useForm<Values>()
  const { values } = useFormState<Values>({ subscription: { values: true } })
  const { item, setEtag, conflict, clear, reload } = edit
  const [theirs, setTheirs] = useState<Item | null>(null)
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const ref = useRef<HTMLDivElement>(null)

  // A newer read (revalidation, reload) becomes the base only while nothing is typed: typed values keep the
  // version they were typed over, so saving them over a newer one is refused rather than silent.
  useEffect(() => {
    if (!item) return
    setEtag(form.getState().dirty && edit.etag !== null ? edit.etag : etagOf(item))
    // Only a new read decides; the held ETag is what it compares with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [item])

  useEffect(() => {
    if (conflict) ref.current?.scrollIntoView({ block: 'nearest' })
  }, [conflict])

  if (!conflict) return null

  const reloadTheirs = async () => {
    setConfirming(false)
    setBusy(true)
    try {
      const fresh = await reload()
      if (fresh) {
        // The forms keep typed values over a new read (keepDirtyOnReinitialize): here they are to go.
        form.setConfig('keepDirtyOnReinitialize', false)
        form.reset(toValues(fresh))
        form.setConfig('keepDirtyOnReinitialize', true)
        setEtag(etagOf(fresh))
        setTheirs(null)
        clear()
      }
    } finally {
      setBusy(false)
    }
  }

  const compare = async () => {
    setBusy(true)
    try {
      setTheirs((await reload()) ?? null)
    } finally {
      setBusy(false)
    }
  }

  const theirValues = theirs ? toValues(theirs) : null
  const differing = theirValues
    ? fields.filter(({ name, format = formatValue }) => {
        return format(getIn(values as object, name)) !== format(getIn(theirValues as object, name))
      })
    : []

  return (
    <Notice ref={ref}>
      <Alert severity="warning" title="Modifié entre-temps">
        {conflict}
        <Actions>
          <Button size="small" variant="outlined" loading={busy} onClick={() => setConfirming(true)}>
            Recharger
          </Button>
          {theirs ? (
            <Button
              size="small"
              variant="outlined"
              onClick={() => {
                setEtag(etagOf(theirs))
                setTheirs(null)
                clear()
              }}
            >
              Garder mes valeurs
            </Button>
          ) : (
            <Button size="small" variant="outlined" loading={busy} onClick={() => void compare()}>
              Comparer
            </Button>
          )}
        </Actions>
      </Alert>
      {theirs && theirValues ? (
        differing.length === 0 ? (
          <p>
            Aucun champ de ce formulaire ne diffère de la version actuelle : « Garder mes valeurs » puis «
            Valider » enregistre sans rien effacer.
          </p>
        ) : (
          <Table>
            <caption>Différences avec la version actuelle</caption>
            <thead>
              <tr>
                <th scope="col">Champ</th>
                <th scope="col">Vos valeurs</th>
                <th scope="col">Version actuelle</th>
              </tr>
            </thead>
            <tbody>
              {differing.map(({ name, label, format = formatValue }) => (
                <tr key={name}>
                  <th scope="row">{label}</th>
                  <td>{format(getIn(values as object, name))}</td>
                  <td>{format(getIn(theirValues as object, name))}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )
      ) : null}
      <ConfirmDialog
        open={confirming}
        title="Recharger la version actuelle ?"
        description={`Vos modifications de ${what} seront perdues.`}
        confirmLabel="Recharger"
        confirmColor="danger"
        cancelLabel="Continuer la saisie"
        onConfirm={() => void reloadTheirs()}
        onCancel={() => setConfirming(false)}
      />
    </Notice>
  )
}
