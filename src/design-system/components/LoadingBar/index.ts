export { LoadingBar, type LoadingBarProps } from './LoadingBar.tsx'
