import { useState } from 'react'
import { Button, type ButtonProps } from '@/src/design-system/components/Button/index.ts'
import { mdiDownload } from '@mdi/js'
import { Icon } from '@/src/design-system/icons/index.ts'
import { fileDate, saveFile } from '@/src/api/saveFile.ts'

export interface CsvExportButtonProps {
  /** The download call of src/api/exchange (it carries the admin's token, which a plain link could not). */
  download: () => Promise<Blob>
  /** The saved file's name before its date, e.g. 'partenaires' → partenaires-2026-11-25.csv. */
  fileName: string
  label?: string
  variant?: ButtonProps['variant']
}

/** "Exporter (CSV)": downloads a back-office export; a failure shows as the app's error toast. */
export function CsvExportButton({
  download,
  fileName,
  label = 'Exporter (CSV)',
  variant = 'outlined',
}: CsvExportButtonProps) {
  const [busy, setBusy] = useState(false)
  return (
    <Button
      variant={variant}
      loading={busy}
      startIcon={<Icon path={mdiDownload} size={20} />}
      onClick={async () => {
        setBusy(true)
        try {
          saveFile(await download(), `${fileName}-${fileDate()}.csv`)
        } catch {
          // The API client's listeners have shown the French message.
        } finally {
          setBusy(false)
        }
      }}
    >
      {label}
    </Button>
  )
}
