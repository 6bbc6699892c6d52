export { AppBar, PageHeader, type AppBarProps, type PageHeaderProps } from './PageHeader.tsx'
