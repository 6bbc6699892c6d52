export { backofficeTitle, subscribeToPageTitle, usePageTitle } from './usePageTitle.ts'
export { ACCOUNT_TITLES, APP_NAME, fullPageTitle, PAGE_TITLES } from './titles.ts'
export { PageTitleAnnouncer } from './PageTitleAnnouncer.tsx'
