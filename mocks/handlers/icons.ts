import { HttpResponse } from 'msw'
import { mdiExportName } from '@/contract/icons.ts'
import { mockApi } from './mockApi.ts'

/**
 * GET /api/icons/:name as the server answers it. Stories may load the whole icon set (the app never does):
 * the server resolves names the same way from the same package.
 */
export const iconHandlers = {
  icon: () =>
    mockApi('getIcon', async ({ params }) => {
      const name = String(params.name)
      const path = await mdiIconPath(name)
      if (path === null) return HttpResponse.json({ message: `Icône inconnue : ${name}.` }, { status: 404 })
      return HttpResponse.json({ name, path })
    }),
}

/** A Material Design Icons name's SVG path, null when unknown (the server's lookup, for categories made in stories). */
export async function mdiIconPath(name: string): Promise<string | null> {
  const icons = (await import('@mdi/js')) as unknown as Record<string, string>
  const path = icons[mdiExportName(name)]
  return typeof path === 'string' ? path : null
}
