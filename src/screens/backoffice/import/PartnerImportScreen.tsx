import { useState } from 'react'
import { Link } from 'react-router'
import styled from 'styled-components'
import type {
  PartnerImportDuplicate,
  PartnerImportPreview,
  PartnerImportQuery,
  PartnerImportResult,
} from '@/contract/backoffice.ts'
import { ApiError, GENERIC_ERROR_MESSAGE } from '@/src/api/client.ts'
import { useImportPartners } from '@/src/api/exchange/importPartners.ts'
import { previewPartnerImport } from '@/src/api/exchange/previewPartnerImport.ts'
import { Alert } from '@/src/design-system/components/Alert/index.ts'
import { Button } from '@/src/design-system/components/Button/index.ts'
import { Checkbox } from '@/src/design-system/components/Checkbox/index.ts'
import { FileUploadButton } from '@/src/design-system/components/FileUploadButton/index.ts'
import { PageHeader } from '@/src/design-system/components/PageHeader/index.ts'
import { Select } from '@/src/design-system/components/Select/index.ts'
import { SkeletonRows } from '@/src/design-system/components/SkeletonRows/index.ts'
import { backofficeTitle, usePageTitle } from '@/src/pageTitle/index.ts'
import { Panel, SectionTitle } from '../common/Panel.tsx'
import { CsvExportButton } from '../exchange/CsvExportButton.tsx'
import { errorReportBlob } from './errorReport.ts'
import { theme } from '@/src/design-system/theme/index.ts'

const number = new Intl.NumberFormat('fr-FR')
const plural = (count: number, word: string) => `${number.format(count)} ${word}${count > 1 ? 's' : ''}`
const partners = (count: number) => plural(count, 'partenaire')
const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE)

// Non-breaking spaces inside « » and before : and ; (French typography), so a line never starts with one.
const importHelp =
  'Le fichier reprend les colonnes de l’export : Dénomination, Description, Adresse, Ville, Latitude, Longitude, Email, Téléphone et Catégories (séparées par « | »), et au choix SIREN, Code postal, Prénom gérant, Nom gérant, Statut. Une ligne qui garde l’Id de l’export met à jour ce partenaire ; sans Id, elle en crée un, sauf si elle répète un partenaire (même dénomination et même ville, ou même e-mail). Séparateur « ; » ou « , », en UTF-8 ou en « CSV » d’Excel. Rien n’est enregistré avant « Importer » ; l’import se fait en entier ou pas du tout.'

const Help = styled.p`
  margin: 0;
  max-width: 72ch;
  color: ${theme.colors.textMuted};
`

const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space[3]}px ${theme.space[5]}px;
`

const FileName = styled.span`
  font-weight: ${theme.fontWeights.medium};
  overflow-wrap: anywhere;
`

const ErrorList = styled.ul`
  max-height: 240px;
  margin: ${theme.space[1]}px 0 0;
  padding-left: ${theme.space[5]}px;
  overflow-y: auto;
`

const TableScroll = styled.div`
  overflow-x: auto;
`

const Table = styled.table`
  width: 100%;
  caption {
    padding-bottom: ${theme.space[2]}px;
    font-weight: ${theme.fontWeights.medium};
    text-align: left;
  }
  border-collapse: collapse;
  font-size: ${theme.fontSizes.sm};
  th,
  td {
    padding: ${theme.space[2]}px;
    border-bottom: 1px solid ${theme.colors.divider};
    text-align: left;
  }
  th {
    color: ${theme.colors.textMuted};
    font-weight: ${theme.fontWeights.medium};
  }
`

const Summary = styled.p`
  margin: 0;
`

const Muted = styled.p`
  margin: 0;
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`

const ChoiceCell = styled.td`
  min-width: 160px;
`

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space[3]}px;
`

/** Why the import was refused: `stale` when a partner changed since the preview (412), which a new one shows. */
interface ImportError {
  message: string
  stale: boolean
}

type Step =
  | { kind: 'empty' }
  | { kind: 'reading' }
  | { kind: 'refused'; message: string }
  | { kind: 'preview'; preview: PartnerImportPreview }
  | { kind: 'done'; result: PartnerImportResult }

