import { Link } from 'react-router'
import styled from 'styled-components'
import { CONFORMITY_STATE } from './legalFacts.ts'
import { legalPaths } from './legalPaths.ts'
import { theme } from '@/src/design-system/theme/index.ts'

const Links = styled.nav`
  margin-top: ${theme.space[6]}px;
  font-size: ${theme.fontSizes.sm};
  & ul {
    display: flex;
    flex-wrap: wrap;
    justify-content: center;
    gap: ${theme.space[2]}px ${theme.space[4]}px;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  & li + li {
    margin-top: 0;
  }
  & a {
    display: inline-block;
    padding: ${theme.space[1]}px 0;
    color: ${theme.colors.primary};
  }
`

/** The three legal pages, as links (the sign-in page's foot, each legal page's end). */
export function LegalLinks({ className }: { className?: string }) {
  return (
    <Links aria-label="Informations légales" className={className}>
      <ul>
        <li>
          <Link to={legalPaths.privacy}>Politique de confidentialité</Link>
        </li>
        <li>
          <Link to={legalPaths.notice}>Mentions légales</Link>
        </li>
        <li>
          <Link to={legalPaths.accessibility}>Accessibilité : {CONFORMITY_STATE}</Link>
        </li>
      </ul>
    </Links>
  )
}
