import { useEffect } from 'react'
import { idleComponent } from '@/src/design-system/lazy/idleComponent.ts'
import type { DialogProps } from './Dialog.tsx'

const useDialog = idleComponent(() => import('./Dialog.tsx').then((module) => module.Dialog))

/**
 * Dialog, whose code (radix Dialog, its focus scope and layers, scroll locking: about 15 KB compressed) loads
 * at the page's first press or once start-up is over (idleComponent), or as soon as it is opened: for a page that
 * draws no dialog on its first render.
 */
export function DeferredDialog(props: DialogProps) {
  const [Dialog, load] = useDialog()
  const { open } = props
  useEffect(() => {
    if (open && !Dialog) load()
  }, [open, Dialog, load])
  return Dialog ? <Dialog {...props} /> : null
}