/** /bo/partenaires/import: a CSV file checked first (preview, errors per line), then imported all at once. */
export function PartnerImportScreen() {
  usePageTitle(backofficeTitle('Importer des partenaires'))
  const importPartners = useImportPartners()
  const [file, setFile] = useState<File | null>(null)
  const [createCategories, setCreateCategories] = useState(false)
  const [step, setStep] = useState<Step>({ kind: 'empty' })
  const [importing, setImporting] = useState(false)
  const [importError, setImportError] = useState<ImportError | null>(null)
  const [choice, setChoice] = useState<DuplicateChoice>(noChoice)

  async function check(chosen: File, create: boolean) {
    setStep({ kind: 'reading' })
    setImportError(null)
    setChoice(noChoice)
    try {
      setStep({ kind: 'preview', preview: await previewPartnerImport(chosen, create) })
    } catch (error) {
      setStep({ kind: 'refused', message: messageOf(error) })
    }
  }

  async function commit(chosen: File, preview: PartnerImportPreview) {
    setImporting(true)
    setImportError(null)
    try {
      const result = await importPartners(chosen, importQuery(createCategories, choice), preview.versions)
      setStep({ kind: 'done', result })
      setFile(null)
    } catch (error) {
      setImportError({
        message: messageOf(error),
        stale: error instanceof ApiError && error.status === 412,
      })
    } finally {
      setImporting(false)
    }
  }

  return (
    <Panel>
      <PageHeader
        title="Importer des partenaires"
        subtitle="Fichier CSV"
        actions={
          <Button variant="text" asChild>
            <Link to="/bo/partenaires">Retour à la liste</Link>
          </Button>
        }
      />
      <Help>{importHelp}</Help>
      <Controls>
        <FileUploadButton
          accept=".csv,text/csv"
          variant="outlined"
          onFile={(chosen) => {
            setFile(chosen)
            void check(chosen, createCategories)
          }}
        >
          Choisir un fichier CSV
        </FileUploadButton>
        {file ? <FileName>{file.name}</FileName> : null}
        <Checkbox
          label="Créer les catégories manquantes"
          checked={createCategories}
          onCheckedChange={(checked) => {
            setCreateCategories(checked)
            if (file && step.kind !== 'done') void check(file, checked)
          }}
        />
      </Controls>

      {step.kind === 'reading' ? <SkeletonRows rows={4} label="Lecture du fichier" /> : null}
      {step.kind === 'refused' ? (
        <Alert severity="error" title="Fichier refusé">
          {step.message}
        </Alert>
      ) : null}
      {step.kind === 'done' ? (
        <Alert severity="success" title={importedTitle(step.result)}>
          {step.result.categoriesCreated.length > 0
            ? `Catégories créées : ${step.result.categoriesCreated.join(', ')}. `
            : null}
          <Link to="/bo/partenaires">Voir les partenaires</Link>
        </Alert>
      ) : null}
      {step.kind === 'preview' && file ? (
        <Preview
          preview={step.preview}
          choice={choice}
          onChoice={setChoice}
          importing={importing}
          importError={importError}
          onImport={() => void commit(file, step.preview)}
          onPreviewAgain={() => void check(file, createCategories)}
        />
      ) : null}
    </Panel>
  )
}

/**
 * What becomes of the duplicates of saved partners: `all` for every one, but the lines of `except`, which take
 * the other choice (the import call's `duplicates` and `exceptLines`).
 */
interface DuplicateChoice {
  all: 'ignore' | 'update'
  except: ReadonlySet<number>
}
const noChoice: DuplicateChoice = { all: 'ignore', except: new Set() }

const choiceOf = (choice: DuplicateChoice, line: number) =>
  choice.except.has(line) ? (choice.all === 'ignore' ? 'update' : 'ignore') : choice.all

function importQuery(createCategories: boolean, choice: DuplicateChoice): PartnerImportQuery {
  return {
    createCategories,
    duplicates: choice.all,
    ...(choice.except.size > 0 ? { exceptLines: [...choice.except].sort((a, b) => a - b).join(',') } : {}),
  }
}

