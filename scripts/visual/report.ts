import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

export type ResultKind = 'changed' | 'new' | 'error' | 'stale'

export interface ReportItem {
  key: string
  title: string
  viewport: string
  kind: ResultKind
  message: string
  /** PNG bytes of the baseline, the new capture and the diff, when there are some. */
  before?: Buffer
  after?: Buffer
  diff?: Buffer
  /** True when `--update` accepted this change. */
  accepted: boolean
}

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  )

const labels: Record<ResultKind, string> = {
  changed: 'Modifiée',
  new: 'Sans référence',
  error: 'Erreur de rendu',
  stale: 'Référence orpheline',
}

/** Writes visual/report/index.html (and its images) and returns the path of the page. */
export function writeReport(
  dir: string,
  items: ReportItem[],
  summary: { passed: number; failed: number; seconds: number; update: boolean },
) {
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(join(dir, 'images'), { recursive: true })
  const image = (item: ReportItem, which: 'before' | 'after' | 'diff') => {
    const png = item[which]
    if (!png) return `<div class="none">${which === 'before' ? 'aucune référence' : '—'}</div>`
    const file = `images/${item.key}.${which}.png`
    writeFileSync(join(dir, file), png)
    return `<a href="${escape(file)}" target="_blank"><img src="${escape(file)}" alt="${which}" loading="lazy"></a>`
  }
  const sections = items
    .map(
      (item) => `
  <section class="${item.kind}">
    <h2>${escape(item.title)} <small>${escape(item.viewport)}</small></h2>
    <p><span class="badge">${labels[item.kind]}</span>${item.accepted ? ' <span class="badge ok">acceptée</span>' : ''}
      ${escape(item.message)} <code>${escape(item.key)}</code></p>
    <div class="row">
      <figure><figcaption>Avant (référence)</figcaption>${image(item, 'before')}</figure>
      <figure><figcaption>Après</figcaption>${image(item, 'after')}</figure>
      <figure><figcaption>Différence</figcaption>${image(item, 'diff')}</figure>
    </div>
  </section>`,
    )
    .join('\n')
  const html = `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<title>Régression visuelle : ${summary.failed} en échec</title>
<style>
  body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #1a1a1a; }
  h1 { font-size: 20px; } h2 { font-size: 16px; margin: 0 0 4px; } small { color: #666; font-weight: normal; }
  section { border-top: 1px solid #ddd; padding: 16px 0; }
  .row { display: flex; gap: 16px; align-items: flex-start; overflow-x: auto; }
  figure { margin: 0; flex: 0 0 auto; max-width: 32%; }
  figcaption { font-weight: 600; margin-bottom: 4px; }
  img { max-width: 100%; border: 1px solid #ccc; background: repeating-conic-gradient(#eee 0 25%, #fff 0 50%) 0 0 / 16px 16px; }
  .none { color: #888; font-style: italic; padding: 24px; border: 1px dashed #ccc; }
  .badge { display: inline-block; padding: 1px 8px; border-radius: 8px; background: #b00020; color: #fff; font-size: 12px; }
  .badge.ok { background: #1b7f3b; }
  code { color: #555; }
</style>
</head>
<body>
<h1>Régression visuelle</h1>
<p>${summary.passed} captures identiques, ${summary.failed} en échec, en ${summary.seconds} s${
    summary.update ? ' (mode --update : les changements ci-dessous ont été acceptés)' : ''
  }.</p>
${items.length ? '' : '<p>Aucune différence.</p>'}
${
  items.some((item) => !item.accepted)
    ? '<p>Pour accepter ces changements : <code>npm run test:visual -- --update</code>, puis committer visual/baselines/.</p>'
    : ''
}
${sections}
</body>
</html>
`
  const file = join(dir, 'index.html')
  writeFileSync(file, html)
  return file
}
