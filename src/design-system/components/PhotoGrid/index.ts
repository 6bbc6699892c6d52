export { PhotoGrid, type Photo, type PhotoGridProps } from './PhotoGrid.tsx'