/** How many duplicates of saved partners the import updates, those beyond the preview's list included. */
function updatedDuplicates(preview: PartnerImportPreview, choice: DuplicateChoice) {
  const listed = preview.duplicates.filter((d) => d.existing)
  const unlisted = preview.savedDuplicateCount - listed.length
  return (
    listed.filter((d) => choiceOf(choice, d.line) === 'update').length +
    (choice.all === 'update' ? unlisted : 0)
  )
}

const choiceOptions = [
  { value: 'ignore', label: 'Ignorer' },
  { value: 'update', label: 'Mettre à jour' },
]

/** « Id 12 : Le Comptoir (Marseille), même e-mail » or « Ligne 2, même dénomination et ville ». */
function duplicateOf({ ofLine, existing, matchedBy }: PartnerImportDuplicate) {
  const same = matchedBy === 'email' ? 'même e-mail' : 'même dénomination et ville'
  return existing
    ? `Partenaire existant (Id ${existing.id}) : ${existing.name}, ${existing.city} — ${same}`
    : `Ligne ${ofLine} du fichier — ${same}`
}

function Preview({
  preview,
  choice,
  onChoice,
  importing,
  importError,
  onImport,
  onPreviewAgain,
}: {
  preview: PartnerImportPreview
  choice: DuplicateChoice
  onChoice: (choice: DuplicateChoice) => void
  importing: boolean
  importError: ImportError | null
  onImport: () => void
  /** Reads the same file again against the partners as they are now. */
  onPreviewAgain: () => void
}) {
  const { lineCount, validCount, updateCount, errorCount, duplicateCount, savedDuplicateCount } = preview
  const { rows, errors, duplicates, newCategories, encoding } = preview
  const toWrite = validCount + updatedDuplicates(preview, choice)
  const ready = errorCount === 0 && toWrite > 0
  const setLine = (line: number, value: string) => {
    const except = new Set(choice.except)
    if (value === choice.all) except.delete(line)
    else except.add(line)
    onChoice({ all: choice.all, except })
  }
  return (
    <>
      <SectionTitle>Aperçu</SectionTitle>
      <Summary role="status">
        {number.format(lineCount)} ligne{lineCount > 1 ? 's' : ''} lue{lineCount > 1 ? 's' : ''} :{' '}
        {partners(validCount)} prêt{validCount > 1 ? 's' : ''}
        {updateCount > 0 ? ` (dont ${number.format(updateCount)} mis à jour)` : ''},{' '}
        {duplicateCount > 0 ? `${plural(duplicateCount, 'doublon')}, ` : ''}
        {number.format(errorCount)} erreur
        {errorCount > 1 ? 's' : ''}.
      </Summary>
      {encoding === 'Windows-1252' ? (
        <Alert severity="info" title="Fichier lu en Windows-1252">
          Ce fichier n’est pas en UTF-8 : il a été lu comme un « CSV » enregistré par Excel sous Windows.
          Vérifiez les accents ci-dessous avant d’importer.
        </Alert>
      ) : (
        <Muted>Encodage lu : UTF-8.</Muted>
      )}
      {errorCount > 0 ? (
        <Alert
          severity="error"
          title={`${number.format(errorCount)} ligne${errorCount > 1 ? 's' : ''} à corriger`}
        >
          Corrigez le fichier puis choisissez-le à nouveau : rien ne sera importé tant qu’il reste une erreur.
          <ErrorList aria-label="Erreurs par ligne">
            {errors.map((error) => (
              <li key={error.line}>{error.message}</li>
            ))}
            {errorCount > errors.length ? (
              <li>… et {number.format(errorCount - errors.length)} autres.</li>
            ) : null}
          </ErrorList>
          <CsvExportButton
            download={async () => errorReportBlob(errors)}
            fileName="erreurs-import"
            label={
              errorCount > errors.length
                ? `Télécharger les ${number.format(errors.length)} premières erreurs (CSV)`
                : 'Télécharger le rapport d’erreurs (CSV)'
            }
            variant="text"
          />
        </Alert>
      ) : null}
      {newCategories.length > 0 ? (
        <Alert severity="info" title="Catégories qui seront créées">
          {newCategories.join(', ')}
        </Alert>
      ) : null}
      {duplicateCount > 0 ? (
        <>
          <Help>
            Une ligne qui répète une ligne précédente du fichier n’est jamais importée. Une ligne qui répète
            un partenaire existant est ignorée, ou le met à jour avec les valeurs du fichier : choisissez pour
            chacune, ou pour toutes.
          </Help>
          {savedDuplicateCount > 0 ? (
            <Controls>
              <Select
                label="Pour tous les doublons de partenaires existants"
                options={choiceOptions}
                value={choice.all}
                onValueChange={(value) =>
                  onChoice({ all: value === 'update' ? 'update' : 'ignore', except: new Set() })
                }
                size="small"
                fullWidth={false}
              />
            </Controls>
          ) : null}
          <TableScroll>
            <Table>
              <caption>
                Doublons
                {duplicateCount > duplicates.length
                  ? ` (les ${number.format(duplicates.length)} premiers)`
                  : ''}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Ligne</th>
                  <th scope="col">Dénomination</th>
                  <th scope="col">Ville</th>
                  <th scope="col">Email</th>
                  <th scope="col">Doublon de</th>
                  <th scope="col">Choix</th>
                </tr>
              </thead>
              <tbody>
                {duplicates.map((duplicate) => (
                  <tr key={duplicate.line}>
                    <td>{duplicate.line}</td>
                    <td>{duplicate.name}</td>
                    <td>{duplicate.city}</td>
                    <td>{duplicate.email}</td>
                    <td>{duplicateOf(duplicate)}</td>
                    <ChoiceCell>
                      {duplicate.existing ? (
                        <Select
                          aria-label={`Ligne ${duplicate.line}`}
                          options={choiceOptions}
                          value={choiceOf(choice, duplicate.line)}
                          onValueChange={(value) => setLine(duplicate.line, value)}
                          size="small"
                        />
                      ) : (
                        'Ignorée'
                      )}
                    </ChoiceCell>
                  </tr>
                ))}
              </tbody>
            </Table>
          </TableScroll>
        </>
      ) : null}
      {rows.length > 0 ? (
        <TableScroll>
          <Table>
            <caption>
              Partenaires prêts à importer
              {validCount > rows.length ? ` (les ${number.format(rows.length)} premiers)` : ''}
            </caption>
            <thead>
              <tr>
                <th scope="col">Ligne</th>
                {updateCount > 0 ? <th scope="col">Action</th> : null}
                <th scope="col">Dénomination</th>
                <th scope="col">Ville</th>
                <th scope="col">Email</th>
                <th scope="col">Catégories</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.line}>
                  <td>{row.line}</td>
                  {updateCount > 0 ? (
                    <td>{row.partnerId === undefined ? 'Création' : `Mise à jour (Id ${row.partnerId})`}</td>
                  ) : null}
                  <td>{row.name}</td>
                  <td>{row.city}</td>
                  <td>{row.email}</td>
                  <td>{row.categories.join(', ')}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableScroll>
      ) : null}
      {importError ? (
        <Alert
          severity="error"
          title="Import refusé"
          action={
            importError.stale ? (
              <Button variant="outlined" size="small" onClick={onPreviewAgain}>
                Refaire l’aperçu
              </Button>
            ) : undefined
          }
        >
          {importError.message}
        </Alert>
      ) : null}
      <Footer>
        {/* After a 412 the same import would be refused again: the preview comes first. */}
        <Button onClick={onImport} disabled={!ready || importError?.stale === true} loading={importing}>
          Importer {partners(toWrite)}
        </Button>
      </Footer>
    </>
  )
}

/** « 3 partenaires importés. », « 1 partenaire créé, 2 mis à jour. », « 1 partenaire mis à jour, 2 doublons ignorés. » */
function importedTitle({ created, updated, ignored }: PartnerImportResult) {
  const written =
    updated === 0
      ? `${partners(created)} importé${created > 1 ? 's' : ''}`
      : created === 0
        ? `${partners(updated)} mis à jour`
        : `${partners(created)} créé${created > 1 ? 's' : ''}, ${number.format(updated)} mis à jour`
  return ignored === 0
    ? `${written}.`
    : `${written}, ${plural(ignored, 'doublon')} ignoré${ignored > 1 ? 's' : ''}.`
}

export default PartnerImportScreen
