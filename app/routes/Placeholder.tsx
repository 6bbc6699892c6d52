/** Stands in for a screen that is not assembled yet. */
export function Placeholder({ name }: { name: string }) {
  return (
    <main style={{ padding: 24 }}>
      <h1>{name}</h1>
      <p>Écran en cours de construction.</p>
    </main>
  )
}
