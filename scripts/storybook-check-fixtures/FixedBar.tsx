/** A bar fixed to the viewport's bottom, as the design system's BottomNavigation is. */
export function FixedBar({ label }: { label: string }) {
  return (
    <nav aria-label={label} style={{ position: 'fixed', left: 0, right: 0, bottom: 0, padding: 16 }}>
      {label}
    </nav>
  )
}
