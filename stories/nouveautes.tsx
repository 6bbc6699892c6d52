import changes from 'virtual:storybook-changes'
import { theme } from '@/src/design-system/theme/theme.ts'

const cell = {
  padding: '8px 12px',
  borderBottom: `1px solid ${theme.colors.divider}`,
  textAlign: 'left' as const,
  verticalAlign: 'top',
}

const dateFormat = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric' })

/** The design system's parts, the most recently changed first, each with a link to its page. */
export function RecentChanges() {
  if (changes.length === 0) return <p>L’historique n’est pas disponible dans cette copie du Storybook.</p>
  return (
    <table style={{ borderCollapse: 'collapse', color: theme.colors.text, fontFamily: theme.fonts.body }}>
      <thead>
        <tr>
          <th style={cell}>Composant</th>
          <th style={cell}>Dernière modification</th>
          <th style={cell}>Modifications en 60 jours</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => (
          <tr key={change.docsId}>
            <td style={cell}>
              <a href={`./?path=/docs/${change.docsId}`} target="_top">
                {change.title.split('/').slice(1).join(' › ')}
              </a>
              {change.subjects.length > 0 ? (
                <details>
                  <summary>Détail technique (messages des changements, en anglais)</summary>
                  <ul>
                    {change.subjects.map((subject, index) => (
                      <li key={index}>{subject}</li>
                    ))}
                  </ul>
                </details>
              ) : null}
            </td>
            <td style={cell}>
              <time dateTime={change.lastChange}>{dateFormat.format(new Date(change.lastChange))}</time>
            </td>
            <td style={cell}>{change.changesIn60Days}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
