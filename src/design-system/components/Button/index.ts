export {
  Button,
  ButtonRoot,
  type ButtonProps,
  type ButtonVariant,
  type ButtonColor,
  type ButtonSize,
} from './Button.tsx'
