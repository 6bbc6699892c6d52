import styled from 'styled-components'

/**
 * Text for assistive technology only (e.g. a screen's h1 when its look has no title): kept in the
 * accessibility tree, drawn nowhere. Use `as` for the element it stands for: `<VisuallyHidden as="h1">`.
 */
export const VisuallyHidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip-path: inset(50%);
`
