export { IconButton, type IconButtonProps } from './IconButton.tsx'
export { PlainIconButton, type PlainIconButtonProps } from './PlainIconButton.tsx'
