export { APP_NAME, backofficeTitle, subscribeToPageTitle, usePageTitle } from './usePageTitle.ts'
export { PageTitleAnnouncer } from './PageTitleAnnouncer.tsx'
