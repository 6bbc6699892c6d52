export { UpdatePrompt, type UpdatePromptProps } from './UpdatePrompt.tsx'
