export { Autocomplete, type AutocompleteProps } from './Autocomplete.tsx'
