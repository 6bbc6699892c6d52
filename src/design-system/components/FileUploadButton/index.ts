export { FileUploadButton, type FileUploadButtonProps } from './FileUploadButton.tsx'
