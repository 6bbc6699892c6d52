export {
  SearchCombobox,
  type SearchComboboxProps,
  type SingleSearchComboboxProps,
  type MultipleSearchComboboxProps,
} from './SearchCombobox.tsx'
